// Processes that die without their shutdown path (kill -9, a frozen machine): gateway A
// executes a run and stops touching the database mid-run; gateways on the same database
// take the run over once its lease (here 2 s) has run out, exactly once, and the takeover
// neither posts the agent's message again nor leaves a wait unparked.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { type ModelCall, type Script, scriptedModels, startAgentScenario } from "../../testing/agents";
import { stoppableDb } from "../../testing/stoppable-db";
import { sendMessage } from "../../domain/messages/send-message";
import { DomainBus } from "../../domain/bus";
import type { EventSink } from "../../domain/deps";
import { log } from "../../log";
import { createGateway, type Gateway } from "../gateway";
import { onMessage } from "../triggers/on-message";
import { heartbeatEvery } from "../runs/lease";
import { TAKEOVER_PROMPT } from "../context/blocks/closing";
import { until } from "@/server/testing/until";

const LEASE_MS = 2000;
const REPORT = "Report: 42 builds green";
const QUESTION = "Deploy v2.1? Reply yes or no";

let srv: TestServer | undefined;
let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
  await srv?.close();
  srv = undefined;
  vi.restoreAllMocks();
});

/** Ticks `gateway` every 200 ms from now on, as a process ticking on PARLEY_TICK_MS would. */
function keepTicking(gateway: Gateway) {
  const timer = setInterval(() => void gateway.tick().catch(() => {}), 200);
  cleanup.push(() => clearInterval(timer));
}

/** Hangs until the model call is aborted. */
const hang = (c: ModelCall) => new Promise<never>((_r, reject) => c.signal?.addEventListener("abort", () => reject(c.signal!.reason), { once: true }));

/** Gateway A on the same database as `srv`, whose database calls `stoppableDb` can freeze; not subscribed to srv's bus. */
function startDoomedGateway(s: TestServer, scripts: Record<string, Script>, events: (db: ReturnType<typeof stoppableDb>) => EventSink = () => s.deps.events) {
  const models = scriptedModels(scripts);
  const db = stoppableDb(s.deps.db);
  const gateway: Gateway = createGateway(
    { ...s.deps, db: db.db, events: events(db), bus: new DomainBus() },
    { models: models.resolver, tickMs: 0, leaseMs: LEASE_MS },
  );
  cleanup.push(() => {
    // A is gone: what it had under way fails and unwinds (quietly), and its timers stop.
    vi.spyOn(log, "error").mockImplementation(() => {});
    vi.spyOn(log, "warn").mockImplementation(() => {});
    db.kill();
    for (const c of gateway.ctx.executing.values()) c.abort(new Error("killed"));
  });
  return { gateway, db, calls: models.calls };
}

