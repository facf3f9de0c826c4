// GET /api/entities: see server/http/list-entities.ts.
import { nextRoute } from "@/server/http/next-route";
import { listEntitiesHandler } from "@/server/http/list-entities";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listEntitiesHandler);
