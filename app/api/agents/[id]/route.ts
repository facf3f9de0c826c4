// PATCH /api/agents/:id: see server/http/agents.ts; DELETE: server/http/agent-archive.ts.
import { nextRoute } from "@/server/http/next-route";
import { updateAgentHandler } from "@/server/http/agents";
import { archiveAgentHandler } from "@/server/http/agent-archive";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PATCH = nextRoute(updateAgentHandler);
export const DELETE = nextRoute(archiveAgentHandler);
