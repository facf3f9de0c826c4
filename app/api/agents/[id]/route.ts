// PATCH /api/agents/:id: see server/http/agents.ts.
import { nextRoute } from "@/server/http/next-route";
import { updateAgentHandler } from "@/server/http/agents";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PATCH = nextRoute(updateAgentHandler);
