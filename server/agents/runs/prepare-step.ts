// The call's own steps within the window. Each step sends the context again with every tool
// call and result so far, and read_messages results pile up over a run's steps; once the
// messages would exceed what the budget leaves them, the oldest tool results shrink to
// previews that say how much was left out (the tool can be called again). A result is never
// removed, only shrunk, so every tool call keeps its result next to it, as providers require.
import type { ModelMessage, PrepareStepFunction, ToolSet } from "ai";
import { TOOL_RESULT_PREVIEW_CHARS } from "@/lib/limits";
import { clipText } from "../context/clip";
import { countTokens, type TokenCounting } from "../context/token-count";

/** What the step's messages may take: the window less the reply and the tool schemas. */
export interface StepBudget {
  limit: number;
  counting: TokenCounting;
}

type ToolResultOutput = Extract<Extract<ModelMessage, { role: "tool" }>["content"][number], { type: "tool-result" }>["output"];

const SHRUNK = "[older tool result shrunk to fit the context budget; call the tool again for all of it] ";

const messageTokens = (m: ModelMessage, counting: TokenCounting) =>
  countTokens(typeof m.content === "string" ? m.content : JSON.stringify(m.content), counting);

/** The preview of a tool result, or null when it is already no longer than one. */
function preview(output: ToolResultOutput, chars: number): ToolResultOutput | null {
  const text = output.type === "text" || output.type === "error-text" ? output.value : JSON.stringify("value" in output ? output.value : output);
  if (text.startsWith(SHRUNK) || text.length <= chars) return null;
  return { type: "text", value: `${SHRUNK}${clipText(text ?? "", chars)}` };
}

/** The messages with tool results shrunk, oldest first, until they fit; the newest step's results last of all. */
export function shrinkToolResults(
  messages: ModelMessage[],
  budget: StepBudget,
  onShrunk?: (toolCallId: string, preview: string) => void,
): ModelMessage[] | null {
  const tokens = messages.map((m) => messageTokens(m, budget.counting));
  let total = tokens.reduce((a, b) => a + b, 0);
  if (total <= budget.limit) return null;
  const out = [...messages];
  const toolIndexes = out.flatMap((m, i) => (m.role === "tool" ? [i] : []));
  const newest = toolIndexes.at(-1);
  // The newest step's results are what the model asked for last: shrunk only if the older ones were not enough.
  const order = [...toolIndexes.filter((i) => i !== newest), ...(newest === undefined ? [] : [newest])];
  let changed = false;
  for (const i of order) {
    if (total <= budget.limit) break;
    const m = out[i] as Extract<ModelMessage, { role: "tool" }>;
    const content = m.content.map((part) => {
      if (part.type !== "tool-result") return part;
      const shrunk = preview(part.output, TOOL_RESULT_PREVIEW_CHARS);
      if (shrunk?.type === "text") onShrunk?.(part.toolCallId, shrunk.value);
      return shrunk ? { ...part, output: shrunk } : part;
    });
    const next = { ...m, content } as ModelMessage;
    const t = messageTokens(next, budget.counting);
    if (t < tokens[i]!) {
      total -= tokens[i]! - t;
      tokens[i] = t;
      out[i] = next;
      changed = true;
    }
  }
  return changed ? out : null;
}

/** The prepareStep hook of a model call; the shrunk messages carry forward to later steps. */
export function boundSteps(budget: StepBudget | undefined, onShrunk?: (toolCallId: string, preview: string) => void): PrepareStepFunction<ToolSet> | undefined {
  if (!budget) return undefined;
  return ({ messages }) => {
    const shrunk = shrinkToolResults(messages, budget, onShrunk);
    return shrunk ? { messages: shrunk } : {};
  };
}
