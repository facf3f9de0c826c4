// An agent's goals, memories and plans, for admins: the same verbs as the API, read on the
// server; the sections save through /api/agents/:id/{goals,memories,plans}.
import Link from "next/link";
import { notFound } from "next/navigation";
import { AgentSections } from "@/components/admin/agent-sections";
import { GoalsSection } from "@/components/admin/knowledge/goals-section";
import { MemoriesSection } from "@/components/admin/knowledge/memories-section";
import { PlansSection } from "@/components/admin/knowledge/plans-section";
import { getDb } from "@/server/db/client";
import { listGoals } from "@/server/domain/agents/knowledge/list-goals";
import { listMemories } from "@/server/domain/agents/knowledge/list-memories";
import { listPlans } from "@/server/domain/agents/knowledge/list-plans";
import { adminUser } from "../../../admin-user";

export const dynamic = "force-dynamic";

export default async function AgentKnowledgePage({ params }: { params: Promise<{ id: string }> }) {
  const me = await adminUser();
  if (!me) return null; // the layout shows AdminsOnly
  const { id } = await params;
  const db = getDb();
  const agent = await db.agent.findUnique({ where: { id }, select: { entity: { select: { name: true } } } });
  if (!agent) notFound();
  const actor = { entityId: me.entity.id, userId: me.userId, isAdmin: me.isAdmin };
  const [goals, memories, plans] = await Promise.all([
    listGoals({ db }, actor, { agentId: id }),
    listMemories({ db }, actor, { agentId: id }),
    listPlans({ db }, actor, { agentId: id }),
  ]);
  return (
    <>
      <Link href="/admin/agents" className="text-sm text-accent-600 hover:underline dark:text-indigo-300">
        ← All agents
      </Link>
      <h1 className="mt-3 text-2xl font-semibold break-words">Goals, memories &amp; plans</h1>
      <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
        What {agent.entity.name} works towards, remembers and has scheduled. Every change is recorded in the audit log, and the agent's next run is told what
        changed.
      </p>
      {/* Laid out like the settings page (link, heading, summary, tabs), so the tabs stay put when switching. */}
      <AgentSections agentId={id} />
      <div className="space-y-6">
        <GoalsSection agentId={id} initial={goals} />
        <MemoriesSection agentId={id} initial={memories} />
        <PlansSection agentId={id} initial={plans} />
      </div>
    </>
  );
}
