// PATCH / DELETE /api/messages/:id: see server/http/message-changes.ts.
import { nextRoute } from "@/server/http/next-route";
import { deleteMessageHandler, editMessageHandler } from "@/server/http/message-changes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PATCH = nextRoute(editMessageHandler);
export const DELETE = nextRoute(deleteMessageHandler);
