// GET /api/messages/:id/steps: see server/http/steering.ts.
import { nextRoute } from "@/server/http/next-route";
import { runStepsHandler } from "@/server/http/steering";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(runStepsHandler);
