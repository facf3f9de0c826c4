// YOUR SPACES, GOALS, MEMORIES and PLANS: the agent's standing state, which changes slowly.
// Nothing here depends on the time or on the run, so the blocks repeat byte for byte between runs.
// GOALS and MEMORIES each take at most their cap or BLOCK_SHARE of the context budget,
// whichever is less, and say how many more there are (the tools list them all).
import { MAX_GOALS_CHARS, MAX_MEMORIES_CHARS } from "@/lib/limits";
import type { ReplyMode } from "@/lib/agents/reply-modes";
import type { ContextInput } from "../context-input";

/** What the agent is told about its reply mode in a space; the default says nothing. */
const REPLY_MODE_MARK: Record<ReplyMode, string> = {
  every: "",
  addressed: " [messages here wake you only when they name you or reply to you]",
  off: " [messages here do not wake you]",
};
import { BLOCK_SHARE } from "../budget";
import { boundedLines } from "../clip";
import { quote, relative } from "../format";
import { DEFAULT_CHARS_PER_TOKEN } from "../token-count";

/** A block's room in characters: its cap, or its share of the context budget when that is smaller. */
const roomFor = (input: ContextInput, cap: number) =>
  Math.min(cap, Math.floor(input.maxTokens * BLOCK_SHARE * (input.counting?.charsPerToken ?? DEFAULT_CHARS_PER_TOKEN)));

export function spacesBlock(input: ContextInput): string {
  if (input.spaces.length === 0) return "YOUR SPACES: none";
  const lines = input.spaces.map((s) => {
    const others = s.members.filter((m) => m.id !== input.agent.entityId);
    const shown = others.slice(0, 12).map((m) => `${quote(m.name)} (${m.type})`);
    if (others.length > 12) shown.push(`+${others.length - 12} more`);
    shown.push("You");
    const active = input.activeSpace?.id === s.id ? " [ACTIVE]" : "";
    const kind = s.kind === "direct" ? " [direct]" : "";
    return `  - ${quote(s.name)} (id: ${s.id})${active}${kind}${REPLY_MODE_MARK[s.replyMode ?? "every"]} — ${shown.join(", ")}`;
  });
  return ["YOUR SPACES:", ...lines].join("\n");
}

export function goalsBlock(input: ContextInput): string {
  const { goals } = input;
  if (goals.length === 0) return "GOALS: none";
  const lines = goals.map((g) => `  - [goal:${g.id}] ${quote(g.description)} (${g.longTerm ? "long-term, " : ""}priority: ${g.priority})`);
  return [
    "GOALS:",
    ...boundedLines(
      lines,
      roomFor(input, MAX_GOALS_CHARS),
      (n) => `  … ${n} more goal${n === 1 ? "" : "s"} (lower priority; not shown to fit the context budget)`,
    ),
  ].join("\n");
}

export function memoriesBlock(input: ContextInput): string {
  const { memories } = input;
  if (memories.length === 0) return "MEMORIES: none";
  const lines = memories.map((m) => `  - ${quote(m.key)}: ${quote(m.value)}`);
  return [
    "MEMORIES:",
    ...boundedLines(lines, roomFor(input, MAX_MEMORIES_CHARS), (n) => `  … ${n} more memor${n === 1 ? "y" : "ies"} (use get_memories)`),
  ].join("\n");
}

// Times here are absolute: a relative "in 5m" would change the block every minute. How far
// off each plan is, relative to NOW, is said in the per-run part (plansDueBlock).
export function plansBlock({ plans }: ContextInput): string {
  if (plans.length === 0) return "PLANS: none";
  return [
    "PLANS:",
    ...plans.map((p) => {
      const next = p.nextRunAt ? `next: ${p.nextRunAt}` : "next: none";
      if (p.cron) return `  - ${quote(p.name)} (id: ${p.id}) (recurring, cron: ${quote(p.cron)}, ${next})`;
      const via = p.runAfter ? `  [created via runAfter: ${quote(p.runAfter)}]` : "";
      return `  - ${quote(p.name)} (id: ${p.id}) (one-time, scheduledAt: ${p.scheduledAt ?? p.nextRunAt ?? "?"}, ${next})${via}`;
    }),
  ].join("\n");
}

/** PLANS DUE: when each plan of PLANS next runs, relative to NOW; nothing when none is scheduled. */
export function plansDueBlock({ plans }: ContextInput, now: Date): string[] {
  const due = plans.filter((p) => p.nextRunAt);
  if (due.length === 0) return [];
  return ["PLANS DUE:", ...due.map((p) => `  - ${quote(p.name)} (id: ${p.id}) ${relative(now, new Date(p.nextRunAt!))}`)];
}
