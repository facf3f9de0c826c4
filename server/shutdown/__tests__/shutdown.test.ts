// A graceful shutdown with real parts: two servers on one database (two processes, each with
// its realtime server and gateway), a browser-like socket.io client behind a small TCP load
// balancer, and agents whose models take their time. The one shutting down lets a short
// model call finish, cuts a long one off and puts it back; the other claims and completes it,
// and the client reconnects to it on its own.
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { io as connect } from "socket.io-client";
import { type ClientSocket, startTestServer, type TestServer, waitFor } from "../../testing/test-server";
import { type ModelCall, type Script, scriptedModels, startAgentScenario, everyMessage } from "../../testing/agents";
import { createChannel } from "../../domain/spaces/create-channel";
import { sendMessage } from "../../domain/messages/send-message";
import { log } from "../../log";
import { PUT_BACK_REASON } from "../../agents/runs/put-back";
import { trackHttpRequests } from "../http-requests";
import { SHUTDOWN_STEPS, type ShutdownParts, shutdown } from "../shutdown";
import { until } from "@/server/testing/until";

const DRAIN_MS = 4000;

/** Resolves after `ms`, or rejects with the abort's reason when the model call is aborted (as a provider's request does). */
const think = (c: ModelCall, ms: number) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    c.signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(c.signal!.reason);
      },
      { once: true },
    );
  });

/** A TCP load balancer: each new connection goes to the first backend that accepts it. */
async function startBalancer(backends: () => number[]) {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => client.destroy());
    const tryBackend = (i: number) => {
      const port = backends()[i];
      if (port === undefined) return client.destroy();
      const up = net.connect(port, "127.0.0.1");
      let connected = false;
      up.on("error", () => (connected ? client.destroy() : tryBackend(i + 1)));
      up.on("connect", () => {
        connected = true;
        open.add(up);
        client.pipe(up).pipe(client);
        up.on("close", () => client.destroy());
        client.on("close", () => up.destroy());
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

const portOf = (s: TestServer) => Number(new URL(s.url).port);

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => {});
  cleanup = [];
  vi.restoreAllMocks();
});

