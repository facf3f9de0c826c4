// POST /api/agents/:id/trigger  x-secret-key: pk_…  { serviceName, payload? }
// → 201 { runId }; 401 without a valid key for this agent; 400 on a bad body.
// Key first, body second: an unauthenticated caller learns nothing about the body rules.
import { triggerService, serviceTriggerInput } from "../agents/services/trigger-service";
import { AppError } from "../domain/errors";
import { endpoint } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";
import { verifyServiceKey } from "../agents/services/service-keys";

export const agentTriggerHandler = endpoint<{ id: string }>(async (req, deps, { id }) => {
  if (!deps.gateway) throw new AppError("internal", "The agent gateway is not running");
  const key = req.headers.get("x-secret-key");
  // Same answer for a wrong key and an unknown agent: a caller without a key learns nothing.
  const verified = key ? await verifyServiceKey(deps.db, id, key) : null;
  if (!verified) throw new AppError("unauthorized", "Invalid or missing x-secret-key");
  await deps.limits?.consume("serviceTriggersPerKey", verified.id);
  const body = await readJson(req, serviceTriggerInput);
  const { runId } = await triggerService(deps.gateway.ctx, id, verified, body);
  return json({ runId }, 201);
});
