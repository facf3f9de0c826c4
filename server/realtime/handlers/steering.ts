// Socket events for agents' questions and for steering runs from the chat; the HTTP twins are
// in server/http/steering.ts. Each spends its rate limit before any database work.
import type { z } from "zod";
import * as ev from "@/lib/realtime/events";
import type { RateLimitName } from "@/lib/limits";
import type { Actor, Deps } from "../../domain/deps";
import { answerQuestion } from "../../domain/questions/answer-question";
import { stopRun } from "../../domain/steering/stop-run";
import { regenerateAnswer } from "../../domain/steering/regenerate-answer";
import { listRunSteps } from "../../domain/steering/list-run-steps";

type On = <S extends z.ZodType>(event: keyof ev.ClientToServerEvents, schema: S, run: (input: z.output<S>) => Promise<unknown>) => void;
type Limit = (name: RateLimitName, key: string) => Promise<unknown>;

export function registerSteeringHandlers(on: On, deps: Deps, actor: Actor, limit: Limit): void {
  on("question:answer", ev.answerQuestionInput, async (input) => {
    await limit("questionAnswersPerUser", actor.entityId);
    return answerQuestion(deps, actor, input);
  });
  on("run:stop", ev.runIdInput, async (input) => {
    await limit("runSteersPerUser", actor.entityId);
    return stopRun(deps, actor, input);
  });
  on("run:regenerate", ev.messageIdInput, async (input) => {
    await limit("runSteersPerUser", actor.entityId);
    return regenerateAnswer(deps, actor, input);
  });
  on("run:steps", ev.messageIdInput, async (input) => {
    await limit("runStepViewsPerUser", actor.entityId);
    return listRunSteps(deps, actor, input);
  });
}