describe("a run whose process died is taken over once the lease runs out", () => {
  it.each([
    ["as it was", false],
    ["as a reply to the trigger", true],
  ])("within about the lease, told what the dead attempt did, without posting its message again (sent again %s)", async (_how, asReply) => {
    let retried: unknown;
    // B's model ignores the list of messages already sent and writes the same one again.
    const onB: Script = (c) => {
      if (c.results.length === 0) {
        const trigger = /^ {2}messageId: (\S+)$/m.exec(c.system)![1]!;
        return { tool: "send_message", input: asReply ? { text: REPORT, messageId: trigger } : { text: REPORT } };
      }
      retried = c.results[0];
      return { text: "done" };
    };
    const scenario = await startAgentScenario({ Ops: onB }, { spaceName: "ops", server: { gateway: { leaseMs: LEASE_MS } } });
    srv = scenario.srv;
    const { ada, agents, space } = scenario;
    // Run events are published to admins only: one must exist for A's freeze to be seen.
    await srv.user("Root", { isAdmin: true });
    let frozenAt = 0;
    // The message is posted and its step recorded; then the process stops, mid-call.
    const a = startDoomedGateway(srv, { Ops: (c) => (c.results.length === 0 ? { tool: "send_message", input: { text: REPORT } } : hang(c)) }, (db) => ({
      ...srv!.deps.events,
      publish: (room, event, payload) => {
        srv!.deps.events.publish(room, event, payload);
        if (event === "run:event" && (payload as { event: { type: string } }).event.type === "model_step") {
          db.freeze();
          frozenAt = Date.now();
        }
      },
    }));
    const m = (await sendMessage({ ...srv.deps, bus: undefined }, ada.actor, { spaceId: space.id, text: "post the report" })).message;
    await onMessage(a.gateway.ctx, m);
    const run = await until("A to start the run", () => srv!.deps.db.run.findFirst({ where: { agentId: agents.Ops!.id, status: "running" } }));
    await until("A to stop", async () => frozenAt > 0);
    const posted = await srv.deps.db.message.findFirstOrThrow({ where: { text: REPORT } });

    // B (the scenario's server) ticks from now on, takes the run over and completes it.
    keepTicking(srv.gateway);
    const takenOver = await until("B to take the run over", () =>
      srv!.deps.db.runEvent.findFirst({ where: { runId: run.id, type: "status", data: { path: ["reason"], string_starts_with: "taken over" } } }),
    );
    const after = takenOver.createdAt.getTime() - frozenAt;
    // Untouched for a whole lease: A's last write was at most one heartbeat before it froze.
    expect(after).toBeGreaterThanOrEqual(LEASE_MS - heartbeatEvery(LEASE_MS) - 100);
    expect(after).toBeLessThan(LEASE_MS + 2000);
    await until("B to complete it", async () => (await srv!.deps.db.run.findUniqueOrThrow({ where: { id: run.id } })).status === "completed");

    const context = scenario.calls.Ops!.at(-1)!;
    expect(context.endsWith(TAKEOVER_PROMPT)).toBe(true);
    expect(context).toContain("THIS RUN SO FAR (1 earlier model call; the last one was cut off before it finished (its process stopped)):");
    expect(context).toContain(`    - send_message {"text":${JSON.stringify(REPORT)}} → status: "sent", messageId: "${posted.id}"`);
    expect(context).toContain(
      `  messages this run already sent (do not send them again):\n    - [msg:${posted.id}] in "ops" (id: ${space.id}): ${JSON.stringify(REPORT)}`,
    );
    expect(retried).toMatchObject({ status: "sent", messageId: posted.id, note: expect.stringMatching(/already sent/) });
    expect(await srv.deps.db.message.count({ where: { text: REPORT } })).toBe(1);
    expect(a.calls.Ops).toHaveLength(2);
  });

  it("a wait its process never parked is parked by exactly one of two gateways, and resumes once", async () => {
    const resumedCalls: string[] = [];
    const later: Script = (c) => {
      if (c.results.length === 0) resumedCalls.push(c.system);
      return c.results.length ? { text: "done" } : { tool: "send_message", input: { text: "deploying" } };
    };
    const scenario = await startAgentScenario({ Ops: later }, { spaceName: "ops", server: { gateway: { leaseMs: LEASE_MS } } });
    srv = scenario.srv;
    const { ada, agents, space, models, clock } = scenario;
    // Run events are published to admins only: one must exist for A's freeze to be seen.
    await srv.user("Root", { isAdmin: true });
    // A asks and dies right after its question is recorded, before the call ends and parks the wait.
    const a = startDoomedGateway(
      srv,
      { Ops: (call) => (call.results.length ? { text: "paused" } : { tool: "send_message", input: { text: QUESTION, wait: true } }) },
      (db) => ({
        ...srv!.deps.events,
        publish: (room, event, payload) => {
          srv!.deps.events.publish(room, event, payload);
          if (event === "run:event" && (payload as { event: { type: string } }).event.type === "wait_started") db.freeze();
        },
      }),
    );
    const m = (await sendMessage({ ...srv.deps, bus: undefined }, ada.actor, { spaceId: space.id, text: "deploy please" })).message;
    await onMessage(a.gateway.ctx, m);
    const run = await until("A to ask", () => srv!.deps.db.run.findFirst({ where: { agentId: agents.Ops!.id, status: "waiting_reply" } }));
    expect(run.resumeAt).toBeNull();

    // B and C (a third process on the same database) tick from now on, racing for the takeover.
    const c = createGateway({ ...srv.deps, bus: new DomainBus() }, { models: models.resolver, clock, tickMs: 0, leaseMs: LEASE_MS });
    await c.start();
    cleanup.push(() => c.stop());
    keepTicking(srv.gateway);
    keepTicking(c);

    const reason = "taken over: the process running it stopped before parking the wait";
    await until("the wait to be parked", async () => (await srv!.deps.db.run.findUniqueOrThrow({ where: { id: run.id } })).resumeAt);
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "yes" });
    await until("the run to complete", async () => (await srv!.deps.db.run.findUniqueOrThrow({ where: { id: run.id } })).status === "completed");
    await c.idle();
    await srv.gateway.idle();

    const statuses = (await srv.deps.db.runEvent.findMany({ where: { runId: run.id, type: "status" }, orderBy: { seq: "asc" } })).map((e) => e.data);
    expect(statuses).toEqual([
      { status: "running" },
      { status: "waiting_reply" },
      { status: "waiting_reply", reason },
      { status: "running", reason: "resumed after wait" },
      expect.objectContaining({ status: "completed" }),
    ]);
    expect(resumedCalls).toHaveLength(1);
    expect(resumedCalls[0]).toMatch(/"yes"\s+\[NEW\] ← REPLY/);
    expect(await srv.deps.db.message.count({ where: { text: QUESTION } })).toBe(1);
    expect(await srv.deps.db.message.count({ where: { text: "deploying" } })).toBe(1);
  });
});
