// "Start now" on a plan: one run through the plan path (the scheduler's Run shape), however
// many clicks arrive at once; the run acts for the admin who made the plan; admins only.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { ManualClock } from "../clock";
import { silent, startAgentScenario } from "../../testing/agents";
import { createChannel } from "../../domain/spaces/create-channel";
import { createPlan } from "../../domain/agents/knowledge/create-plan";
import { listPlans } from "../../domain/agents/knowledge/list-plans";
import { listPlanRuns } from "../../domain/agents/knowledge/list-plan-runs";
import { startPlanNow } from "../plans/start-plan-now";

let srv: TestServer;
afterEach(async () => srv?.close());

describe("start a plan now", () => {
  it("two clicks at once start exactly one run, in the admin's reach, listed with the plan", async () => {
    const clock = new ManualClock(new Date("2026-03-10T15:00:00Z"));
    const { srv: s, agents, ada, models } = await startAgentScenario({ Scout: silent }, { clock });
    srv = s;
    const scout = agents.Scout!;
    const admin = await srv.user("Root", { isAdmin: true });
    const ops = await createChannel(srv.deps, admin.actor, { name: "ops", memberIds: [scout.entityId] });
    const adaOnly = await createChannel(srv.deps, ada.actor, { name: "ada-only", memberIds: [scout.entityId] });
    const plan = await createPlan(srv.deps, admin.actor, {
      agentId: scout.id,
      plan: { name: "digest", instruction: "Post the digest", cron: "0 9 * * *" },
      now: clock.now(),
    });

    const [a, b] = await Promise.all([
      startPlanNow(srv.gateway.ctx, admin.actor, { agentId: scout.id, planId: plan.id }),
      startPlanNow(srv.gateway.ctx, admin.actor, { agentId: scout.id, planId: plan.id }),
    ]);
    expect(a.runId).toBe(b.runId);
    expect([a.started, b.started].sort()).toEqual([false, true]);
    await srv.gateway.idle();

    const runs = await srv.deps.db.run.findMany({ where: { planId: plan.id } });
    expect(runs).toHaveLength(1);
    // Acts for the admin: the spaces the admin and the agent share, not a channel the admin is not in.
    expect(runs[0]).toMatchObject({ triggerType: "plan", status: "completed", requesterId: admin.entityId });
    expect(runs[0]!.reach).toContain(ops.id);
    expect(runs[0]!.reach).not.toContain(adaOnly.id);
    expect(models.calls.Scout!.at(-1)).toContain('"Post the digest"');
    expect(await srv.deps.db.auditEntry.count({ where: { agentId: scout.id, action: "plan.run_now" } })).toBe(1);

    // The schedule goes on; the run is listed with its plan.
    const [view] = await listPlans(srv.deps, admin.actor, { agentId: scout.id });
    expect(view).toMatchObject({ status: "active", nextRunAt: "2026-03-11T09:00:00.000Z", lastRunAt: "2026-03-10T15:00:00.000Z", runCount: 1 });
    expect(view!.runs).toEqual([expect.objectContaining({ id: a.runId, status: "completed" })]);
    expect((await listPlanRuns(srv.deps, admin.actor, { agentId: scout.id, planId: plan.id })).runs.map((r) => r.id)).toEqual([a.runId]);

    // Once that run is over, another click is another run.
    const again = await startPlanNow(srv.gateway.ctx, admin.actor, { agentId: scout.id, planId: plan.id });
    expect(again.started).toBe(true);
    expect(again.runId).not.toBe(a.runId);
    await srv.gateway.idle();
  }, 120_000);

  it("refuses members, unknown plans and disabled agents; a one-time plan started now is done", async () => {
    const clock = new ManualClock(new Date("2026-03-10T15:00:00Z"));
    const { srv: s, agents, ada } = await startAgentScenario({ Scout: silent }, { clock });
    srv = s;
    const scout = agents.Scout!;
    const admin = await srv.user("Root", { isAdmin: true });
    const plan = await createPlan(srv.deps, admin.actor, {
      agentId: scout.id,
      plan: { name: "once", instruction: "Do it", runAfter: "1 day" },
      now: clock.now(),
    });
    await expect(startPlanNow(srv.gateway.ctx, ada.actor, { agentId: scout.id, planId: plan.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(startPlanNow(srv.gateway.ctx, admin.actor, { agentId: scout.id, planId: "nope" })).rejects.toMatchObject({ code: "not_found" });

    await startPlanNow(srv.gateway.ctx, admin.actor, { agentId: scout.id, planId: plan.id });
    await srv.gateway.idle();
    expect(await srv.deps.db.plan.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({ status: "completed", nextRunAt: null });
    // The scheduler does not fire it again when its old time comes.
    clock.advance(2 * 86_400_000);
    await srv.gateway.tick();
    await srv.gateway.idle();
    expect(await srv.deps.db.run.count({ where: { planId: plan.id } })).toBe(1);

    await srv.deps.db.agent.update({ where: { id: scout.id }, data: { enabled: false } });
    await expect(startPlanNow(srv.gateway.ctx, admin.actor, { agentId: scout.id, planId: plan.id })).rejects.toMatchObject({ code: "conflict" });
  }, 120_000);
});
