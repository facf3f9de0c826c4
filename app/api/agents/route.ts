// GET /api/agents, POST /api/agents: see server/http/agents.ts.
import { nextRoute } from "@/server/http/next-route";
import { createAgentHandler, listAgentsHandler } from "@/server/http/agents";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listAgentsHandler);
export const POST = nextRoute(createAgentHandler);
