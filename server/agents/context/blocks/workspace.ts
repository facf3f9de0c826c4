// YOUR SPACES, GOALS, MEMORIES and PLANS: the agent's standing state, which changes slowly.
// Nothing here depends on the time or on the run, so the blocks repeat byte for byte between runs.
import type { ContextInput } from "../context-input";
import { quote, relative } from "../format";

export function spacesBlock(input: ContextInput): string {
  if (input.spaces.length === 0) return "YOUR SPACES: none";
  const lines = input.spaces.map((s) => {
    const others = s.members.filter((m) => m.id !== input.agent.entityId);
    const shown = others.slice(0, 12).map((m) => `${quote(m.name)} (${m.type})`);
    if (others.length > 12) shown.push(`+${others.length - 12} more`);
    shown.push("You");
    const active = input.activeSpace?.id === s.id ? " [ACTIVE]" : "";
    const kind = s.kind === "direct" ? " [direct]" : "";
    return `  - ${quote(s.name)} (id: ${s.id})${active}${kind} — ${shown.join(", ")}`;
  });
  return ["YOUR SPACES:", ...lines].join("\n");
}

export function goalsBlock({ goals }: ContextInput): string {
  if (goals.length === 0) return "GOALS: none";
  return ["GOALS:", ...goals.map((g) => `  - [goal:${g.id}] ${quote(g.description)} (${g.longTerm ? "long-term, " : ""}priority: ${g.priority})`)].join("\n");
}

export function memoriesBlock({ memories }: ContextInput): string {
  if (memories.length === 0) return "MEMORIES: none";
  return ["MEMORIES:", ...memories.map((m) => `  - ${quote(m.key)}: ${quote(m.value)}`)].join("\n");
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
