// PATCH /api/spaces/:id (channel settings, archive): see server/http/channels.ts.
import { nextRoute } from "@/server/http/next-route";
import { updateSpaceHandler } from "@/server/http/channels";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PATCH = nextRoute(updateSpaceHandler);
