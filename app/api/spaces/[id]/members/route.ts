// POST /api/spaces/:id/members: see server/http/channels.ts.
import { nextRoute } from "@/server/http/next-route";
import { addMembersHandler } from "@/server/http/channels";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(addMembersHandler);
