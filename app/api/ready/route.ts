// GET /api/ready: see server/http/ready.ts.
import { nextRoute } from "@/server/http/next-route";
import { readyHandler } from "@/server/http/ready";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(readyHandler);
