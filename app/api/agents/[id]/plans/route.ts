// GET, POST /api/agents/:id/plans: see server/http/agent-plans.ts.
import { nextRoute } from "@/server/http/next-route";
import { listPlansHandler, createPlanHandler } from "@/server/http/agent-plans";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listPlansHandler);
export const POST = nextRoute(createPlanHandler);
