// An agent's daily token budget: once its runs today have used it, message triggers are
// refused with the reason "budget: …" (members see it without the figures) and service
// triggers get 429 until 00:00 UTC. No budget, no limit.
import { afterEach, expect, it } from "vitest";
import type { TestServer } from "@/server/testing/test-server";
import { replyOnce, silent, startAgentScenario } from "@/server/testing/agents";
import { ManualClock } from "../clock";
import { sendMessage } from "@/server/domain/messages/send-message";
import { getChain } from "@/server/domain/chains/get-chain";
import { updateAgent } from "@/server/domain/agents/update-agent";
import { agentSettingsInput } from "@/server/domain/agents/agent-settings";
import { triggerService } from "../services/trigger-service";
import { secondsToNextUtcDay } from "@/lib/utc-day";
import { setSpaceBudget } from "@/server/domain/spaces/set-space-budget";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

it("refuses triggers once today's runs used the budget, and says so in the chain", async () => {
  const s = await startAgentScenario({ Scout: replyOnce("on it") });
  srv = s.srv;
  const root = await s.srv.user("Root", { isAdmin: true });
  const scout = s.agents.Scout!;
  // Each scripted run costs 30 tokens (two calls of 10 in + 5 out).
  await updateAgent(s.srv.deps, root.actor, { agentId: scout.id, settings: { dailyTokenBudget: 30 }, modelHosts: [] });
  await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "first" });
  await s.srv.gateway.idle();
  expect((await s.srv.deps.db.run.aggregate({ where: { agentId: scout.id }, _sum: { totalTokens: true } }))._sum.totalTokens).toBe(30);
  const second = (await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "second" })).message;
  await s.srv.gateway.idle();
  const decision = await s.srv.deps.db.triggerDecision.findFirstOrThrow({ where: { messageId: second.id } });
  expect(decision).toMatchObject({ decision: "refused", reason: "budget: the agent has used 30 of its 30 tokens for today (UTC)" });
  expect(await s.srv.deps.db.run.count({ where: { agentId: scout.id } })).toBe(1);
  // A member learns that the budget is spent, not how much the agent worked.
  const chain = await getChain(s.srv.deps, s.ada.actor, { messageId: second.id });
  expect(chain.root.decisions.map((d) => d.reason)).toEqual(["budget: the agent has used its token budget for today"]);

  // Services get 429 with the time to the next UTC day.
  const now = s.clock.now();
  await expect(
    triggerService(s.srv.gateway.ctx, scout.id, { id: "k", agentId: scout.id, spaceIds: [] } as never, { serviceName: "ci", payload: null } as never),
  ).rejects.toMatchObject({ code: "rate_limited", details: { retryAfterS: secondsToNextUtcDay(now) } });

  // Removing the budget lets it work again.
  await updateAgent(s.srv.deps, root.actor, { agentId: scout.id, settings: { dailyTokenBudget: null }, modelHosts: [] });
  await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "third" });
  await s.srv.gateway.idle();
  expect(await s.srv.deps.db.run.count({ where: { agentId: scout.id } })).toBe(2);
});

it("a budget is a whole number of tokens, at least 1", () => {
  expect(agentSettingsInput.safeParse({ dailyTokenBudget: 0 }).success).toBe(false);
  expect(agentSettingsInput.safeParse({ dailyTokenBudget: 1.5 }).success).toBe(false);
  expect(agentSettingsInput.safeParse({ dailyTokenBudget: 50_000 }).success).toBe(true);
  expect(agentSettingsInput.safeParse({ dailyTokenBudget: null }).success).toBe(true);
});

