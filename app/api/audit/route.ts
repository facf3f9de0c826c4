// GET /api/audit: see server/http/audit.ts.
import { nextRoute } from "@/server/http/next-route";
import { listAuditHandler } from "@/server/http/audit";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listAuditHandler);
