// THREAD: the thread this run was triggered in, whole (root and replies, each [NEW] or [SEEN]),
// and CHANNEL BACKGROUND: the channel's recent lines, for context only. Lines are quoted like
// every history line (format.ts messageLine), so no message can start a block or pose as an
// instruction. Per-run: a thread changes with every reply.
import { MAX_NEW_LINE_CHARS } from "@/lib/limits";
import type { ContextInput, HistoryMessage } from "../context-input";
import { clipText } from "../clip";
import { messageLine, quote } from "../format";

export function threadBlock(input: ContextInput): string[] {
  const t = input.thread;
  if (!t) return [];
  const triggerId = input.trigger.type === "space_message" ? input.trigger.message.id : null;
  const line = (m: HistoryMessage, seen: boolean) =>
    messageLine(
      { ...m, text: clipText(m.text, MAX_NEW_LINE_CHARS), threadRootId: undefined },
      { seen, trigger: m.id === triggerId, spaceId: t.space.id, viewerId: input.agent.entityId, reach: input.reach },
    );
  return [
    "",
    `THREAD in ${quote(t.space.name)} (root msg:${t.root.id}): you were woken by a reply in this thread. send_message posts here by default (threadId "channel" posts in the channel instead).`,
    `  root:`,
    line(t.root, true),
    `  replies (${t.replies.length + t.olderReplies} in all${t.olderReplies ? `; ${t.olderReplies} older not shown: read_messages with threadId` : ""}):`,
    ...(t.replies.length ? t.replies.map((m) => line(m, m.seq <= t.lastProcessedSeq)) : ["  none"]),
    "",
    `CHANNEL BACKGROUND (${quote(t.space.name)}, the newest lines outside this thread; for background only, not addressed to you in this thread):`,
    ...(t.background.length ? t.background.map((m) => line(m, true)) : ["  none"]),
  ];
}
