// POST /api/agents/:id/trigger: see server/http/agent-trigger.ts.
import { nextRoute } from "@/server/http/next-route";
import { agentTriggerHandler } from "@/server/http/agent-trigger";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(agentTriggerHandler);
