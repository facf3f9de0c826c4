// GET / POST /api/tokens: see server/http/api-tokens.ts.
import { nextRoute } from "@/server/http/next-route";
import { createTokenHandler, listTokensHandler } from "@/server/http/api-tokens";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listTokensHandler);
export const POST = nextRoute(createTokenHandler);