describe("graceful shutdown", () => {
  it("finishes a short run, puts a long one back for the other process, and the client reconnects there", async () => {
    const rejections: unknown[] = [];
    const onRejection = (e: unknown) => rejections.push(e);
    process.on("unhandledRejection", onRejection);
    cleanup.push(async () => void process.off("unhandledRejection", onRejection));
    const dropped = vi.spyOn(log, "warn");

    let quickStarted = false;
    const quick: Script = async (c) => {
      if (c.results.length) return { text: "done" };
      quickStarted = true;
      await think(c, 200);
      return { tool: "send_message", input: { text: "Quick done" } };
    };
    // Says it is on it, then thinks far longer than any drain.
    const slow: Script = async (c) => {
      if (c.results.length === 0) return { tool: "send_message", input: { text: "Working on it" } };
      await think(c, 60_000);
      return { text: "never" };
    };
    const { srv: a, ada, agents, clock } = await startAgentScenario({ Quick: quick, Slow: slow }, { server: { gateway: { tickMs: 1000 } } });
    let aShut = false;
    cleanup.push(async () => (aShut ? a.database.close() : a.close()));
    const requests = trackHttpRequests(a.http);
    const quickRoom = await createChannel(a.deps, ada.actor, { name: "quick", memberIds: [agents.Quick!.entityId] });
    const slowRoom = await createChannel(a.deps, ada.actor, { name: "slow", memberIds: [agents.Slow!.entityId] });
    for (const room of [quickRoom, slowRoom]) await everyMessage(a.deps.db, room.id);

    // Process B: same database, its own realtime server, gateway (ticking like PARLEY_TICK_MS) and models.
    let b: TestServer | undefined;
    const modelsB = scriptedModels({
      Slow: (c) => (c.results.length ? { text: "done" } : { tool: "send_message", input: { text: "Slow done" } }),
    });
    const balancer = await startBalancer(() => [portOf(a), ...(b ? [portOf(b)] : [])]);
    cleanup.push(balancer.close);

    // Ada's browser, as lib/client/socket.ts opens it: default reconnection.
    const socket: ClientSocket = connect(balancer.url, { extraHeaders: { cookie: ada.cookie }, transports: ["websocket"], forceNew: true });
    cleanup.push(async () => void socket.close());
    const disconnects: string[] = [];
    socket.on("disconnect", (reason) => disconnects.push(reason));
    await waitFor(socket, "session:ready");

    await sendMessage(a.deps, ada.actor, { spaceId: quickRoom.id, text: "quick one" });
    await sendMessage(a.deps, ada.actor, { spaceId: slowRoom.id, text: "long one" });
    const working = await until("Slow's first message", () => a.deps.db.message.findFirst({ where: { text: "Working on it" } }));
    await until("Quick's model call", async () => quickStarted);
    expect(await a.deps.db.run.count({ where: { status: "running" } })).toBe(2);

    b = await startTestServer({ database: a.database, gateway: { models: modelsB.resolver, clock, tickMs: 1000 } });
    cleanup.push(() => b!.close());

    const order: string[] = [];
    // Each part's calls, recorded in order as "<part>.<method>".
    const record = <T extends object>(name: string, part: T): T =>
      Object.fromEntries(
        Object.entries(part).map(([method, fn]: [string, (...args: unknown[]) => unknown]) => [
          method,
          (...args: unknown[]) => {
            order.push(`${name}.${method}`);
            return fn(...args);
          },
        ]),
      ) as T;
    const parts: ShutdownParts = {
      http: record("http", { ...requests }),
      realtime: record("realtime", { stopAccepting: a.realtime.stopAccepting, closeClients: a.realtime.closeClients, close: a.realtime.close }),
      gateway: record("gateway", { stopIntake: a.gateway.stopIntake, drain: a.gateway.drain, stop: a.gateway.stop }),
      closeDatabase: async () => void order.push("database.close"),
    };
    const reconnected = waitFor(socket, "session:ready", 20_000);
    const started = Date.now();
    const report = await shutdown(parts, { drainMs: DRAIN_MS, flushMs: 2000, onStep: (s) => order.push(s) });
    aShut = true;
    const putBackAt = Date.now();

    expect(report).toEqual({ runsFinished: 1, runsPutBack: 1, late: [], errors: 0 });
    expect(putBackAt - started).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(order).toEqual([
      ...[SHUTDOWN_STEPS[0], "http.stopAccepting", "realtime.stopAccepting", "gateway.stopIntake"],
      ...[SHUTDOWN_STEPS[1], "gateway.drain"],
      ...[SHUTDOWN_STEPS[2], "http.settle", "realtime.closeClients", "http.closeConnections"],
      ...[SHUTDOWN_STEPS[3], "gateway.stop"],
      ...[SHUTDOWN_STEPS[4], "realtime.close"],
      ...[SHUTDOWN_STEPS[5], "database.close"],
    ]);

    // The short run completed on A; the long one went back to the queue, with its reason.
    const quickRun = await a.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Quick!.id } });
    expect(quickRun.status).toBe("completed");
    const slowRun = await a.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Slow!.id } });
    const statusEvents = async () =>
      (await a.deps.db.runEvent.findMany({ where: { runId: slowRun.id, type: "status" }, orderBy: { seq: "asc" } })).map((e) => e.data);
    expect((await statusEvents())[1]).toEqual({ status: "queued", reason: PUT_BACK_REASON });

    // B's tick claims it and completes it, within 5 s, without posting its first message again.
    const statuses = async () => (await statusEvents()).map((e) => (e as { status: string }).status);
    await until("B to complete the put-back run", async () => (await statuses()).includes("completed"), 5000);
    expect(Date.now() - putBackAt).toBeLessThan(5000);
    expect(await statuses()).toEqual(["running", "queued", "running", "completed"]);
    const contextOnB = modelsB.calls.Slow!.at(-1)!;
    expect(contextOnB).toContain(`    - [msg:${working.id}] in "slow" (id: ${slowRoom.id}): "Working on it"`);
    expect(await a.deps.db.message.count({ where: { text: "Working on it" } })).toBe(1);
    expect(await a.deps.db.message.count({ where: { text: "Slow done" } })).toBe(1);

    // The client read the close as a transport close, reconnected on its own through the
    // balancer to B, and gets B's messages.
    await reconnected;
    expect(disconnects).toEqual(["transport close"]);
    expect(socket.connected).toBe(true);
    const slowDone = await a.deps.db.message.findFirstOrThrow({ where: { text: "Slow done" } });
    const later = waitFor(socket, "message:new");
    await sendMessage(b.deps, ada.actor, { spaceId: slowRoom.id, text: "thanks" });
    expect((await later).message.text).toBe("thanks");
    expect(slowDone.spaceId).toBe(slowRoom.id);

    // Nothing was published after A's realtime server closed, and no promise was left rejected.
    expect(dropped.mock.calls.filter((c) => c[1] === "realtime event dropped: the server is closed")).toEqual([]);
    expect(rejections).toEqual([]);
  });

  it("runs every step, in order, when one fails or hangs", async () => {
    const order: string[] = [];
    const parts: ShutdownParts = {
      http: { stopAccepting: () => void order.push("http"), settle: async () => true, closeConnections: () => {} },
      realtime: {
        stopAccepting: () => {},
        closeClients: () => new Promise(() => order.push("clients (hangs)")),
        close: async () => {
          order.push("realtime");
          throw new Error("redis gone");
        },
      },
      gateway: {
        stopIntake: () => {},
        drain: async () => ({ finished: 0, putBack: 2 }),
        stop: async () => void order.push("gateway"),
      },
      closeDatabase: async () => void order.push("database"),
    };
    vi.spyOn(log, "error").mockImplementation(() => {});
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const report = await shutdown(parts, { drainMs: 10, flushMs: 50 });
    expect(order).toEqual(["http", "clients (hangs)", "gateway", "realtime", "database"]);
    expect(report).toEqual({ runsFinished: 0, runsPutBack: 2, late: ["close clients"], errors: 1 });
  });
});
