// GET /api/spaces: see server/http/list-spaces.ts.
import { nextRoute } from "@/server/http/next-route";
import { listSpacesHandler } from "@/server/http/list-spaces";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listSpacesHandler);
