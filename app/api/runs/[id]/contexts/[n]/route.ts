// GET /api/runs/:id/contexts/:n: see server/http/runs.ts.
import { nextRoute } from "@/server/http/next-route";
import { getRunCallContextHandler } from "@/server/http/runs";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(getRunCallContextHandler);
