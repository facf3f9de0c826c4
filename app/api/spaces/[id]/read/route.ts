// POST /api/spaces/:id/read: see server/http/mark-read.ts.
import { nextRoute } from "@/server/http/next-route";
import { markReadHandler } from "@/server/http/mark-read";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(markReadHandler);
