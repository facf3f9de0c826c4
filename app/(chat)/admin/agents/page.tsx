import { AgentTable } from "@/components/admin/agent-table";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { configuredProviders } from "@/server/domain/agents/configured-providers";
import { listAgents } from "@/server/domain/agents/list-agents";
import { adminUser } from "../admin-user";

export const dynamic = "force-dynamic";

export default async function AdminAgentsPage() {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const agents = await listAgents(
    { db: getDb() },
    { entityId: me.entity.id, userId: me.userId, isAdmin: me.isAdmin },
    { providers: configuredProviders(env()) },
  );
  return (
    <>
      <h1 className="text-2xl font-semibold">Agents</h1>
      <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">Runs and tokens count from 00:00 UTC today.</p>
      <AgentTable agents={agents} />
    </>
  );
}
