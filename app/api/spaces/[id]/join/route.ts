// POST /api/spaces/:id/join (a public channel): see server/http/channels.ts.
import { nextRoute } from "@/server/http/next-route";
import { joinPublicChannelHandler } from "@/server/http/channels";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(joinPublicChannelHandler);