it("a space's budget covers all its agents' runs triggered there; only admins set it, and it is audited", async () => {
  const s = await startAgentScenario({ Scout: replyOnce("on it"), Critic: replyOnce("noted") });
  srv = s.srv;
  const root = await s.srv.user("Root", { isAdmin: true });
  await expect(setSpaceBudget(s.srv.deps, s.ada.actor, { spaceId: s.space.id, dailyTokenBudget: 10 })).rejects.toMatchObject({ code: "forbidden" });
  // Both agents' runs (30 tokens each) count against the space's 60.
  await setSpaceBudget(s.srv.deps, root.actor, { spaceId: s.space.id, dailyTokenBudget: 60 });
  await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "first" });
  await s.srv.gateway.idle();
  const spent = (await s.srv.deps.db.run.aggregate({ where: { triggerSpaceId: s.space.id }, _sum: { totalTokens: true } }))._sum.totalTokens;
  expect(spent).toBeGreaterThanOrEqual(60);
  const runsBefore = await s.srv.deps.db.run.count();
  const second = (await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "second" })).message;
  await s.srv.gateway.idle();
  const decisions = await s.srv.deps.db.triggerDecision.findMany({ where: { messageId: second.id } });
  expect(decisions.map((d) => [d.decision, d.reason])).toEqual([
    ["refused", `budget: the space's agents have used ${spent} of its 60 tokens for today (UTC)`],
    ["refused", `budget: the space's agents have used ${spent} of its 60 tokens for today (UTC)`],
  ]);
  expect(await s.srv.deps.db.run.count()).toBe(runsBefore);
  const chain = await getChain(s.srv.deps, s.ada.actor, { messageId: second.id });
  expect(new Set(chain.root.decisions.map((d) => d.reason))).toEqual(new Set(["budget: this space's agents have used their token budget for today"]));
  const audit = await s.srv.deps.db.auditEntry.findFirstOrThrow({ where: { action: "space.budget" } });
  expect(audit).toMatchObject({ actorId: root.entityId, subject: "#general", before: { dailyTokenBudget: null }, after: { dailyTokenBudget: 60 } });
  // Lifting it lets agents answer again.
  await setSpaceBudget(s.srv.deps, root.actor, { spaceId: s.space.id, dailyTokenBudget: null });
  const third = (await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "third" })).message;
  await s.srv.gateway.idle();
  expect(await s.srv.deps.db.run.count({ where: { triggerMessageId: third.id } })).toBe(2);
}, 90_000);

it("a spent budget holds for plans: a recurring plan skips its time, a one-time plan waits for the next UTC day", async () => {
  const clock = new ManualClock(new Date("2026-03-10T15:00:00Z"));
  const s = await startAgentScenario({ Scout: silent }, { clock });
  srv = s.srv;
  const db = s.srv.deps.db;
  const scout = s.agents.Scout!;
  await db.agent.update({ where: { id: scout.id }, data: { dailyTokenBudget: 100 } });
  await db.run.create({ data: { agentId: scout.id, triggerType: "service", status: "completed", queuedAt: clock.now(), totalTokens: 100 } });
  const due = new Date("2026-03-10T14:59:00Z");
  const plan = (name: string, schedule: { cron: string } | { runAfter: string }) =>
    db.plan.create({ data: { agentId: scout.id, name, instruction: "report", ...schedule, nextRunAt: due, requesterId: s.ada.entityId } });
  const hourly = await plan("hourly", { cron: "0 * * * *" });
  const once = await plan("once", { runAfter: "1 minute" });

  await s.srv.gateway.tick();
  expect(await db.run.count({ where: { triggerType: "plan" } })).toBe(0);
  expect((await db.plan.findUniqueOrThrow({ where: { id: hourly.id } })).nextRunAt).toEqual(new Date("2026-03-10T16:00:00Z"));
  expect(await db.plan.findUniqueOrThrow({ where: { id: once.id } })).toMatchObject({ status: "active", nextRunAt: new Date("2026-03-11T00:00:00Z") });

  // A new UTC day, a fresh budget: both run.
  clock.set(new Date("2026-03-11T00:00:30Z"));
  await s.srv.gateway.tick();
  expect(await db.run.count({ where: { planId: once.id } })).toBe(1);
  expect(await db.run.count({ where: { planId: hourly.id } })).toBe(1);
});
