// POST /api/messages/:id/regenerate: see server/http/steering.ts.
import { nextRoute } from "@/server/http/next-route";
import { regenerateHandler } from "@/server/http/steering";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(regenerateHandler);
