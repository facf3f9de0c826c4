// DELETE /api/spaces/:id/members/:entityId: see server/http/channels.ts.
import { nextRoute } from "@/server/http/next-route";
import { removeMemberHandler } from "@/server/http/channels";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const DELETE = nextRoute(removeMemberHandler);
