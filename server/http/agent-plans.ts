// An agent's plans in the admin panel. Admins only (403 before any body is read), zod (400
// with a message per field), size limits (413).
//   GET    /api/agents/:id/plans                       → { plans } (kind, cron in words, next/last run, newest runs)
//   POST   /api/agents/:id/plans                       { name, instruction, runAfter | scheduledAt | cron } → 201 { plan }
//   PATCH  /api/agents/:id/plans/:planId               { name?, instruction?, runAfter | scheduledAt | cron } → { plan }
//   DELETE /api/agents/:id/plans/:planId               → 204
//   POST   /api/agents/:id/plans/:planId/pause|resume  → { plan }
//   POST   /api/agents/:id/plans/:planId/run           → 201 { runId, started: true } | 200 { runId, started: false } (one already live)
//   GET    /api/agents/:id/plans/:planId/runs          → { runs, total }
import { createPlan } from "../domain/agents/knowledge/create-plan";
import { deletePlan } from "../domain/agents/knowledge/delete-plan";
import { planCreateInput, planUpdateInput } from "../domain/agents/knowledge/knowledge-input";
import { listPlanRuns } from "../domain/agents/knowledge/list-plan-runs";
import { listPlans } from "../domain/agents/knowledge/list-plans";
import { setPlanPaused } from "../domain/agents/knowledge/pause-plan";
import { updatePlan } from "../domain/agents/knowledge/update-plan";
import { AppError } from "../domain/errors";
import { startPlanNow } from "../agents/plans/start-plan-now";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json, noContent } from "./respond";

const WHAT = "manage agents' goals, memories and plans";
const reads = { limit: "agentKnowledgeReadsPerUser" } as const;
const changes = { limit: "agentKnowledgeChangesPerUser" } as const;
type PlanParams = { id: string; planId: string };

export const listPlansHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  requireAdmin(caller, WHAT);
  return json({ plans: await listPlans(deps, actorOf(caller), { agentId: id }) });
}, reads);

export const createPlanHandler = authed<{ id: string }>(async (req, deps, { id }, caller) => {
  requireAdmin(caller, WHAT);
  const plan = await readJson(req, planCreateInput);
  return json({ plan: await createPlan(deps, actorOf(caller), { agentId: id, plan, now: new Date() }) }, 201);
}, changes);

export const updatePlanHandler = authed<PlanParams>(async (req, deps, { id, planId }, caller) => {
  requireAdmin(caller, WHAT);
  const body = await readJson(req, planUpdateInput);
  return json({ plan: await updatePlan(deps, actorOf(caller), { agentId: id, planId, changes: body, now: new Date() }) });
}, changes);

export const deletePlanHandler = authed<PlanParams>(async (_req, deps, { id, planId }, caller) => {
  requireAdmin(caller, WHAT);
  await deletePlan(deps, actorOf(caller), { agentId: id, planId });
  return noContent();
}, changes);

const pauseOrResume = (paused: boolean) =>
  authed<PlanParams>(async (_req, deps, { id, planId }, caller) => {
    requireAdmin(caller, WHAT);
    return json({ plan: await setPlanPaused(deps, actorOf(caller), { agentId: id, planId, paused, now: new Date() }) });
  }, changes);
export const pausePlanHandler = pauseOrResume(true);
export const resumePlanHandler = pauseOrResume(false);

export const runPlanNowHandler = authed<PlanParams>(async (_req, deps, { id, planId }, caller) => {
  requireAdmin(caller, WHAT);
  if (!deps.gateway) throw new AppError("internal", "The agent gateway is not running");
  const out = await startPlanNow(deps.gateway.ctx, actorOf(caller), { agentId: id, planId });
  return json(out, out.started ? 201 : 200);
}, changes);

export const listPlanRunsHandler = authed<PlanParams>(async (_req, deps, { id, planId }, caller) => {
  requireAdmin(caller, WHAT);
  return json(await listPlanRuns(deps, actorOf(caller), { agentId: id, planId }));
}, reads);
