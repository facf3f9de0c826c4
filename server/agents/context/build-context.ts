// The structured context of one model call. Pure: data in, text out. Each block has its own
// file under blocks/; this one decides their order and the budget. The static part
// (identity, persona, instructions) comes first and does not change between runs, so
// providers can cache the prefix; the dynamic part follows in the fixed block order. The
// trigger and the workspace blocks are bounded on their own; history gets what they leave of
// the budget (blocks/history.ts says what goes first).
import type { ContextInput } from "./context-input";
import { countTokens } from "./token-count";
import { boundTrigger } from "./bound-trigger";
import type { EarlierDigest } from "./earlier-digest";
import { quote } from "./format";
import { identityBlock } from "./blocks/identity";
import { activeSpaceBlock, resumeBlock, triggerBlock } from "./blocks/trigger";
import { historyLines } from "./blocks/history";
import { goalsBlock, memoriesBlock, plansBlock, spacesBlock } from "./blocks/workspace";
import { failureBlock, runsBlock } from "./blocks/runs";
import { closingPrompt } from "./blocks/closing";

export interface BuiltContext {
  text: string;
  staticPart: string;
  /** The closing instruction of the call: what to do with the context (start, or continue after a wait). */
  prompt: string;
  dynamicPart: string;
  tokens: number;
  omittedSeen: number;
  /** [NEW] history lines left out for the budget (they stay unread). */
  omittedNew: number;
  /** The EARLIER IN THIS SPACE digest shown, to cache; null when no history line was left out. */
  earlier: EarlierDigest | null;
  /** The history window's messages, first to last seq: shown to the agent, so its cursor may cross them. */
  seen: { spaceId: string; fromSeq: number; toSeq: number } | null;
}

export const buildStaticPart = identityBlock;

export function buildContext(unbounded: ContextInput): BuiltContext {
  const input = boundTrigger(unbounded);
  const staticPart = buildStaticPart(input.agent);
  const now = new Date(input.now);
  const before = [`NOW: ${quote(input.now)}`, "", triggerBlock(input), ...resumeBlock(input), "", activeSpaceBlock(input)];
  const after = [
    "",
    spacesBlock(input),
    "",
    goalsBlock(input),
    "",
    memoriesBlock(input),
    "",
    plansBlock(input, now),
    "",
    runsBlock(input),
    ...failureBlock(input),
  ];

  const fixed = [staticPart, ...before, ...after].join("\n");
  const budget = Math.max(0, input.maxTokens - countTokens(fixed, input.counting));
  const history = historyLines(input, budget);
  const dynamicPart = [...before, "", ...history.lines, ...after].join("\n");
  const text = `${staticPart}\n\n${dynamicPart}\n`;
  const last = input.history?.messages.at(-1);
  return {
    text,
    staticPart,
    dynamicPart,
    prompt: closingPrompt(input),
    tokens: countTokens(text, input.counting),
    omittedSeen: history.omitted,
    omittedNew: history.omittedNew,
    earlier: history.earlier,
    // [SEEN] lines left out are behind the cursor already; [NEW] ones left out are not in the range.
    seen: last && input.history && history.fromSeq !== null ? { spaceId: input.history.space.id, fromSeq: history.fromSeq, toSeq: last.seq } : null,
  };
}
