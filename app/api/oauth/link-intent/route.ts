// POST /api/oauth/link-intent: see server/http/oauth-link-intent.ts.
import { nextRoute } from "@/server/http/next-route";
import { linkIntentHandler } from "@/server/http/oauth-link-intent";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(linkIntentHandler);
