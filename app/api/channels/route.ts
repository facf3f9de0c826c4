// GET /api/channels?public=true&q=: see server/http/channels.ts.
import { nextRoute } from "@/server/http/next-route";
import { browseChannelsHandler } from "@/server/http/channels";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(browseChannelsHandler);
