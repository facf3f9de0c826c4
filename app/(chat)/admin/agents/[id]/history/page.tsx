import Link from "next/link";
import { notFound } from "next/navigation";
import { AgentSections } from "@/components/admin/agent-sections";
import { AuditList } from "@/components/admin/audit-list";
import { getDb } from "@/server/db/client";
import { listAudit } from "@/server/domain/audit/list-audit";
import { adminUser } from "../../../admin-user";

export const dynamic = "force-dynamic";

export default async function AgentHistoryPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const { id } = await params;
  const db = getDb();
  const agent = await db.agent.findUnique({ where: { id }, select: { id: true, entity: { select: { name: true } } } });
  if (!agent) notFound();
  const page = await listAudit({ db }, { entityId: me.entity.id, userId: me.userId, isAdmin: me.isAdmin }, { agentId: id });
  return (
    <>
      <Link href={`/admin/agents/${id}`} className="text-sm text-accent-600 hover:underline dark:text-indigo-300">
        ← {agent.entity.name}
      </Link>
      <h1 className="mt-3 mb-5 text-2xl font-semibold break-words">History of {agent.entity.name}</h1>
      <AgentSections agentId={id} />
      <AuditList entries={page.entries} nextBefore={page.nextBefore} agentId={id} />
    </>
  );
}
