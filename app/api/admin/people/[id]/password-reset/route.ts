// POST /api/admin/people/:id/password-reset: see server/http/people.ts.
import { nextRoute } from "@/server/http/next-route";
import { issueResetHandler } from "@/server/http/people";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(issueResetHandler);
