// GET /api/runs: see server/http/runs.ts.
import { nextRoute } from "@/server/http/next-route";
import { listRunsHandler } from "@/server/http/runs";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listRunsHandler);
