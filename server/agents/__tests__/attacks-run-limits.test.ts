// Webhook and schedule floods: a key that fires a hundred triggers, an agent whose queue is
// full, a cron that would fire every second. Each is refused with its reason, nothing queued.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { silent, startAgentScenario, type Script } from "../../testing/agents";
import { sendMessage } from "../../domain/messages/send-message";
import { setPlans } from "../../domain/agents/set-plans";
import { rotateServiceKey } from "../services/service-keys";
import { agentTriggerHandler } from "../../http/agent-trigger";
import { request, run as runHandler } from "@/server/testing/http";
import { MAX_QUEUED_RUNS_PER_AGENT, RATE_LIMITS } from "@/lib/limits";

let srv: TestServer;
afterEach(async () => srv?.close());

async function setup() {
  const s = await startAgentScenario({ Hook: silent });
  srv = s.srv;
  const { key } = await rotateServiceKey(srv.deps.db, s.agents.Hook!.id, { spaceIds: [s.space.id] });
  const post = (body: unknown) =>
    runHandler(srv, agentTriggerHandler, request(`/api/agents/${s.agents.Hook!.id}/trigger`, { headers: { "x-secret-key": key }, body }), {
      id: s.agents.Hook!.id,
    });
  return { ...s, post };
}

/** Fills the agent's queue with runs that stay queued. */
async function fillQueue(agentId: string, spaceId: string) {
  await srv.deps.db.run.createMany({
    data: Array.from({ length: MAX_QUEUED_RUNS_PER_AGENT }, (_, i) => ({
      agentId,
      triggerType: "service" as const,
      serviceName: `filler-${i}`,
      reach: [spaceId],
    })),
  });
  // No run may start, so the worker cannot drain the queue before the attack.
  await srv.deps.db.agent.update({ where: { id: agentId }, data: { maxConcurrentRuns: 0 } });
}

describe("service trigger limits", () => {
  it(`a key gets ${RATE_LIMITS.serviceTriggersPerKey.points} triggers a minute, then 429 with Retry-After`, async () => {
    const { post, agents } = await setup();
    // Bad bodies still spend the key's budget (the key was proven), and queue nothing.
    for (let i = 0; i < RATE_LIMITS.serviceTriggersPerKey.points; i++) expect((await post({ serviceName: "" })).status).toBe(400);
    const refused = await post({ serviceName: "ci", payload: { build: 1 } });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await srv.deps.db.run.count({ where: { agentId: agents.Hook!.id } })).toBe(0);
  });

  it("an agent with a full queue refuses further triggers (429), and messages record why", async () => {
    const { post, agents, ada, space } = await setup();
    await fillQueue(agents.Hook!.id, space.id);
    const refused = await post({ serviceName: "ci" });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/queued runs/);
    const m = (await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "hello?" })).message;
    await srv.gateway.idle();
    const decision = await srv.deps.db.triggerDecision.findFirstOrThrow({ where: { messageId: m.id, agentId: agents.Hook!.id } });
    expect(decision).toMatchObject({ decision: "refused", reason: expect.stringMatching(/queue full/) });
    expect(await srv.deps.db.run.count({ where: { agentId: agents.Hook!.id } })).toBe(MAX_QUEUED_RUNS_PER_AGENT);
  });
});

describe("runs in flight", () => {
  /** A script that notes the most runs `running` at once (in `seen.most`) while it lasts 30 ms. */
  const countingRunning = () => {
    const seen = { most: 0, db: undefined as TestServer["deps"]["db"] | undefined };
    const script: Script = async () => {
      seen.most = Math.max(seen.most, await seen.db!.run.count({ where: { status: "running" } }));
      await new Promise((r) => setTimeout(r, 30));
      return { text: "nothing to add" };
    };
    return { seen, scripts: { A: script, B: script, C: script } };
  };

  it("a process cap holds runs back (queued, not refused) so a burst cannot crowd the database", async () => {
    const { seen, scripts } = countingRunning();
    const s = await startAgentScenario(scripts, { maxRunsInFlight: 1 });
    srv = s.srv;
    seen.db = srv.deps.db;
    for (let i = 0; i < 3; i++) await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: `burst ${i}` });
    await srv.gateway.idle();
    expect(seen.most).toBe(1);
    // Every trigger still ran.
    expect(await srv.deps.db.run.count({ where: { status: "completed" } })).toBeGreaterThanOrEqual(3);
    expect(await srv.deps.db.run.count({ where: { status: { in: ["queued", "running"] } } })).toBe(0);
  });

  it("a process with no room claims one run at a time, still runs them all, and runs several again once it has room", async () => {
    const { seen, scripts } = countingRunning();
    let room = false;
    const headroom = { hasRoom: () => room, load: () => ({ cpuShare: 0, lagMs: 0 }), stop: () => {} };
    const s = await startAgentScenario(scripts, { server: { gateway: { headroom } } });
    srv = s.srv;
    seen.db = srv.deps.db;
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "busy now" });
    await srv.gateway.idle();
    expect(seen.most).toBe(1);
    expect(await srv.deps.db.run.count({ where: { status: "completed" } })).toBe(3);

    room = true;
    seen.most = 0;
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "quiet again" });
    await srv.gateway.idle();
    expect(seen.most).toBeGreaterThan(1);
    expect(await srv.deps.db.run.count({ where: { status: "completed" } })).toBe(6);
  });
});

describe("schedules", () => {
  it("a cron plan may run at most once a minute", async () => {
    const { agents, ada } = await setup();
    const now = new Date();
    for (const cron of ["* * * * * *", "*/30 * * * * *", "0,1 * * * * *"]) {
      await expect(setPlans(srv.deps, ada.actor, { agentId: agents.Hook!.id, plans: [{ name: "spam", instruction: "x", cron }], now }), cron).rejects.toThrow(
        /at most once a minute/,
      );
    }
    const ok = await setPlans(srv.deps, ada.actor, { agentId: agents.Hook!.id, plans: [{ name: "minutely", instruction: "x", cron: "* * * * *" }], now });
    expect(ok[0]!.cron).toBe("* * * * *");
  });
});
