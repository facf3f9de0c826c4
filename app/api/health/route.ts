// GET /api/health: see server/http/health.ts.
import { nextRoute } from "@/server/http/next-route";
import { healthHandler } from "@/server/http/health";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(healthHandler);
