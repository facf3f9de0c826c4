// GET /api/admin/people: see server/http/people.ts.
import { nextRoute } from "@/server/http/next-route";
import { listPeopleHandler } from "@/server/http/people";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listPeopleHandler);
