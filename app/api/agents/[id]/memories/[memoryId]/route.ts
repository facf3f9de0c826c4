// PATCH, DELETE /api/agents/:id/memories/:memoryId: see server/http/agent-knowledge.ts.
import { nextRoute } from "@/server/http/next-route";
import { updateMemoryHandler, deleteMemoryHandler } from "@/server/http/agent-knowledge";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const PATCH = nextRoute(updateMemoryHandler);
export const DELETE = nextRoute(deleteMemoryHandler);
