// POST /api/messages/:id/answer: see server/http/steering.ts.
import { nextRoute } from "@/server/http/next-route";
import { answerQuestionHandler } from "@/server/http/steering";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(answerQuestionHandler);
