// GET /api/usage?days=: see server/http/usage.ts.
import { nextRoute } from "@/server/http/next-route";
import { usageHandler } from "@/server/http/usage";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(usageHandler);
