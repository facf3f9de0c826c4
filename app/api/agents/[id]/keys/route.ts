// POST /api/agents/:id/keys: rotate the agent's service key (admins). See server/http/runs.ts.
import { nextRoute } from "@/server/http/next-route";
import { rotateKeyHandler } from "@/server/http/runs";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(rotateKeyHandler);
