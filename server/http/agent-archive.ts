// DELETE /api/agents/:id → 204: the agent is archived (server/domain/agents/archive-agent.ts):
// never woken again, its plans paused, its keys revoked, its messages and runs kept. Its runs
// still queued, running or waiting are canceled through the gateway. Admins only.
import { archiveAgent } from "../domain/agents/archive-agent";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { noContent } from "./respond";

export const archiveAgentHandler = authed<{ id: string }>(
  async (_req, deps, { id }, caller) => {
    requireAdmin(caller, "delete agents");
    const { liveRunIds } = await archiveAgent(deps, actorOf(caller), { agentId: id });
    if (deps.gateway) for (const runId of liveRunIds) await deps.gateway.cancelRun(runId, `the agent was deleted by ${caller.name}`);
    return noContent();
  },
  { limit: "accountChangesPerUser" },
);
