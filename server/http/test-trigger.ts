// POST /api/agents/:id/test-trigger  (admins, signed-in session)  { serviceName, payload? }
// → 201 { runId }. Starts the run a service trigger would, acting for the admin (see
// server/agents/services/test-trigger.ts); the Services page then follows it over run:updated.
// Admin check first, body second: a member learns nothing about the body rules.
import { serviceTriggerInput } from "../agents/services/trigger-service";
import { testTrigger } from "../agents/services/test-trigger";
import { AppError } from "../domain/errors";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

export const testTriggerHandler = authed<{ id: string }>(
  async (req, deps, { id }, caller) => {
    requireAdmin(caller, "send test triggers");
    if (!deps.gateway) throw new AppError("internal", "The agent gateway is not running");
    const body = await readJson(req, serviceTriggerInput);
    return json(await testTrigger(deps.gateway.ctx, actorOf(caller), { agentId: id, body }), 201);
  },
  { sessionOnly: true, limit: "testTriggersPerUser" },
);
