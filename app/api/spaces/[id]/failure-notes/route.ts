// GET /api/spaces/:id/failure-notes: see server/http/failure-notes.ts.
import { nextRoute } from "@/server/http/next-route";
import { listFailureNotesHandler } from "@/server/http/failure-notes";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listFailureNotesHandler);
