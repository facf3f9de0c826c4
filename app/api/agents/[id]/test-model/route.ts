// POST /api/agents/:id/test-model: see server/http/agent-model-test.ts.
import { nextRoute } from "@/server/http/next-route";
import { testModelHandler } from "@/server/http/agent-model-test";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(testModelHandler);
