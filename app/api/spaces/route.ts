// GET /api/spaces: see server/http/list-spaces.ts; POST (create a channel): server/http/channels.ts.
import { nextRoute } from "@/server/http/next-route";
import { listSpacesHandler } from "@/server/http/list-spaces";
import { createChannelHandler } from "@/server/http/channels";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listSpacesHandler);
export const POST = nextRoute(createChannelHandler);
