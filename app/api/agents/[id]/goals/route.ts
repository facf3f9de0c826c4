// GET, POST /api/agents/:id/goals: see server/http/agent-knowledge.ts.
import { nextRoute } from "@/server/http/next-route";
import { listGoalsHandler, createGoalHandler } from "@/server/http/agent-knowledge";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listGoalsHandler);
export const POST = nextRoute(createGoalHandler);
