// GET /api/mentions: see server/http/mentions.ts.
import { nextRoute } from "@/server/http/next-route";
import { listMentionsHandler } from "@/server/http/mentions";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listMentionsHandler);
