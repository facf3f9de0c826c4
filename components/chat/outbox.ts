// The browser's outbox: my messages the server has not confirmed yet, in the order I sent them.
// Pure helpers for the reducer and the socket hook. One state per message: sending; queued
// (until `retryAt`, or until the connection is back when `retryAt` is null); failed (a refusal
// that sending again cannot fix, shown with Retry). Every attempt carries the message's
// clientMessageId, and the server keeps one message per key, so a retry never doubles one.
import type { MessageDto } from "@/lib/realtime/dto";
import { OUTBOX_MAX_AUTO_WAIT_S, OUTBOX_RETRY_AFTER_TIMEOUT_MS } from "@/lib/limits";

export interface PendingMessage {
  clientMessageId: string;
  spaceId: string;
  text: string;
  replyTo: MessageDto | null;
  status: "sending" | "queued" | "failed";
  /** Queued: when it may go (epoch ms); null while it waits for the connection. */
  retryAt?: number | null;
  error?: string;
}

/** What a refused send turns the message into. */
export type SendOutcome = { status: "queued"; retryAt: number | null } | { status: "failed"; error: string };

/**
 * Rate limits and lost answers go out again by themselves; anything else (invalid, too
 * long, not a member, a limit that lasts for hours) would be refused again, so it fails.
 */
export function outcomeOf(error: { code: string; message: string; retryAfterS?: number }, now: number): SendOutcome {
  if (error.code === "rate_limited" && error.retryAfterS !== undefined && error.retryAfterS <= OUTBOX_MAX_AUTO_WAIT_S)
    return { status: "queued", retryAt: now + error.retryAfterS * 1000 };
  if (error.code === "timeout" || error.code === "offline") return { status: "queued", retryAt: now + OUTBOX_RETRY_AFTER_TIMEOUT_MS };
  return { status: "failed", error: error.message };
}

/**
 * The message to send next and how long to wait for it. Messages go one at a time in the
 * order they were written (a failed one is skipped: it waits for its Retry).
 */
export function nextInOutbox(pending: PendingMessage[], now: number): { message: PendingMessage; waitMs: number } | null {
  const message = pending.find((p) => p.status !== "failed");
  if (!message) return null;
  return { message, waitMs: Math.max(0, (message.retryAt ?? now) - now) };
}

/**
 * A refusal that asks to wait holds back every later message too (they would only be refused
 * as well, and must not overtake it): the message and those after it are queued until then.
 */
export function queueFrom(pending: PendingMessage[], clientMessageId: string, retryAt: number | null): PendingMessage[] {
  const at = pending.findIndex((p) => p.clientMessageId === clientMessageId);
  if (at < 0) return pending;
  return pending.map((p, i) => {
    if (i < at || p.status === "failed") return p;
    const later = retryAt === null || p.retryAt == null ? retryAt : Math.max(p.retryAt, retryAt);
    return { ...p, status: "queued", retryAt: i === at ? retryAt : later, error: undefined };
  });
}

/** The connection dropped: nothing is on its way any more; all that is not failed waits for it. */
export const waitForConnection = (pending: PendingMessage[]): PendingMessage[] =>
  pending.map((p) => (p.status === "sending" ? { ...p, status: "queued", retryAt: null } : p));

const key = (meId: string) => `parley:outbox:${meId}`;

/** The outbox saved by an earlier page load of this user (what was on its way waits again). */
export function loadOutbox(meId: string): PendingMessage[] {
  try {
    const raw = JSON.parse(localStorage.getItem(key(meId)) ?? "[]") as PendingMessage[];
    if (!Array.isArray(raw)) return [];
    return waitForConnection(raw.filter((p) => typeof p?.clientMessageId === "string" && typeof p.text === "string" && typeof p.spaceId === "string"));
  } catch {
    return [];
  }
}

export function saveOutbox(meId: string, pending: PendingMessage[]): void {
  try {
    if (pending.length === 0) localStorage.removeItem(key(meId));
    else localStorage.setItem(key(meId), JSON.stringify(pending));
  } catch {
    /* storage full or blocked: the outbox still works for this page load */
  }
}
