import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { AgentSections } from "@/components/admin/agent-sections";
import { CurlSnippet } from "@/components/admin/services/curl-snippet";
import { ServiceKeyCard } from "@/components/admin/services/service-key-card";
import { ServiceRuns } from "@/components/admin/services/service-runs";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { isAppError } from "@/server/domain/errors";
import { getServicePanel } from "@/server/domain/agents/service-keys/get-service-panel";
import { adminUser } from "../../../admin-user";

export const dynamic = "force-dynamic";

/** The address services should call: APP_URL when set, else the one this page was asked on. */
async function appUrl(): Promise<string> {
  const configured = env().APP_URL;
  if (configured) return configured.replace(/\/$/, "");
  const h = await headers();
  const proto = h.get("x-forwarded-proto") === "https" ? "https" : "http";
  return `${proto}://${h.get("host") ?? "localhost:3000"}`;
}

export default async function AgentServicesPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const { id } = await params;
  const panel = await getServicePanel({ db: getDb() }, { entityId: me.entity.id, userId: me.userId, isAdmin: me.isAdmin }, { agentId: id }).catch((e) => {
    if (isAppError(e) && e.code === "not_found") notFound();
    throw e;
  });
  return (
    <>
      <Link href={`/admin/agents/${id}`} className="text-sm text-accent-600 hover:underline dark:text-indigo-300">
        ← {panel.agent.name}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold break-words">Services: {panel.agent.name}</h1>
      <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
        Services (CI, webhooks, scripts) wake this agent with its key.
        {!panel.agent.enabled && " The agent is disabled: triggers are refused until it is enabled."}
      </p>
      <AgentSections agentId={id} />
      <div className="space-y-6">
        <ServiceKeyCard agentId={id} initial={panel.key} spaces={panel.spaces} me={me.entity.name} />
        <CurlSnippet appUrl={await appUrl()} agentId={id} />
        <ServiceRuns agentId={id} entityId={panel.agent.entityId} initial={panel.runs} />
      </div>
    </>
  );
}
