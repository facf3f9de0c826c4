// POST /api/agents/:id/keys: rotate the agent's service key; DELETE: revoke it (admins). See server/http/service-keys.ts.
import { nextRoute } from "@/server/http/next-route";
import { revokeKeyHandler, rotateKeyHandler } from "@/server/http/service-keys";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(rotateKeyHandler);
export const DELETE = nextRoute(revokeKeyHandler);
