import Link from "next/link";
import { notFound } from "next/navigation";
import { AgentForm } from "@/components/admin/agent-form";
import { AgentSections } from "@/components/admin/agent-sections";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { PROVIDERS } from "@/server/domain/agents/agent-settings";
import { configuredProviders } from "@/server/domain/agents/configured-providers";
import { listAgents } from "@/server/domain/agents/list-agents";
import { adminUser } from "../../admin-user";

export const dynamic = "force-dynamic";

export default async function AdminAgentPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await adminUser();
  if (!me) return null; // the layout shows AdminsOnly
  const { id } = await params;
  const configured = configuredProviders(env());
  const agents = await listAgents({ db: getDb() }, { entityId: me.entity.id, userId: me.userId, isAdmin: me.isAdmin }, { providers: configured });
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
        {agent.today.runs} runs today · in{" "}
        {agent.spaces.length ? agent.spaces.map((s) => (s.kind === "channel" ? `#${s.name}` : `DM ${s.name}`)).join(", ") : "no spaces"}
      </p>
      <AgentSections agentId={agent.id} />
      <AgentForm agent={agent} providers={providers} />
    </>
  );
}
