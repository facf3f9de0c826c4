// The gateway in a thread of its own (PostgreSQL only: the embedded database's one connection
// cannot be shared with a thread). The main thread's messages reach it, its events and metrics
// come back, and the routes' cancel and the shutdown steps work across the thread.
import { afterEach, describe, expect, it } from "vitest";
import { DomainBus } from "../../domain/bus";
import type { Deps, EventSink } from "../../domain/deps";
import { sendMessage } from "../../domain/messages/send-message";
import { createChannel } from "../../domain/spaces/create-channel";
import { createUser } from "../../domain/users/create-user";
import { metrics } from "../../metrics/metrics";
import { createAgent } from "../../testing/agents";
import { openTestDatabase } from "../../testing/test-database";
import type { Gateway } from "../gateway";
import { startGatewayThread } from "../thread/start-gateway-thread";
import { withLogContext } from "../../log-context";
import { THREAD_LOGS } from "../../testing/thread-logs";

const onPostgres = !!process.env.DATABASE_URL;
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function setup(models = "noted-models.ts") {
  const database = await openTestDatabase();
  cleanup.push(() => database.close());
  const published: { room: string; event: string; payload: unknown }[] = [];
  const events: EventSink = {
    publish: (room, event, payload) => void published.push({ room, event, payload }),
    joinSpace: () => {},
    leaveSpace: () => {},
    disconnect: () => {},
  };
  const deps: Deps = { db: database.db, events, bus: new DomainBus() };
  const gateway: Gateway = await startGatewayThread(deps, {
    databaseUrl: database.url!,
    poolSize: 4,
    tickMs: 0,
    headroom: false,
    modelsModule: new URL(`../../testing/${models}`, import.meta.url).href,
  });
  cleanup.push(() => gateway.stop());
  await gateway.start();
  const ada = await createUser(deps, { email: "ada@thread.test", name: "Ada" });
  const actor = { entityId: ada.entityId, userId: ada.id };
  const alpha = await createAgent(database.db, "Alpha");
  const space = await createChannel(deps, actor, { name: "general", memberIds: [alpha.entityId] });
  return { deps, db: database.db, gateway, actor, alpha, space, published };
}

const total = async (name: string, labels: Record<string, string> = {}) =>
  (await metrics().registry.getSingleMetric(name)?.get())?.values
    .filter((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x))
    .reduce((n, v) => n + v.value, 0) ?? 0;
const transitions = () => total("parley_run_transitions_total");
const persisted = (sender: string) => total("parley_messages_persisted_total", { sender });

// Each test starts a thread, which compiles its modules on a loaded machine: more time than most.
describe.skipIf(!onPostgres)("the gateway thread", { timeout: 90_000 }, () => {
  it("runs agents on the main thread's messages; their events and metrics come back to the main thread", async () => {
    const { deps, db, gateway, actor, alpha, space, published } = await setup();
    const before = await transitions();
    const [humans, agents] = [await persisted("human"), await persisted("agent")];
    // As the server counts them: each message once, on whichever thread stored it.
    const unwatch = deps.bus!.on("message:created", (m) => metrics().messagesPersisted.inc({ sender: m.sender.type }));
    await sendMessage(deps, actor, { spaceId: space.id, text: "Morning, Alpha" });
    await gateway.idle();
    unwatch();
    expect([(await persisted("human")) - humans, (await persisted("agent")) - agents]).toEqual([1, 1]);
    const reply = await db.message.findFirstOrThrow({ where: { spaceId: space.id, senderId: alpha.entityId } });
    expect(reply.text).toBe("Alpha noted");
    // The thread's sink posted the reply to this thread's, which sent it to the space.
    expect(published).toContainEqual(expect.objectContaining({ event: "message:new", payload: { message: expect.objectContaining({ id: reply.id }) } }));
    expect(published.some((p) => p.event === "run:updated")).toBe(true);
    // queued → running → completed, counted in this thread's registry.
    expect((await transitions()) - before).toBeGreaterThanOrEqual(2);
  });

  it("a cancel from the main thread ends the run once, and its last update says so; stop ends the thread", async () => {
    const { deps, db, gateway, actor, alpha, space, published } = await setup();
    gateway.stopIntake(); // nothing is claimed: the run stays queued for the cancel
    await sendMessage(deps, actor, { spaceId: space.id, text: "Alpha, hold on" });
    let run = null;
    for (let i = 0; i < 100 && !run; i++) {
      run = await db.run.findFirst({ where: { agentId: alpha.id } });
      if (!run) await new Promise((r) => setTimeout(r, 20));
    }
    expect(run?.status).toBe("queued");
    expect(await gateway.cancelRun(run!.id, "canceled by a test")).toBe(true);
    expect(await gateway.cancelRun(run!.id, "canceled by a test")).toBe(false);
    expect((await db.run.findUniqueOrThrow({ where: { id: run!.id } })).status).toBe("canceled");
    const updates = published.filter((p) => p.event === "run:updated" && (p.payload as { run: { id: string } }).run.id === run!.id);
    expect(updates.map((p) => (p.payload as { run: { status: string } }).run.status).at(-1)).toBe("canceled");
    await expect(gateway.drain(100)).resolves.toEqual({ finished: 0, putBack: 0 });
    await gateway.stop();
    await gateway.stop(); // twice is harmless
  });

  it("the thread's trigger handling logs with the id of the request that stored the message", async () => {
    const { deps, gateway, actor, space } = await setup("log-probe-models.ts");
    const lines: Record<string, unknown>[] = [];
    const channel = new BroadcastChannel(THREAD_LOGS);
    channel.onmessage = (e: MessageEvent<string>) => void lines.push(JSON.parse(e.data));
    cleanup.push(async () => channel.close());
    const sent = await withLogContext({ reqId: "req-thread-1", event: "message:send" }, () =>
      sendMessage(deps, actor, { spaceId: space.id, text: "Alpha, log this" }),
    );
    await gateway.idle();
    let decided: Record<string, unknown> | undefined;
    for (let i = 0; i < 100 && !decided; i++) {
      decided = lines.find((l) => l.msg === "triggers decided" && l.messageId === sent.message.id);
      if (!decided) await new Promise((r) => setTimeout(r, 20));
    }
    expect(decided).toMatchObject({ reqId: "req-thread-1", event: "message:send", outcomes: [{ name: "Alpha", decision: "triggered" }] });
  });

  it("a thread that dies is started again, and answers the messages stored while it was down", async () => {
    const { deps, db, gateway, actor, alpha, space } = await setup("crashing-models.ts");
    const crash = await createAgent(db, "Crash");
    const doomed = await createChannel(deps, actor, { name: "doomed", memberIds: [crash.entityId] });
    await sendMessage(deps, actor, { spaceId: doomed.id, text: "Crash, wake up" });
    // The thread exits when the run asks for its model; idle() is refused or cut off with it.
    await expect(gateway.idle()).rejects.toThrow(/gateway thread/);
    const sent = await sendMessage(deps, actor, { spaceId: space.id, text: "Alpha, are you there?" });
    let reply = null;
    for (let i = 0; i < 1200 && !reply; i++) {
      reply = await db.message.findFirst({ where: { spaceId: space.id, senderId: alpha.entityId } });
      if (!reply) await new Promise((r) => setTimeout(r, 50));
    }
    expect(reply?.text).toBe("Alpha noted");
    const run = await db.run.findFirstOrThrow({ where: { agentId: alpha.id } });
    expect(run.triggerMessageId).toBe(sent.message.id);
  });
});
