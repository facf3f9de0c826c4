// The structured context of one model call. Pure: data in, text out. Each block has its own
// file under blocks/; this one decides their order and the budget. The static part
// (identity, persona, instructions) comes first and does not change between runs, so
// providers can cache the prefix; the dynamic part follows in the fixed block order. When
// the whole text would exceed the budget, the oldest [SEEN] history lines go first, and the
// block says how many were left out.
import type { ContextInput } from "./context-input";
import { estimateTokens } from "./budget";
import { quote } from "./format";
import { identityBlock } from "./blocks/identity";
import { activeSpaceBlock, resumeBlock, triggerBlock } from "./blocks/trigger";
import { historyLines } from "./blocks/history";
import { goalsBlock, memoriesBlock, plansBlock, spacesBlock } from "./blocks/workspace";
import { runsBlock } from "./blocks/runs";
import { closingPrompt } from "./blocks/closing";
import { foldedLines } from "./blocks/folded";
import { thisRunBlock } from "./blocks/this-run";
import { failuresBlock } from "./blocks/failures";

export interface BuiltContext {
  text: string;
  staticPart: string;
  /** The closing instruction of the call: what to do with the context (start, or continue after a wait). */
  prompt: string;
  dynamicPart: string;
  tokens: number;
  omittedSeen: number;
  /** The history window's messages, first to last seq: shown to the agent, so its cursor may cross them. */
  seen: { spaceId: string; fromSeq: number; toSeq: number } | null;
}

export const buildStaticPart = identityBlock;

export function buildContext(input: ContextInput): BuiltContext {
  const staticPart = buildStaticPart(input.agent);
  const now = new Date(input.now);
  const before = [
    `NOW: ${quote(input.now)}`,
    "",
    triggerBlock(input),
    ...foldedLines(input),
    ...resumeBlock(input),
    ...thisRunBlock(input),
    "",
    activeSpaceBlock(input),
  ];
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
    ...failuresBlock(input),
  ];

  const fixed = [staticPart, ...before, ...after].join("\n");
  const budget = Math.max(0, input.maxTokens - estimateTokens(fixed));
  const { lines, omitted } = historyLines(input, budget);
  const dynamicPart = [...before, "", ...lines, ...after].join("\n");
  const text = `${staticPart}\n\n${dynamicPart}\n`;
  const last = input.history?.messages.at(-1);
  return {
    text,
    staticPart,
    dynamicPart,
    prompt: closingPrompt(input),
    tokens: estimateTokens(text),
    omittedSeen: omitted,
    // Lines left out for the budget are old [SEEN] ones, already behind the cursor.
    seen: last && input.history ? { spaceId: input.history.space.id, fromSeq: input.history.shownFromSeq, toSeq: last.seq } : null,
  };
}
