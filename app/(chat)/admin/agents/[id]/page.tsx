import Link from "next/link";
import { notFound } from "next/navigation";
import { AgentForm } from "@/components/admin/agent-form";
import { AgentSections } from "@/components/admin/agent-sections";
import { AgentSpacesEditor } from "@/components/admin/agent-spaces-editor";
import { DeleteAgentButton } from "@/components/admin/delete-agent-button";
import { TestModelButton } from "@/components/admin/test-model-button";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { PROVIDERS } from "@/server/domain/agents/agent-settings";
import { configuredProviders } from "@/server/domain/agents/configured-providers";
import { listAgents } from "@/server/domain/agents/list-agents";
import { listChannelChoices } from "@/server/domain/agents/list-channel-choices";
import { adminUser } from "../../admin-user";

export const dynamic = "force-dynamic";

export default async function AdminAgentPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const { id } = await params;
  const actor = { entityId: me.entity.id, userId: me.userId, isAdmin: me.isAdmin };
  const configured = configuredProviders(env());
  const [agents, channels] = await Promise.all([
    listAgents({ db: getDb() }, actor, { providers: configured, includeArchived: true }),
    listChannelChoices({ db: getDb() }, actor),
  ]);
  const agent = agents.find((a) => a.id === id);
  if (!agent) notFound();
  // The agent's own provider is listed even when it is not one an admin may pick (a test "mock").
  const providers = [...new Set<string>([...PROVIDERS, agent.provider])].map((p) => ({
    id: p,
    configured: p === agent.provider ? agent.providerConfigured : !!configured[p],
  }));
  return (
    <>
      <Link href="/admin/agents" className="text-sm text-accent-600 hover:underline dark:text-indigo-300">
        ← All agents
      </Link>
      <h1 className="mt-3 text-2xl font-semibold break-words">{agent.name}</h1>
      <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
        {agent.today.runs} runs today ·{" "}
        <Link href={`/admin/agents/${agent.id}/history`} className="text-accent-600 hover:underline dark:text-indigo-300">
          History of changes
        </Link>
      </p>
      <AgentSections agentId={agent.id} />
      {agent.archivedAt ? (
        <p role="status" className="rounded-lg bg-zinc-100 px-3 py-2 text-sm dark:bg-white/5">
          {agent.name} was deleted on {new Date(agent.archivedAt).toUTCString()}. It is never woken again; its messages and runs are kept.
        </p>
      ) : (
        <div className="space-y-6">
          <AgentForm agent={agent} providers={providers} />
          <TestModelButton agentId={agent.id} />
          <AgentSpacesEditor agentId={agent.id} name={agent.name} spaces={agent.spaces} channels={channels} />
          <section className="rounded-2xl border border-red-200 p-4 sm:p-5 dark:border-red-900/60">
            <h2 className="font-semibold">Delete</h2>
            <p className="mt-1 mb-3 text-sm text-zinc-600 dark:text-zinc-400">Archives the agent: it stops acting, and everything it did stays readable.</p>
            <DeleteAgentButton agentId={agent.id} name={agent.name} />
          </section>
        </div>
      )}
    </>
  );
}
