// PATCH /api/admin/people/:id: see server/http/people.ts.
import { nextRoute } from "@/server/http/next-route";
import { changePersonHandler } from "@/server/http/people";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PATCH = nextRoute(changePersonHandler);
