// PUT /api/spaces/:id/agents/:agentId: see server/http/reply-mode.ts.
import { nextRoute } from "@/server/http/next-route";
import { setReplyModeHandler } from "@/server/http/reply-mode";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PUT = nextRoute(setReplyModeHandler);
