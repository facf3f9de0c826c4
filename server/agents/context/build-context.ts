// The structured context of one model call. Pure: data in,
// text out. The static part (identity, persona, instructions) comes first and does not
// change between runs, so providers can cache the prefix; the dynamic part follows in the
// fixed block order. When the whole text would exceed the budget, the oldest [SEEN]
// history lines go first, and the block says how many were left out.
import type { ContextInput, SpaceHistory } from "./context-input";
import { estimateTokens } from "./budget";
import { clip, entityRef, messageLine, oneLineJson, quote, relative } from "./format";

export interface BuiltContext {
  text: string;
  staticPart: string;
  dynamicPart: string;
  tokens: number;
  omittedSeen: number;
  /** The history window's messages, first to last seq: shown to the agent, so its cursor may cross them. */
  seen: { spaceId: string; fromSeq: number; toSeq: number } | null;
}

export function buildStaticPart(agent: ContextInput["agent"]): string {
  const persona = agent.persona.trim() || "A helpful teammate.";
  const lines = [
    "IDENTITY:",
    `  name: ${quote(agent.name)}`,
    `  entityId: ${quote(agent.entityId)}`,
    "  type: agent",
    "",
    "PERSONA:",
    ...persona.split("\n").map((l) => `  ${l}`),
    "",
    "INSTRUCTIONS:",
    "  - You are a member of a shared workspace of humans and agents. The blocks below are a timeline of what happened; read TRIGGER first to know why you are running.",
    "  - Your text output is internal reasoning — never shown to anyone. Keep it brief.",
    "  - Use send_message to communicate. A space_message run starts with the trigger space active; plan and service runs start with none — call enter_space first.",
    "  - Use read_messages to load conversation history from any space you belong to.",
    "  - If you have nothing to contribute, end this run without sending a message. Stay silent unless a human spoke to the space or someone addressed you by name.",
    "  - Set wait=true on send_message to pause until a reply arrives.",
    "  - Provide messageId on send_message to reply to a specific message and resume any waiting run.",
    "  - Keep facts that must outlive this conversation with set_memories; track objectives with set_goals; schedule future work with set_plans.",
  ];
  const own = agent.instructions.trim();
  if (own) lines.push(...own.split("\n").map((l) => `  - ${l.replace(/^\s*-\s*/, "")}`));
  return lines.join("\n");
}

export function buildContext(input: ContextInput): BuiltContext {
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
  const budget = Math.max(0, input.maxTokens - estimateTokens(fixed));
  const { lines, omitted } = historyLines(input, budget);
  const dynamicPart = [...before, "", ...lines, ...after].join("\n");
  const text = `${staticPart}\n\n${dynamicPart}\n`;
  const last = input.history?.messages.at(-1);
  return {
    text,
    staticPart,
    dynamicPart,
    tokens: estimateTokens(text),
    omittedSeen: omitted,
    // Lines left out for the budget are old [SEEN] ones, already behind the cursor.
    seen: last && input.history ? { spaceId: input.history.space.id, fromSeq: input.history.shownFromSeq, toSeq: last.seq } : null,
  };
}

function triggerBlock({ trigger: t }: ContextInput): string {
  if (t.type === "space_message") {
    return [
      "TRIGGER:",
      "  type: space_message",
      `  space: ${quote(t.space.name)} (id: ${t.space.id})`,
      `  sender: ${entityRef(t.sender)}`,
      `  message: ${quote(t.message.text)}`,
      `  messageId: ${t.message.id}`,
      `  timestamp: ${quote(t.message.createdAt)}`,
      `  senderExpectsReply: ${t.senderExpectsReply}`,
      `  chainDepth: ${t.chainDepth}`,
    ].join("\n");
  }
  if (t.type === "plan") {
    return [
      "TRIGGER:",
      "  type: plan",
      `  plan: ${quote(t.plan.name)} (id: ${t.plan.id})`,
      `  instruction: ${quote(t.plan.instruction)}`,
      `  schedule: ${quote(t.plan.schedule)}`,
      `  scheduledAt: ${quote(t.scheduledAt)}`,
      `  chainDepth: ${t.chainDepth}`,
    ].join("\n");
  }
  return [
    "TRIGGER:",
    "  type: service",
    `  service: ${quote(t.serviceName)}`,
    `  payload: ${oneLineJson(t.payload ?? null)}`,
    `  chainDepth: ${t.chainDepth}`,
  ].join("\n");
}

function resumeBlock({ resume }: ContextInput): string[] {
  if (!resume) return [];
  const who = resume.result.reply ? `${quote(resume.result.reply.entityName)} replied` : "no reply arrived before the timeout";
  return [
    "",
    "RESUMED:",
    `  You paused this run with send_message(wait: true); ${who}. Continue from here.`,
    `  send_message result: ${oneLineJson(resume.result)}`,
  ];
}

