import Link from "next/link";
import { AgentTable } from "@/components/admin/agent-table";
import { NewAgentButton } from "@/components/admin/new-agent-button";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { PROVIDERS } from "@/server/domain/agents/agent-settings";
import { configuredProviders } from "@/server/domain/agents/configured-providers";
import { listAgents } from "@/server/domain/agents/list-agents";
import { adminUser } from "../admin-user";

export const dynamic = "force-dynamic";

export default async function AdminAgentsPage({ searchParams }: { searchParams: Promise<{ archived?: string }> }) {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const showArchived = (await searchParams).archived === "1";
  const configured = configuredProviders(env());
  const agents = await listAgents(
    { db: getDb() },
    { entityId: me.entity.id, userId: me.userId, isAdmin: me.isAdmin },
    { providers: configured, includeArchived: showArchived },
  );
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-semibold">Agents</h1>
        <NewAgentButton providers={PROVIDERS.map((p) => ({ id: p, configured: !!configured[p] }))} />
      </div>
      <div className="mt-1 mb-5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
        <p className="flex-1">Runs and tokens count from 00:00 UTC today.</p>
        {/* A link, not a client toggle: the list is rendered on the server, and the URL can be shared. */}
        <Link href={showArchived ? "/admin/agents" : "/admin/agents?archived=1"} className="text-accent-600 hover:underline dark:text-indigo-300">
          {showArchived ? "Hide archived agents" : "Show archived agents"}
        </Link>
      </div>
      <AgentTable agents={agents} />
    </>
  );
}
