// Members steering agents from the chat (server/domain/steering, server/domain/questions):
//   POST /api/messages/:id/answer {option}  → { question }   the asked person presses a choice under an agent's question
//   POST /api/runs/:id/stop                 → { stopped }    the requester, the space's owners and admins stop a run
//   POST /api/messages/:id/regenerate       → 201 { runId }  the requester asks for a new answer to an agent's message
//   GET  /api/messages/:id/steps            → RunStepsDto    what the run behind an agent's message did, as the caller may see it
// The same verbs are socket events (server/realtime/handlers/steering.ts).
import { answerQuestionInput } from "@/lib/realtime/events";
import type { RunStepsDto } from "@/lib/runs/run-steps";
import { answerQuestion } from "../domain/questions/answer-question";
import { stopRun } from "../domain/steering/stop-run";
import { regenerateAnswer } from "../domain/steering/regenerate-answer";
import { listRunSteps } from "../domain/steering/list-run-steps";
import { actorOf, authed } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

const answerBody = answerQuestionInput.pick({ option: true }).strict();

export const answerQuestionHandler = authed<{ id: string }>(
  async (req, deps, { id }, caller) => {
    const { option } = await readJson(req, answerBody);
    return json(await answerQuestion(deps, actorOf(caller), { messageId: id, option }));
  },
  { limit: "questionAnswersPerUser" },
);

export const stopRunHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => json(await stopRun(deps, actorOf(caller), { runId: id })), {
  limit: "runSteersPerUser",
});

export const regenerateHandler = authed<{ id: string }>(
  async (_req, deps, { id }, caller) => json(await regenerateAnswer(deps, actorOf(caller), { messageId: id }), 201),
  { limit: "runSteersPerUser" },
);

export const runStepsHandler = authed<{ id: string }>(
  async (_req, deps, { id }, caller) => json((await listRunSteps(deps, actorOf(caller), { messageId: id })) satisfies RunStepsDto),
  { limit: "runStepViewsPerUser" },
);
