// GET /api/runs/:id: see server/http/runs.ts.
import { nextRoute } from "@/server/http/next-route";
import { getRunHandler } from "@/server/http/runs";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(getRunHandler);
