// GET, POST /api/agents/:id/memories: see server/http/agent-knowledge.ts.
import { nextRoute } from "@/server/http/next-route";
import { listMemoriesHandler, createMemoryHandler } from "@/server/http/agent-knowledge";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listMemoriesHandler);
export const POST = nextRoute(createMemoryHandler);
