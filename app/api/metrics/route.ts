// GET /api/metrics: see server/http/metrics.ts.
import { nextRoute } from "@/server/http/next-route";
import { metricsHandler } from "@/server/http/metrics";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(metricsHandler);
