// GET /api/messages/:id/thread: see server/http/threads.ts.
import { nextRoute } from "@/server/http/next-route";
import { getThreadHandler } from "@/server/http/threads";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(getThreadHandler);
