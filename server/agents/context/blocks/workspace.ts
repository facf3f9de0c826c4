// YOUR SPACES, GOALS, MEMORIES and PLANS: the agent's standing state, which changes slowly.
// Nothing here depends on the time or on the run, so the blocks repeat byte for byte between runs.
// Each takes at most the room it is given in tokens (build-context.ts shares the budget out)
// and says how many more there are and where to read them; a block given no room is its
// header and that count.
import { MAX_GOALS_TOKENS, MAX_MEMORIES_TOKENS } from "@/lib/limits";
import type { ReplyMode } from "@/lib/agents/reply-modes";
import type { ContextInput } from "../context-input";
import { fitPrefix, type LineCounter } from "../fit";
import { quote, relative } from "../format";

/** What the agent is told about its reply mode in a space; the default says nothing. */
const REPLY_MODE_MARK: Record<ReplyMode, string> = {
  every: "",
  auto: " [messages here wake you when addressed to you, or when addressed to nobody and on your topics]",
  addressed: " [messages here wake you only when they name you or reply to you]",
  off: " [messages here do not wake you]",
};

/** A block with no limit: every item shown. */
const ALL = Number.POSITIVE_INFINITY;
const noCount: LineCounter = () => 0;
const more = (n: number, what: string, where: string) => (n ? [`  … ${n} more ${what} not shown to fit the context budget${where}`] : []);

/** The active space and the trigger's stay whatever the room: the model acts there. */
export function spacesBlock(input: ContextInput, room = ALL, count: LineCounter = noCount): string {
  if (input.spaces.length === 0) return "YOUR SPACES: none";
  const pinned = new Set([input.activeSpace?.id, input.trigger.type === "space_message" ? input.trigger.space.id : undefined]);
  const line = (s: ContextInput["spaces"][number]) => {
    const others = s.members.filter((m) => m.id !== input.agent.entityId);
    const shown = others.slice(0, 12).map((m) => `${quote(m.name)} (${m.type})`);
    if (others.length > 12) shown.push(`+${others.length - 12} more`);
    shown.push("You");
    const active = input.activeSpace?.id === s.id ? " [ACTIVE]" : "";
    const kind = s.kind === "direct" ? " [direct]" : "";
    return `  - ${quote(s.name)} (id: ${s.id})${active}${kind}${REPLY_MODE_MARK[s.replyMode ?? "every"]} — ${shown.join(", ")}`;
  };
  const others = input.spaces.filter((s) => !pinned.has(s.id));
  const render = (kept: typeof others, left: number) => {
    const shown = new Set([...kept.map((s) => s.id), ...pinned]);
    return ["YOUR SPACES:", ...input.spaces.filter((s) => shown.has(s.id)).map(line), ...more(left, left === 1 ? "space" : "spaces", "")];
  };
  return fitPrefix(others, room, render, count).join("\n");
}

export function goalsBlock(input: ContextInput, room = ALL, count: LineCounter = noCount): string {
  const { goals } = input;
  if (goals.length === 0) return "GOALS: none";
  const line = (g: ContextInput["goals"][number]) => `  - [goal:${g.id}] ${quote(g.description)} (${g.longTerm ? "long-term, " : ""}priority: ${g.priority})`;
  // In priority order, so the most important goals are the ones shown.
  const render = (kept: typeof goals, left: number) => [
    "GOALS:",
    ...kept.map(line),
    ...(left ? [`  … ${left} more goal${left === 1 ? "" : "s"} (lower priority; not shown to fit the context budget)`] : []),
  ];
  return fitPrefix(goals, Math.min(room, MAX_GOALS_TOKENS), render, count).join("\n");
}

export function memoriesBlock(input: ContextInput, room = ALL, count: LineCounter = noCount): string {
  const { memories } = input;
  if (memories.length === 0) return "MEMORIES: none";
  const render = (kept: typeof memories, left: number) => [
    "MEMORIES:",
    ...kept.map((m) => `  - ${quote(m.key)}: ${quote(m.value)}`),
    ...(left ? [`  … ${left} more memor${left === 1 ? "y" : "ies"} (use get_memories)`] : []),
  ];
  return fitPrefix(memories, Math.min(room, MAX_MEMORIES_TOKENS), render, count).join("\n");
}

// Times here are absolute: a relative "in 5m" would change the block every minute. How far
// off each plan is, relative to NOW, is said in the per-run part (plansDueBlock).
export function plansBlock({ plans }: ContextInput, room = ALL, count: LineCounter = noCount): string {
  if (plans.length === 0) return "PLANS: none";
  const line = (p: ContextInput["plans"][number]) => {
    const next = p.nextRunAt ? `next: ${p.nextRunAt}` : "next: none";
    if (p.cron) return `  - ${quote(p.name)} (id: ${p.id}) (recurring, cron: ${quote(p.cron)}, ${next})`;
    const via = p.runAfter ? `  [created via runAfter: ${quote(p.runAfter)}]` : "";
    return `  - ${quote(p.name)} (id: ${p.id}) (one-time, scheduledAt: ${p.scheduledAt ?? p.nextRunAt ?? "?"}, ${next})${via}`;
  };
  const render = (kept: typeof plans, left: number) => ["PLANS:", ...kept.map(line), ...more(left, left === 1 ? "plan" : "plans", " (use get_plans)")];
  return fitPrefix(plans, room, render, count).join("\n");
}

/**
 * PLANS DUE: how far off the next plan of PLANS is, relative to NOW. Only that one: PLANS
 * lists them all with absolute times once, and NOW says where the clock stands.
 */
export function plansDueBlock({ plans }: ContextInput, now: Date): string[] {
  const next = plans.filter((p) => p.nextRunAt).sort((a, b) => a.nextRunAt!.localeCompare(b.nextRunAt!))[0];
  if (!next) return [];
  return ["PLANS DUE:", `  - ${quote(next.name)} (id: ${next.id}) ${relative(now, new Date(next.nextRunAt!))}`];
}
