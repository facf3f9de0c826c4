// POST /api/runs/:id/cancel: see server/http/runs.ts.
import { nextRoute } from "@/server/http/next-route";
import { cancelRunHandler } from "@/server/http/runs";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(cancelRunHandler);
