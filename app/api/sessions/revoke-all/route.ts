// POST /api/sessions/revoke-all: see server/http/sessions.ts.
import { nextRoute } from "@/server/http/next-route";
import { revokeAllSessionsHandler } from "@/server/http/sessions";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(revokeAllSessionsHandler);
