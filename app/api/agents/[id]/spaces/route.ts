// POST /api/agents/:id/spaces: see server/http/agent-spaces.ts.
import { nextRoute } from "@/server/http/next-route";
import { addAgentSpaceHandler } from "@/server/http/agent-spaces";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(addAgentSpaceHandler);
