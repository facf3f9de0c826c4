// GET /api/messages/:id/chain: see server/http/chains.ts.
import { nextRoute } from "@/server/http/next-route";
import { getChainHandler } from "@/server/http/chains";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(getChainHandler);
