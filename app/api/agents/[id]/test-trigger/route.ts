// POST /api/agents/:id/test-trigger: see server/http/test-trigger.ts.
import { nextRoute } from "@/server/http/next-route";
import { testTriggerHandler } from "@/server/http/test-trigger";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(testTriggerHandler);
