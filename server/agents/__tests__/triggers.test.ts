// Rules 1–4 of the gateway: fan-out, chain depth, one run per (agent, message), folding,
// the per-agent cap and legal transitions — against the real database and Socket.IO.
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, waitFor, type TestServer } from "../../testing/test-server";
import { addToSpace, createAgent, replyOnce, replyToHumans, silent, type Script, startAgentScenario } from "../../testing/agents";
import { createChannel } from "../../domain/spaces/create-channel";
import { sendMessage } from "../../domain/messages/send-message";
import { onMessage } from "../triggers/on-message";
import { createGateway } from "../gateway";
import { DomainBus } from "../../domain/bus";
import { isLegal, transition } from "../runs/transitions";
import { runnableRuns } from "../runs/claim";
import { startHeartbeat } from "../runs/lease";
import { currentLane } from "../../db/lanes";
import { MAX_CHAIN_DEPTH, MAX_CONCURRENT_RUNS, MAX_RUN_DURATION_MS, MAX_TOOL_STEPS, MAX_WAITING_RUNS_PER_AGENT } from "@/lib/limits";

let srv: TestServer;
afterEach(async () => srv?.close());

async function setup(scripts: Record<string, Script>, agentOptions: Record<string, { maxConcurrentRuns?: number }> = {}) {
  const scenario = await startAgentScenario(scripts, { agentOptions });
  srv = scenario.srv;
  return { ...scenario, agents: Object.values(scenario.agents) };
}

/**
 * A script whose every run holds its model call open until release(), so the cap is what
 * limits how many run at once; `running` and `peak` count them.
 */
function heldCalls() {
  const calls = { running: 0, peak: 0, release: () => {}, script: undefined as unknown as Script };
  const gate = new Promise<void>((r) => (calls.release = r));
  calls.script = async (c) => {
    if (c.results.length) return { text: "done" };
    calls.running++;
    calls.peak = Math.max(calls.peak, calls.running);
    await gate;
    calls.running--;
    return { text: "thinking only" };
  };
  return calls;
}

const messages = (spaceId: string) => srv.deps.db.message.findMany({ where: { spaceId }, orderBy: { seq: "asc" }, include: { sender: true } });

