// DELETE /api/agents/:id/spaces/:spaceId: see server/http/agent-spaces.ts.
import { nextRoute } from "@/server/http/next-route";
import { removeAgentSpaceHandler } from "@/server/http/agent-spaces";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const DELETE = nextRoute(removeAgentSpaceHandler);
