// GET / POST /api/spaces/:id/messages: see server/http/list-messages.ts and send-message.ts.
import { nextRoute } from "@/server/http/next-route";
import { listMessagesHandler } from "@/server/http/list-messages";
import { sendMessageHandler } from "@/server/http/send-message";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listMessagesHandler);
export const POST = nextRoute(sendMessageHandler);
