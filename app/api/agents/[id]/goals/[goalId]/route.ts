// PATCH, DELETE /api/agents/:id/goals/:goalId: see server/http/agent-knowledge.ts.
import { nextRoute } from "@/server/http/next-route";
import { updateGoalHandler, deleteGoalHandler } from "@/server/http/agent-knowledge";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PATCH = nextRoute(updateGoalHandler);
export const DELETE = nextRoute(deleteGoalHandler);
