// DELETE /api/admin/people/invites/:id: see server/http/people.ts.
import { nextRoute } from "@/server/http/next-route";
import { revokeInviteHandler } from "@/server/http/people";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const DELETE = nextRoute(revokeInviteHandler);
