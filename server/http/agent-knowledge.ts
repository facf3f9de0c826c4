// An agent's goals and memories in the admin panel. Admins only (members get 403 before any
// body is read); bodies are zod-checked (400 with a message per field) and size-limited (413).
//   GET    /api/agents/:id/goals                 → { goals }
//   POST   /api/agents/:id/goals                 { description, status?, priority?, longTerm? } → 201 { goal }
//   PATCH  /api/agents/:id/goals/:goalId         { description?, status?, priority?, longTerm? } → { goal }
//   DELETE /api/agents/:id/goals/:goalId         → 204
//   GET    /api/agents/:id/memories              → { memories }
//   POST   /api/agents/:id/memories              { key, value } → 201 { memory }
//   PATCH  /api/agents/:id/memories/:memoryId    { key?, value? } → { memory }
//   DELETE /api/agents/:id/memories/:memoryId    → 204
import { createGoal } from "../domain/agents/knowledge/create-goal";
import { createMemory } from "../domain/agents/knowledge/create-memory";
import { deleteGoal } from "../domain/agents/knowledge/delete-goal";
import { deleteMemory } from "../domain/agents/knowledge/delete-memory";
import { goalCreateInput, goalUpdateInput, memoryCreateInput, memoryUpdateInput } from "../domain/agents/knowledge/knowledge-input";
import { listGoals } from "../domain/agents/knowledge/list-goals";
import { listMemories } from "../domain/agents/knowledge/list-memories";
import { updateGoal } from "../domain/agents/knowledge/update-goal";
import { updateMemory } from "../domain/agents/knowledge/update-memory";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json, noContent } from "./respond";

const WHAT = "manage agents' goals, memories and plans";
const reads = { limit: "agentKnowledgeReadsPerUser" } as const;
const changes = { limit: "agentKnowledgeChangesPerUser" } as const;

export const listGoalsHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  requireAdmin(caller, WHAT);
  return json({ goals: await listGoals(deps, actorOf(caller), { agentId: id }) });
}, reads);

export const createGoalHandler = authed<{ id: string }>(async (req, deps, { id }, caller) => {
  requireAdmin(caller, WHAT);
  const goal = await readJson(req, goalCreateInput);
  return json({ goal: await createGoal(deps, actorOf(caller), { agentId: id, goal }) }, 201);
}, changes);

export const updateGoalHandler = authed<{ id: string; goalId: string }>(async (req, deps, { id, goalId }, caller) => {
  requireAdmin(caller, WHAT);
  const body = await readJson(req, goalUpdateInput);
  return json({ goal: await updateGoal(deps, actorOf(caller), { agentId: id, goalId, changes: body }) });
}, changes);

export const deleteGoalHandler = authed<{ id: string; goalId: string }>(async (_req, deps, { id, goalId }, caller) => {
  requireAdmin(caller, WHAT);
  await deleteGoal(deps, actorOf(caller), { agentId: id, goalId });
  return noContent();
}, changes);

export const listMemoriesHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  requireAdmin(caller, WHAT);
  return json({ memories: await listMemories(deps, actorOf(caller), { agentId: id }) });
}, reads);

export const createMemoryHandler = authed<{ id: string }>(async (req, deps, { id }, caller) => {
  requireAdmin(caller, WHAT);
  const memory = await readJson(req, memoryCreateInput);
  return json({ memory: await createMemory(deps, actorOf(caller), { agentId: id, memory }) }, 201);
}, changes);

export const updateMemoryHandler = authed<{ id: string; memoryId: string }>(async (req, deps, { id, memoryId }, caller) => {
  requireAdmin(caller, WHAT);
  const body = await readJson(req, memoryUpdateInput);
  return json({ memory: await updateMemory(deps, actorOf(caller), { agentId: id, memoryId, changes: body }) });
}, changes);

export const deleteMemoryHandler = authed<{ id: string; memoryId: string }>(async (_req, deps, { id, memoryId }, caller) => {
  requireAdmin(caller, WHAT);
  await deleteMemory(deps, actorOf(caller), { agentId: id, memoryId });
  return noContent();
}, changes);
