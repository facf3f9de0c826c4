// DELETE /api/tokens/:id: see server/http/api-tokens.ts.
import { nextRoute } from "@/server/http/next-route";
import { revokeTokenHandler } from "@/server/http/api-tokens";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const DELETE = nextRoute(revokeTokenHandler);