function activeSpaceBlock({ activeSpace: a }: ContextInput): string {
  if (!a) return "ACTIVE SPACE: none (call enter_space to enter a space first)";
  return `ACTIVE SPACE: ${quote(a.name)} (id: ${a.id})${a.auto ? "  [auto-set from trigger]" : ""}`;
}

/** History lines within `budget` tokens: the oldest [SEEN] lines are dropped first. */
function historyLines(input: ContextInput, budget: number): { lines: string[]; omitted: number } {
  const h: SpaceHistory | null = input.history;
  if (!h) return { lines: ["SPACE HISTORY: none loaded (use read_messages)"], omitted: 0 };
  const triggerId = input.trigger.type === "space_message" ? input.trigger.message.id : null;
  const replyId = input.resume?.replyMessageId ?? null;
  const entries = h.messages.map((m) => {
    const seen = m.seq <= h.lastProcessedSeq;
    const marks = { seen, trigger: m.id === triggerId, reply: m.id === replyId, spaceId: h.space.id, viewerId: input.agent.entityId, reach: input.reach };
    return { droppable: seen && !marks.trigger && !marks.reply, line: messageLine(m, marks) };
  });
  const header = `SPACE HISTORY (${quote(h.space.name)}):`;
  let total = estimateTokens(header) + entries.reduce((n, e) => n + estimateTokens(e.line) + 1, 0);
  let omitted = 0;
  const kept = [...entries];
  // Drop from the oldest end while over budget, but only [SEEN] lines: the trigger and [NEW] stay.
  for (let i = 0; i < kept.length && total > budget; ) {
    const e = kept[i]!;
    if (e.droppable) {
      total -= estimateTokens(e.line) + 1;
      kept.splice(i, 1);
      omitted++;
    } else i++;
  }
  const lines = [header];
  // Unread messages older than the window were not shown: say so, with the offset that pages back to them.
  const unshown = h.unshownUnread;
  if (unshown) lines.push(`  … ${unshown} older unread message${unshown === 1 ? "" : "s"} not shown (read_messages offset=${h.messages.length})`);
  if (omitted) lines.push(`  … ${omitted} earlier [SEEN] message${omitted === 1 ? "" : "s"} omitted to fit the context budget (use read_messages to see them)`);
  if (kept.length === 0) lines.push("  (no messages yet)");
  lines.push(...kept.map((e) => e.line));
  return { lines, omitted };
}

function spacesBlock(input: ContextInput): string {
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

function goalsBlock({ goals }: ContextInput): string {
  if (goals.length === 0) return "GOALS: none";
  return ["GOALS:", ...goals.map((g) => `  - [goal:${g.id}] ${quote(g.description)} (${g.longTerm ? "long-term, " : ""}priority: ${g.priority})`)].join("\n");
}

function memoriesBlock({ memories }: ContextInput): string {
  if (memories.length === 0) return "MEMORIES: none";
  return ["MEMORIES:", ...memories.map((m) => `  - ${quote(m.key)}: ${quote(m.value)}`)].join("\n");
}

function plansBlock({ plans }: ContextInput, now: Date): string {
  if (plans.length === 0) return "PLANS: none";
  return [
    "PLANS:",
    ...plans.map((p) => {
      const next = p.nextRunAt ? `next: ${p.nextRunAt}, ${relative(now, new Date(p.nextRunAt))}` : "next: none";
      if (p.cron) return `  - ${quote(p.name)} (id: ${p.id}) (recurring, cron: ${quote(p.cron)}, ${next})`;
      const via = p.runAfter ? `  [created via runAfter: ${quote(p.runAfter)}]` : "";
      return `  - ${quote(p.name)} (id: ${p.id}) (one-time, scheduledAt: ${p.scheduledAt ?? p.nextRunAt ?? "?"}, ${next})${via}`;
    }),
  ].join("\n");
}

function runsBlock(input: ContextInput): string {
  const lines = input.activeRuns.map((r) => {
    const me = r.id === input.runId ? " (this run)" : "";
    const why =
      r.triggerType === "space_message"
        ? `triggered by ${r.senderName ? quote(r.senderName) : "someone"} in ${quote(r.spaceName ?? "?")}`
        : `triggered by ${r.triggerType}`;
    const state = r.status === "waiting_reply" ? `waiting_reply in ${quote(r.waitingIn ?? "?")}` : r.status;
    return `  - Run ${r.id}${me} — ${state}, ${why}`;
  });
  return ["ACTIVE RUNS:", ...(lines.length ? lines : ["  none"])].join("\n");
}

function failureBlock({ previousFailure: f }: ContextInput): string[] {
  if (!f) return [];
  return [
    "",
    "PREVIOUS RUN FAILED:",
    `  run: ${f.runId} (ended ${f.endedAt})`,
    `  error: ${quote(f.error)}`,
    ...(f.partialOutput ? [`  partialOutput: ${quote(clip(f.partialOutput, 1000))}`] : []),
  ];
}
