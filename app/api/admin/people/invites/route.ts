// GET / POST /api/admin/people/invites: see server/http/people.ts.
import { nextRoute } from "@/server/http/next-route";
import { createInviteHandler, listInvitesHandler } from "@/server/http/people";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listInvitesHandler);
export const POST = nextRoute(createInviteHandler);
