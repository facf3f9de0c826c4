import { AuditList } from "@/components/admin/audit-list";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { configuredProviders } from "@/server/domain/agents/configured-providers";
import { listAgents } from "@/server/domain/agents/list-agents";
import { listAudit } from "@/server/domain/audit/list-audit";
import { adminUser } from "../admin-user";

export const dynamic = "force-dynamic";

export default async function AdminAuditPage() {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const actor = { entityId: me.entity.id, userId: me.userId, isAdmin: me.isAdmin };
  const [page, agents] = await Promise.all([
    listAudit({ db: getDb() }, actor, {}),
    listAgents({ db: getDb() }, actor, { providers: configuredProviders(env()), includeArchived: true }),
  ]);
  return (
    <>
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">Every change an admin made, newest first. Times are UTC.</p>
      <AuditList entries={page.entries} nextBefore={page.nextBefore} agentNames={Object.fromEntries(agents.map((a) => [a.id, a.name]))} />
    </>
  );
}
