// The trigger as the context shows it: a long message or plan instruction is cut at
// MAX_TRIGGER_TEXT_CHARS and a service payload keeps its shape within as many characters,
// each saying what was left out. The whole text stays one read_messages away (a message) or
// in the run's record (a payload); the context must fit whatever a sender typed.
import { MAX_TRIGGER_TEXT_CHARS } from "@/lib/limits";
import type { ContextInput } from "./context-input";
import { clipJson, clipText } from "./clip";

export function boundTrigger(input: ContextInput, max = MAX_TRIGGER_TEXT_CHARS): ContextInput {
  const t = input.trigger;
  if (t.type === "space_message") return { ...input, trigger: { ...t, message: { ...t.message, text: clipText(t.message.text, max) } } };
  if (t.type === "plan") return { ...input, trigger: { ...t, plan: { ...t.plan, instruction: clipText(t.plan.instruction, max) } } };
  const payload = clipJson(t.payload ?? null, max);
  return { ...input, trigger: { ...t, payload, ...(payload !== (t.payload ?? null) ? { payloadClipped: true } : {}) } };
}
