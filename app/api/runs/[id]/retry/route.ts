// POST /api/runs/:id/retry: see server/http/runs.ts.
import { nextRoute } from "@/server/http/next-route";
import { retryRunHandler } from "@/server/http/runs";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(retryRunHandler);
