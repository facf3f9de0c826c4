// The call's own steps within the window. Each step sends the context again with every tool
// call and result so far, and results pile up over a run's steps. Once the messages would
// exceed what the budget leaves them, in order:
//   1. the oldest tool results shrink to a one-line summary (what the tool returned, counted);
//   2. the oldest steps drop out whole, call and result together (providers want every call
//      next to its result), and one marker line says how many and which tools, with the
//      texts of messages they sent, so none is sent twice;
//   3. the newest step's results, what the model asked for last, shrink to a preview.
// So a long tool loop stays in the window: what it keeps grows with the newest steps only.
import type { ModelMessage, PrepareStepFunction, ToolSet } from "ai";
import { TOOL_RESULT_PREVIEW_CHARS } from "@/lib/limits";
import { clip, oneLineJson } from "../context/format";
import { clipText } from "../context/clip";
import { summarize } from "../context/run-actions";
import { countTokens, type TokenCounting } from "../context/token-count";

/** What the step's messages may take: the window less the reply and the tool schemas. */
export interface StepBudget {
  limit: number;
  counting: TokenCounting;
}

type ToolMessage = Extract<ModelMessage, { role: "tool" }>;
type ToolResultOutput = Extract<ToolMessage["content"][number], { type: "tool-result" }>["output"];

const SUMMARY = "[older tool result left out to fit the context budget; call the tool again for it] ";
const SHRUNK = "[tool result shrunk to fit the context budget; call the tool again for all of it] ";
export const DROPPED = "[earlier tool steps of this model call left out to fit the context budget";
/** A sent message's text in the marker: enough to recognise it. */
const SENT_CHARS = 120;

const messageTokens = (m: ModelMessage, counting: TokenCounting) =>
  countTokens(typeof m.content === "string" ? m.content : JSON.stringify(m.content), counting);

const outputText = (output: ToolResultOutput): string =>
  output.type === "text" || output.type === "error-text" ? output.value : JSON.stringify("value" in output ? output.value : output);

const isShrunk = (text: string) => text.startsWith(SUMMARY) || text.startsWith(SHRUNK);

/** The one-line summary of a tool result, or null when it already is one. */
function summary(toolName: string, output: ToolResultOutput): ToolResultOutput | null {
  const text = outputText(output);
  if (isShrunk(text)) return null;
  const value = output.type === "json" || output.type === "error-json" ? output.value : text;
  return { type: "text", value: `${SUMMARY}${toolName}: ${summarize(value, false)}` };
}

/** The preview of a tool result, or null when it is already no longer than one. */
function preview(output: ToolResultOutput): ToolResultOutput | null {
  const text = outputText(output);
  if (isShrunk(text) || text.length <= TOOL_RESULT_PREVIEW_CHARS) return null;
  return { type: "text", value: `${SHRUNK}${clipText(text, TOOL_RESULT_PREVIEW_CHARS)}` };
}

function mapResults(m: ToolMessage, f: (toolName: string, output: ToolResultOutput) => ToolResultOutput | null): ToolMessage {
  const content = m.content.map((part) => {
    if (part.type !== "tool-result") return part;
    const next = f(part.toolName, part.output);
    return next ? { ...part, output: next } : part;
  });
  return { ...m, content };
}

/** What a marker says: steps left out, per tool, and the texts they sent. */
interface Dropped {
  steps: number;
  tools: Map<string, number>;
  sent: string[];
}

/** The marker's own tally, read back when more steps join it. */
function readMarker(text: string | undefined): Dropped {
  const d: Dropped = { steps: 0, tools: new Map(), sent: [] };
  if (!text) return d;
  d.steps = Number(/: (\d+) steps? \(/.exec(text)?.[1] ?? 0);
  const list = /steps? \(([^)]*)\)/.exec(text)?.[1] ?? "";
  for (const m of list.matchAll(/(\w+) ×(\d+)/g)) d.tools.set(m[1]!, Number(m[2]));
  const sent = /do not send them again: (.*)\. Call a tool again/.exec(text)?.[1];
  if (sent) d.sent = JSON.parse(`[${sent}]`) as string[];
  return d;
}

/** The marker for dropped steps: how many, which tools, and what they sent (added to an earlier marker's). */
function dropMarker(dropped: ModelMessage[], earlier: Dropped): ModelMessage {
  const tools = new Map(earlier.tools);
  const sent = [...earlier.sent];
  for (const m of dropped) {
    if (m.role !== "assistant" || typeof m.content === "string") continue;
    for (const p of m.content) {
      if (p.type !== "tool-call") continue;
      tools.set(p.toolName, (tools.get(p.toolName) ?? 0) + 1);
      const text = (p.input as { text?: unknown } | null)?.text;
      if (p.toolName === "send_message" && typeof text === "string") sent.push(clip(text, SENT_CHARS));
    }
  }
  const steps = earlier.steps + dropped.filter((m) => m.role === "assistant").length;
  const list = [...tools].map(([name, n]) => `${name} ×${n}`).join(", ");
  const said = sent.length ? `; send_message texts, already sent, do not send them again: ${sent.map(oneLineJson).join(", ")}` : "";
  return { role: "user", content: `${DROPPED}: ${steps} step${steps === 1 ? "" : "s"} (${list})${said}. Call a tool again to see its result.]` };
}

