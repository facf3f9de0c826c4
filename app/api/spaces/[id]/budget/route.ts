// PUT /api/spaces/:id/budget: see server/http/space-budget.ts.
import { nextRoute } from "@/server/http/next-route";
import { setSpaceBudgetHandler } from "@/server/http/space-budget";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PUT = nextRoute(setSpaceBudgetHandler);