describe("triggers", () => {
  it("runs execute in the background lane, so people's queries go first on the embedded database", async () => {
    const lanes: string[] = [];
    const { ada, space } = await setup({
      Scout: (c) => {
        lanes.push(currentLane());
        return replyToHumans("on it")(c);
      },
    });
    const socket = await ada.connect();
    expect((await call(socket, "message:send", { spaceId: space.id, text: "hello" })).ok).toBe(true);
    await srv.gateway.idle();
    expect(lanes.length).toBeGreaterThan(0);
    expect(new Set(lanes)).toEqual(new Set(["background"]));
    expect(currentLane()).toBe("foreground");
  });

  it("a human message triggers one run for each agent member, streamed over the socket", async () => {
    const { ada, space, agents } = await setup({ Scout: replyToHumans("Scout here"), Critic: replyToHumans("Critic here") });
    const socket = await ada.connect();
    const seen: string[] = [];
    const leaked: unknown[] = [];
    socket.on("run:updated", ({ run }) => {
      seen.push(`${run.agent.name}:${run.status}`);
      if (run.statusReason || run.partialOutput || run.error) leaked.push(run);
    });
    const ack = await call(socket, "message:send", { spaceId: space.id, text: "hello team" });
    expect(ack.ok).toBe(true);
    await srv.gateway.idle();

    const runs = await srv.deps.db.run.findMany({ include: { agent: { include: { entity: true } } } });
    const fromHuman = runs.filter((r) => r.chainDepth === 0);
    expect(fromHuman.map((r) => r.agent.entity.name).sort()).toEqual(["Critic", "Scout"]);
    expect(runs.every((r) => r.status === "completed")).toBe(true);
    expect(fromHuman.map((r) => r.statusReason)).toEqual(["sent 1 message in 1 tool step", "sent 1 message in 1 tool step"]);
    expect(runs.filter((r) => r.chainDepth === 1).map((r) => r.statusReason)).toEqual(["stayed silent (0 tool steps)", "stayed silent (0 tool steps)"]);
    const texts = (await messages(space.id)).map((m) => m.text);
    expect(texts).toEqual(expect.arrayContaining(["hello team", "Scout here", "Critic here"]));
    expect(texts).toHaveLength(3);
    // Each agent's reply triggers the other one at depth 1; the sender never triggers itself.
    const depth1 = await srv.deps.db.triggerDecision.findMany({ where: { decision: "triggered" } });
    expect(depth1).toHaveLength(4);
    for (const a of agents) {
      const own = await srv.deps.db.message.findFirst({ where: { senderId: a.entityId } });
      const selfRuns = await srv.deps.db.run.count({ where: { agentId: a.id, triggerMessageId: own!.id } });
      expect(selfRuns).toBe(0);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(expect.arrayContaining(["Scout:queued", "Scout:running", "Scout:completed", "Critic:completed"]));
    // A plain member never receives the agents' private text output or errors.
    expect(leaked).toEqual([]);
  });

  it("a three-agent chain stops at the space's depth limit, and the stop is recorded", async () => {
    // Each agent answers whoever spoke, so the chain only ends at the limit.
    const chatty: Script = (c) => (c.results.length ? { text: "ok" } : { tool: "send_message", input: { text: "and another thing" } });
    const { ada, space } = await setup({ A: (c) => chatty(c), B: (c) => chatty(c), C: (c) => chatty(c) });
    // Only one agent answers the human, to keep the tree narrow: B and C stay silent at depth 0.
    await srv.deps.db.space.update({ where: { id: space.id }, data: { maxChainDepth: MAX_CHAIN_DEPTH } });
    const socket = await ada.connect();
    const stopped: unknown[] = [];
    socket.on("message:chain_stopped", (p) => stopped.push(p));
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "start" });
    await srv.gateway.idle();

    const all = await messages(space.id);
    const depths = all.filter((m) => m.sender.type === "agent").map((m) => m.chainDepth);
    expect(Math.max(...depths)).toBe(MAX_CHAIN_DEPTH);
    const runs = await srv.deps.db.run.findMany();
    expect(Math.max(...runs.map((r) => r.chainDepth))).toBe(MAX_CHAIN_DEPTH);
    const stops = await srv.deps.db.triggerDecision.findMany({ where: { decision: "refused" } });
    expect(stops.length).toBeGreaterThan(0);
    expect(stops[0]!.reason).toMatch(/chain depth limit reached: the message is at depth 5, the space allows 5/);
    // Messages at the limit were still posted.
    expect(all.some((m) => m.chainDepth === MAX_CHAIN_DEPTH)).toBe(true);
    // The stop is the server's word, not the browser's guess: stored on the message, so the
    // history any client reads says so, and told to the space live.
    const stoppedAt = all.filter((m) => m.chainStopLimit !== null);
    expect(stoppedAt.length).toBeGreaterThan(0);
    expect(stoppedAt.every((m) => m.chainDepth === MAX_CHAIN_DEPTH && m.chainStopLimit === MAX_CHAIN_DEPTH)).toBe(true);
    expect(all.filter((m) => m.chainDepth < MAX_CHAIN_DEPTH).every((m) => m.chainStopLimit === null)).toBe(true);
    const history = await call(socket, "messages:history", { spaceId: space.id, limit: 50 });
    if (!history.ok) throw new Error(history.error.message);
    expect(history.data.messages.find((m) => m.id === stoppedAt[0]!.id)?.chainStopLimit).toBe(MAX_CHAIN_DEPTH);
    await vi.waitFor(() => expect(stopped.length).toBeGreaterThanOrEqual(stoppedAt.length));
    expect(stopped).toContainEqual({ spaceId: space.id, messageId: stoppedAt[0]!.id, limit: MAX_CHAIN_DEPTH });
    socket.disconnect();
  });

  it("an agent added after a message was sent is not woken by it, however late the gateway handles it", async () => {
    const { ada, space, agents } = await setup({ Scout: silent });
    const { message } = await sendMessage({ ...srv.deps, bus: undefined }, ada.actor, { spaceId: space.id, text: "before you came" });
    const late = await createAgent(srv.deps.db, "Latecomer");
    await addToSpace(srv.deps.db, space.id, ada.entityId, [late.entityId]);
    await onMessage(srv.gateway.ctx, message);
    await srv.gateway.idle();
    expect(await srv.deps.db.run.count({ where: { agentId: late.id } })).toBe(0);
    expect(await srv.deps.db.triggerDecision.count({ where: { agentId: late.id } })).toBe(0);
    // The members of the time still are.
    expect(await srv.deps.db.run.count({ where: { agentId: agents[0]!.id } })).toBe(1);
  });

  it("concurrent deliveries of one message create one run per agent", async () => {
    const { ada, space, agents } = await setup({ Scout: silent });
    const { message } = await sendMessage({ ...srv.deps, bus: undefined }, ada.actor, { spaceId: space.id, text: "hi" });
    await Promise.all(Array.from({ length: 8 }, () => onMessage(srv.gateway.ctx, message)));
    await srv.gateway.idle();
    expect(await srv.deps.db.run.count({ where: { agentId: agents[0]!.id } })).toBe(1);
    const decisions = await srv.deps.db.triggerDecision.findMany({ where: { messageId: message.id } });
    expect(decisions.filter((d) => d.decision === "triggered")).toHaveLength(1);
    expect(decisions.filter((d) => d.decision !== "triggered").every((d) => /duplicate|folded/.test(d.reason + d.decision))).toBe(true);
  });

  it("messages arriving while a run is queued fold into it and show as [NEW]", async () => {
    const { ada, space, agents, calls } = await setup({ Scout: silent });
    const ctx = srv.gateway.ctx;
    const quiet = { ...srv.deps, bus: undefined };
    const m1 = (await sendMessage(quiet, ada.actor, { spaceId: space.id, text: "one" })).message;
    const m2 = (await sendMessage(quiet, ada.actor, { spaceId: space.id, text: "two" })).message;
    // Deliver both before the worker gets a chance to start the first run.
    await srv.deps.db.agent.update({ where: { id: agents[0]!.id }, data: { enabled: false } });
    await srv.deps.db.agent.update({ where: { id: agents[0]!.id }, data: { enabled: true } });
    const kick = ctx.kick;
    ctx.kick = () => {};
    await onMessage(ctx, m1);
    await onMessage(ctx, m2);
    ctx.kick = kick;
    expect(await srv.deps.db.run.count()).toBe(1);
    const fold = await srv.deps.db.triggerDecision.findFirst({ where: { messageId: m2.id } });
    expect(fold?.decision).toBe("folded");
    ctx.kick();
    await srv.gateway.idle();
    expect(calls.Scout).toHaveLength(1);
    expect(calls.Scout![0]).toMatch(/"one"\s+\[NEW\] ← TRIGGER/);
    expect(calls.Scout![0]).toMatch(/"two"\s+\[NEW\]/);
  });

  it("a deeper message folded into a queued run raises the run's depth to its own", async () => {
    const { ada, space, agents } = await setup({ Scout: silent, Critic: silent });
    const [scout, critic] = agents as [(typeof agents)[0], (typeof agents)[0]];
    const ctx = srv.gateway.ctx;
    const quiet = { ...srv.deps, bus: undefined };
    const fromAda = (await sendMessage(quiet, ada.actor, { spaceId: space.id, text: "kick-off" })).message;
    const deep = (await sendMessage(quiet, { entityId: critic.entityId }, { spaceId: space.id, text: "fourth reply", chainDepth: 3 })).message;
    const kick = ctx.kick;
    ctx.kick = () => {};
    await onMessage(ctx, fromAda);
    await onMessage(ctx, deep);
    ctx.kick = kick;
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: scout.id } });
    expect((await srv.deps.db.triggerDecision.findFirst({ where: { messageId: deep.id, agentId: scout.id } }))?.decision).toBe("folded");
    // Otherwise its reply would go out at depth 1 and the chain would restart below the limit.
    expect(run.chainDepth).toBe(4);
    ctx.kick();
    await srv.gateway.idle();
  });

  it("an agent runs at most maxConcurrentRuns at once; the rest queue and run later", async () => {
    const held = heldCalls();
    const { ada, agents } = await setup({ Scout: held.script }, { Scout: { maxConcurrentRuns: 2 } });
    // Five spaces, so nothing folds: five runs compete for two slots.
    const spaces = [];
    for (let i = 0; i < 5; i++) spaces.push(await createChannel(srv.deps, ada.actor, { name: `s${i}`, memberIds: [agents[0]!.entityId] }));
    await Promise.all(spaces.map((s) => sendMessage(srv.deps, ada.actor, { spaceId: s.id, text: "Scout, go" })));
    for (let t = 0; held.running < 2 && t < 200; t++) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 300));
    expect(held.running).toBe(2);
    expect(await srv.deps.db.run.count({ where: { status: "running" } })).toBe(2);
    expect(await srv.deps.db.run.count({ where: { status: "queued" } })).toBe(3);
    held.release();
    await srv.gateway.idle();
    expect(held.peak).toBe(2);
    expect(await srv.deps.db.run.count({ where: { status: "completed" } })).toBe(5);
  });

  it("the cap holds across processes: a second gateway on the same database claims nothing while the agent is at its cap", async () => {
    const held = heldCalls();
    const { ada, agents, models, clock } = await setup({ Scout: held.script }, { Scout: { maxConcurrentRuns: 2 } });
    // Another process: its own bus (it hears none of this one's messages), the same database.
    const other = createGateway({ ...srv.deps, bus: new DomainBus() }, { models: models.resolver, clock, tickMs: 0 });
    await other.start();
    try {
      const spaces = [];
      for (let i = 0; i < 5; i++) spaces.push(await createChannel(srv.deps, ada.actor, { name: `s${i}`, memberIds: [agents[0]!.entityId] }));
      await Promise.all(spaces.map((s) => sendMessage(srv.deps, ada.actor, { spaceId: s.id, text: "Scout, go" })));
      for (let t = 0; held.running < 2 && t < 200; t++) await new Promise((r) => setTimeout(r, 25));
      // The other process looks for work again and again while this one holds both slots.
      for (let i = 0; i < 5; i++) {
        await other.tick();
        await other.idle(); // its pump has looked and claimed (or not)
      }
      expect(held.running).toBe(2);
      expect(await srv.deps.db.run.count({ where: { status: "running" } })).toBe(2);
      expect(await srv.deps.db.run.count({ where: { status: "queued" } })).toBe(3);
      // Released, both processes claim the rest as slots free up, and together stay within the cap.
      held.release();
      for (let i = 0; i < 20 && (await srv.deps.db.run.count({ where: { status: { in: ["queued", "running"] } } })) > 0; i++) {
        await other.tick();
        await Promise.all([srv.gateway.idle(), other.idle()]);
      }
      expect(held.peak).toBe(2);
      expect(await srv.deps.db.run.count({ where: { status: "completed" } })).toBe(5);
    } finally {
      await other.stop();
    }
  });

  it("new agents and spaces get the product limits by default", async () => {
    const { agents, space } = await setup({ Scout: silent });
    const agent = await srv.deps.db.agent.findUniqueOrThrow({ where: { id: agents[0]!.id } });
    expect(agent.maxConcurrentRuns).toBe(MAX_CONCURRENT_RUNS);
    expect(agent.maxRunDurationMs).toBe(MAX_RUN_DURATION_MS);
    expect(agent.maxToolSteps).toBe(MAX_TOOL_STEPS);
    expect(agent.maxWaitingRuns).toBe(MAX_WAITING_RUNS_PER_AGENT);
    expect(space.maxChainDepth).toBe(MAX_CHAIN_DEPTH);
  });

  it("one agent's long queue does not hide other agents' runs from the worker", async () => {
    const { ada, agents, space } = await setup({ Busy: silent, Quiet: silent });
    const [busy, quiet] = agents;
    await srv.deps.db.run.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        agentId: busy!.id,
        triggerType: "service" as const,
        serviceName: `hook-${i}`,
        queuedAt: new Date(Date.now() - 60_000 + i),
      })),
    });
    const m = (await sendMessage({ ...srv.deps, bus: undefined }, ada.actor, { spaceId: space.id, text: "hi" })).message;
    const mine = await srv.deps.db.run.create({ data: { agentId: quiet!.id, triggerType: "space_message", triggerMessageId: m.id, triggerSpaceId: space.id } });
    const candidates = await runnableRuns(srv.gateway.ctx, 15);
    expect(candidates.map((c) => c.id)).toContain(mine.id);
    expect(candidates.filter((c) => c.agentId === busy!.id).length).toBeLessThanOrEqual(10);
  });

  it("a run canceled elsewhere is aborted here at its next heartbeat", async () => {
    const { agents } = await setup({ Scout: silent });
    const run = await srv.deps.db.run.create({ data: { agentId: agents[0]!.id, triggerType: "service", serviceName: "x", status: "canceled" } });
    const abort = new AbortController();
    const stop = startHeartbeat({ ...srv.gateway.ctx, leaseMs: 40 }, run.id, abort);
    await new Promise((r) => setTimeout(r, 200));
    stop();
    expect(abort.signal.aborted).toBe(true);
  });

  it("a run canceled between its claim and the start of its execution is aborted by the first beat, not a lease later", async () => {
    const { agents } = await setup({ Scout: silent });
    const run = await srv.deps.db.run.create({ data: { agentId: agents[0]!.id, triggerType: "service", serviceName: "x", status: "canceled" } });
    const abort = new AbortController();
    // A lease of a minute: the next beat would be 15 s away.
    const stop = startHeartbeat({ ...srv.gateway.ctx, leaseMs: 60_000 }, run.id, abort);
    for (let i = 0; i < 100 && !abort.signal.aborted; i++) await new Promise((r) => setTimeout(r, 20));
    stop();
    expect(abort.signal.aborted).toBe(true);
  });

  it("only legal status transitions happen, each persisted and recorded", async () => {
    const { ada, space } = await setup({ Scout: silent });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "hi" });
    await srv.gateway.idle();
    const run = await srv.deps.db.run.findFirstOrThrow();
    expect(run.status).toBe("completed");
    expect(await transition(srv.gateway.ctx, run.id, "running")).toBe(false);
    expect((await srv.deps.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("completed");
    const statuses = (await srv.deps.db.runEvent.findMany({ where: { runId: run.id, type: "status" }, orderBy: { seq: "asc" } })).map(
      (e) => (e.data as { status: string }).status,
    );
    expect(statuses).toEqual(["running", "completed"]);
    expect(isLegal("queued", "completed")).toBe(false);
    expect(isLegal("waiting_reply", "running")).toBe(true);
  });

  it("the sender's own socket sees run:stream drafts that end in one persisted message", async () => {
    const long = "A fairly long answer that streams in more than one piece, so the client sees a growing draft.";
    const { ada, space } = await setup({ Scout: replyOnce(long) });
    const socket = await ada.connect();
    const drafts: string[] = [];
    socket.on("run:stream", (p) => drafts.push(p.text));
    const final = new Promise<string | null>((resolve) =>
      socket.on("message:new", ({ message }) => message.sender.name === "Scout" && resolve(message.clientMessageId)),
    );
    await call(socket, "message:send", { spaceId: space.id, text: "question" });
    const key = await final;
    await srv.gateway.idle();
    expect(drafts.length).toBeGreaterThan(0);
    expect(long.startsWith(drafts[0]!)).toBe(true);
    expect(key).toMatch(/^run:/);
    expect((await messages(space.id)).filter((m) => m.text === long)).toHaveLength(1);
    void waitFor;
  });
});
