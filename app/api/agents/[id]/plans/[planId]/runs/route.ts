// GET /api/agents/:id/plans/:planId/runs: see server/http/agent-plans.ts.
import { nextRoute } from "@/server/http/next-route";
import { listPlanRunsHandler } from "@/server/http/agent-plans";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listPlanRunsHandler);
