// GET /api/threads: see server/http/threads.ts.
import { nextRoute } from "@/server/http/next-route";
import { listThreadsHandler } from "@/server/http/threads";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listThreadsHandler);
