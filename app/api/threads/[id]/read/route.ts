// POST /api/threads/:id/read: see server/http/threads.ts.
import { nextRoute } from "@/server/http/next-route";
import { markThreadReadHandler } from "@/server/http/threads";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(markThreadReadHandler);
