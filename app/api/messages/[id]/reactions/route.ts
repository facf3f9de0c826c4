// POST / DELETE /api/messages/:id/reactions: see server/http/reactions.ts.
import { nextRoute } from "@/server/http/next-route";
import { addReactionHandler, removeReactionHandler } from "@/server/http/reactions";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(addReactionHandler);
export const DELETE = nextRoute(removeReactionHandler);