/** Steps (an assistant message and the tool results after it) as index ranges, oldest first. */
function stepRanges(messages: ModelMessage[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < messages.length; i++) {
    if (messages[i]!.role !== "assistant") continue;
    let end = i + 1;
    while (end < messages.length && messages[end]!.role === "tool") end++;
    out.push([i, end]);
  }
  return out;
}

/** The messages within the budget (see the steps above); null when they fit as they are. */
export function shrinkToolResults(messages: ModelMessage[], budget: StepBudget, onShrunk?: (toolCallId: string, shown: string) => void): ModelMessage[] | null {
  // Messages carry forward from step to step as the same objects: each is counted once.
  const counted = new WeakMap<ModelMessage, number>();
  const count = (m: ModelMessage) => {
    let n = counted.get(m);
    if (n === undefined) counted.set(m, (n = messageTokens(m, budget.counting)));
    return n;
  };
  const sum = (ms: ModelMessage[]) => ms.reduce((n, m) => n + count(m), 0);
  if (sum(messages) <= budget.limit) return null;
  let out = [...messages];
  const steps = stepRanges(out);
  const newest = steps.at(-1);
  const older = steps.slice(0, -1);
  // 1. The older results, oldest first, to one-line summaries.
  let total = sum(out);
  for (const [from, to] of older) {
    for (let i = from + 1; i < to && total > budget.limit; i++) {
      const before = count(out[i]!);
      out[i] = mapResults(out[i] as ToolMessage, summary);
      total += count(out[i]!) - before;
    }
  }
  // 2. The older steps drop out whole, oldest first, behind one marker (an earlier one is replaced).
  const markerAt = out.findIndex((m) => m.role === "user" && typeof m.content === "string" && m.content.startsWith(DROPPED));
  const earlier = readMarker(markerAt >= 0 ? (out[markerAt]!.content as string) : undefined);
  let dropCount = 0;
  while (total > budget.limit && dropCount < older.length) {
    dropCount++;
    const [first] = older[0]!;
    const end = older[dropCount - 1]![1];
    const dropped = out.slice(first, end);
    const kept = [...out.slice(0, first), dropMarker(dropped, earlier), ...out.slice(end)].filter((m, i) => i === first || !isMarker(m));
    total = sum(kept);
    if (total <= budget.limit || dropCount === older.length) out = kept;
  }
  // 3. The newest step's results, last of all.
  if (total > budget.limit && newest) {
    const from = out.findLastIndex((m) => m.role === "assistant");
    out = out.map((m, i) => (i > from && m.role === "tool" ? mapResults(m, (_, o) => preview(o)) : m));
  }
  const changed = out.length !== messages.length || out.some((m, i) => m !== messages[i]);
  if (changed && onShrunk) reportShrunk(messages, out, onShrunk);
  return changed ? out : null;
}

/**
 * Tells the caller what the model now sees of each tool result that changed: a summary or a
 * preview's text, or "" for a step that dropped out. What counts as seen follows it
 * (tools/run-scope.ts pageShrunk): a page the model no longer sees in full counts only the lines it still shows.
 */
function reportShrunk(before: ModelMessage[], after: ModelMessage[], onShrunk: (toolCallId: string, shown: string) => void): void {
  const results = (ms: ModelMessage[]) =>
    new Map(ms.flatMap((m) => (m.role === "tool" ? m.content.flatMap((p) => (p.type === "tool-result" ? [[p.toolCallId, p.output] as const] : [])) : [])));
  const now = results(after);
  for (const [id, output] of results(before)) {
    const next = now.get(id);
    if (next === undefined) onShrunk(id, "");
    else if (next !== output) onShrunk(id, outputText(next));
  }
}

const isMarker = (m: ModelMessage) => m.role === "user" && typeof m.content === "string" && m.content.startsWith(DROPPED);

/** The prepareStep hook of a model call; the shrunk messages carry forward to later steps. */
export function boundSteps(budget: StepBudget | undefined, onShrunk?: (toolCallId: string, preview: string) => void): PrepareStepFunction<ToolSet> | undefined {
  if (!budget) return undefined;
  return ({ messages }) => {
    const shrunk = shrinkToolResults(messages, budget, onShrunk);
    return shrunk ? { messages: shrunk } : {};
  };
}
