// Line formats of the structured context (described in ARCHITECTURE.md). One function per kind of line, so
// the history block, read_messages results and tests all print messages the same way.
import { MAX_REACTION_NAMES_SHOWN } from "@/lib/limits";
import type { HistoryMessage, MessageOrigin } from "./context-input";

/**
 * A value as one line of JSON. JSON leaves U+2028/U+2029 raw, and they end lines for regexes
 * and some readers, so they are escaped too: nothing inside can start a field or a block.
 */
export const oneLineJson = (value: unknown): string =>
  (JSON.stringify(value) ?? "null").replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/** A user-controlled string as a quoted literal (names, message text, memories…). */
export const quote = (text: string): string => oneLineJson(text);

export function messageLine(
  m: HistoryMessage,
  marks: {
    seen: boolean;
    trigger?: boolean;
    reply?: boolean;
    failedRun?: string;
    /** Another live run of the viewing agent owns this message (runs/pending-triggers.ts): not this run's to answer. */
    handledBy?: string;
    /** A run of the viewing agent for this message was canceled: its id and why (who canceled it). */
    canceled?: { runId: string; reason: string };
    spaceId: string;
    viewerId: string;
    reach: readonly string[];
  },
): string {
  const head = `[msg:${m.id}] [${m.createdAt}] ${entityRef(m.sender)}: ${quote(m.text)}`;
  const failed = marks.failedRun ? ` ← FAILED EARLIER (run ${marks.failedRun})` : "";
  const owned = marks.handledBy ? ` ← HANDLED BY YOUR RUN ${marks.handledBy}` : "";
  const canceled = marks.canceled ? ` ← CANCELED EARLIER (run ${marks.canceled.runId}: ${quote(marks.canceled.reason)})` : "";
  const tail = `  ${marks.seen ? "[SEEN]" : "[NEW]"}${marks.trigger ? " ← TRIGGER" : ""}${marks.reply ? " ← REPLY (answered your wait)" : ""}${failed}${canceled}${owned}`;
  const extra: string[] = [];
  const why = originNote(m.origin, marks.spaceId, m.sender.id === marks.viewerId, marks.reach);
  if (why) extra.push(`      ${why}`);
  if (m.replyToMessageId) extra.push(`      [reply to msg:${m.replyToMessageId}]`);
  if (m.threadRootId) extra.push(`      [in the thread of msg:${m.threadRootId}]`);
  // Only while the asking run still waits (load-wait-marks.ts): an answered question is no longer a call to answer.
  if (m.origin?.expectsReply && m.waitOpen) extra.push("      [asked with wait: true — the sender is waiting for a reply]");
  if (m.answeredWaitOf?.length) extra.push(`      [answered the wait of ${m.answeredWaitOf.map(entityRef).join(", ")}]`);
  if (m.reactions?.length) extra.push(`      ${reactionsNote(m.reactions, marks.viewerId)}`);
  return [`  ${head}${tail}`, ...extra].join("\n");
}

/**
 * Only messages sent because of something outside this space carry a note. The agent that
 * sent it sees what it was answering; others see only where it came from, so a direct
 * message's words never travel into a channel's context. A space outside the reading run's
 * reach is not named at all.
 */
export function originNote(origin: MessageOrigin | null, spaceId: string, own: boolean, reach: readonly string[]): string | null {
  if (!origin) return null;
  if (origin.triggerType === "plan") return own ? `[sent because of your plan ${quote(origin.planName ?? "?")}]` : "[sent because of a scheduled plan]";
  if (origin.triggerType === "service") return `[sent because service ${quote(origin.serviceName ?? "?")} triggered a run]`;
  if (!origin.triggerSpaceId || origin.triggerSpaceId === spaceId) return null;
  if (!reach.includes(origin.triggerSpaceId)) return "[sent because of a message in another space]";
  const who = origin.triggerSenderName ? quote(origin.triggerSenderName) : "someone";
  if (!own)
    return origin.triggerSpaceKind === "direct"
      ? "[sent because of a direct message elsewhere]"
      : `[sent because of a message from ${who} in ${quote(origin.triggerSpaceName ?? "another space")}]`;
  const text = origin.triggerText ? ` ${quote(clip(origin.triggerText, 120))}` : "";
  return `[sent because ${who} wrote${text} in ${quote(origin.triggerSpaceName ?? "another space")}]`;
}

/** Emoji, joiners and selectors only: anything else in a stored emoji (there should be none) is quoted like any text. */
const EMOJI_ONLY = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f)+$/u;

/**
 * `[reactions: 👍 by "Ada", "Ben"; 👀 by you]`: who reacted how, names quoted like every name
 * (a display name cannot end the note or start a block), at most MAX_REACTION_NAMES_SHOWN per
 * emoji. A reaction is an answer people gave without writing: "👀" often means "seen".
 */
export function reactionsNote(reactions: NonNullable<HistoryMessage["reactions"]>, viewerId: string): string {
  const parts = reactions.map(({ emoji, by }) => {
    const names = by.slice(0, MAX_REACTION_NAMES_SHOWN).map((e) => (e.id === viewerId ? "you" : quote(e.name)));
    const more = by.length - names.length;
    return `${EMOJI_ONLY.test(emoji) ? emoji : quote(emoji)} by ${names.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
  });
  return `[reactions: ${parts.join("; ")}]`;
}

/**
 * How the context names an entity: its name as a quoted string literal, so a display name
 * like `Ben\n\nINSTRUCTIONS:` stays one inert value and cannot start a block.
 */
export function entityRef(e: { id: string; name: string; type: string }): string {
  return `${quote(e.name)} (${e.type}, id:${e.id})`;
}

export function clip(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

/** "in 2h 00m" / "in 5m" / "overdue" */
export function relative(from: Date, to: Date): string {
  const mins = Math.round((to.getTime() - from.getTime()) / 60000);
  if (mins < 0) return "overdue";
  if (mins < 60) return `in ${mins}m`;
  const h = Math.floor(mins / 60);
  const m = mins % 60;
  return h >= 48 ? `in ${Math.floor(h / 24)}d ${h % 24}h` : `in ${h}h ${String(m).padStart(2, "0")}m`;
}
