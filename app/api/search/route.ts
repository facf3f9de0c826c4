// GET /api/search: see server/http/search.ts.
import { nextRoute } from "@/server/http/next-route";
import { searchHandler } from "@/server/http/search";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(searchHandler);
