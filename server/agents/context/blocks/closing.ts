// The closing instruction of a model call, sent after the context. A resumed or restarted
// call is a continuation of the same run, not a new one: it is told so here, or it would
// act on the TRIGGER a second time.
import type { ContextInput } from "../context-input";

export const RUN_PROMPT = "Your run has started. Act on the TRIGGER above, or end without sending anything if you have nothing to add.";

export const RESUME_PROMPT =
  "Your run resumes after its wait. You already handled the TRIGGER earlier in this run: do not answer it again. Continue from RESUMED (the reply, or the timeout), with THIS RUN SO FAR as what you did before the wait; end without sending anything if nothing is left to do.";

export const TAKEOVER_PROMPT =
  "Your run was interrupted and restarts with a fresh model call. THIS RUN SO FAR lists what it already did: the messages listed there were already sent, so do not send them again. Finish what is left of the TRIGGER, or end without sending anything if nothing is.";

export const closingPrompt = (input: ContextInput): string => {
  if (input.thisRun?.interrupted) return TAKEOVER_PROMPT;
  if (input.resume) return RESUME_PROMPT;
  return RUN_PROMPT;
};
