// POST /api/runs/:id/stop: see server/http/steering.ts.
import { nextRoute } from "@/server/http/next-route";
import { stopRunHandler } from "@/server/http/steering";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(stopRunHandler);
