// PATCH, DELETE /api/agents/:id/plans/:planId: see server/http/agent-plans.ts.
import { nextRoute } from "@/server/http/next-route";
import { updatePlanHandler, deletePlanHandler } from "@/server/http/agent-plans";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PATCH = nextRoute(updatePlanHandler);
export const DELETE = nextRoute(deletePlanHandler);
