// PUT /api/spaces/:id/notifications: see server/http/mentions.ts.
import { nextRoute } from "@/server/http/next-route";
import { setNotifyLevelHandler } from "@/server/http/mentions";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PUT = nextRoute(setNotifyLevelHandler);
