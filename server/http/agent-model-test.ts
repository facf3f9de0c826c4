// POST /api/agents/:id/test-model → { ok, text, ms, usage }: one tiny call through the agent's
// model (server/domain/agents/test-agent-model.ts). Admins only, and rate limited on its own
// (modelTestsPerUser): each call spends the provider's key and tokens. No body.
import { testAgentModel } from "../domain/agents/test-agent-model";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { json } from "./respond";

export const testModelHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  requireAdmin(caller, "test agents' models");
  // Spent after the admin check, so a member's refused calls cannot use up an admin's tests.
  await deps.limits?.consume("modelTestsPerUser", caller.userId);
  // The gateway's resolver is the one runs use (tests swap in scripted models there).
  return json(await testAgentModel({ db: deps.db, resolveModel: deps.gateway?.ctx.models }, actorOf(caller), { agentId: id }));
});
