// The closing instruction of a model call, sent after the context.
import type { ContextInput } from "../context-input";

export const RUN_PROMPT = "Your run has started. Act on the TRIGGER above, or end without sending anything if you have nothing to add.";

export const closingPrompt = (_input: ContextInput): string => RUN_PROMPT;
