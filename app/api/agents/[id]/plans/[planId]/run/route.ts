// POST /api/agents/:id/plans/:planId/run (start now): see server/http/agent-plans.ts.
import { nextRoute } from "@/server/http/next-route";
import { runPlanNowHandler } from "@/server/http/agent-plans";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(runPlanNowHandler);
