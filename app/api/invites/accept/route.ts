// POST /api/invites/accept: see server/http/people.ts.
import { nextRoute } from "@/server/http/next-route";
import { acceptInviteHandler } from "@/server/http/people";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(acceptInviteHandler);
