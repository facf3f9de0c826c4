// Where the [SEEN] part of SPACE HISTORY starts. The loaded window is the newest
// HISTORY_WINDOW messages, so its first line moves with every new message, and every byte
// after it moves too: no provider could reuse a cached prefix past that point. Anchored, the
// [SEEN] lines start at a block boundary (seq k·HISTORY_ANCHOR_BLOCK + 1): the one the loader
// extended the window back to (load-anchored-history.ts), or else the first inside the
// window. It stays put until a whole block of messages has passed. Only [SEEN] lines are
// left out: unread ones are the run's work and stay, so the unread count and read_messages
// offset of the window are unchanged.
import { HISTORY_ANCHOR_BLOCK } from "@/lib/limits";
import type { SpaceHistory } from "./context-input";

/** The first block boundary at or after `shownFromSeq`. */
export function anchoredStart(shownFromSeq: number, block = HISTORY_ANCHOR_BLOCK): number {
  return Math.ceil((shownFromSeq - 1) / block) * block + 1;
}

export function anchorHistory(h: SpaceHistory): SpaceHistory {
  const start = anchoredStart(h.extendedFromSeq ?? h.shownFromSeq);
  const messages = h.messages.filter((m) => m.seq >= start || m.seq > h.lastProcessedSeq);
  if (messages.length === h.messages.length) return h;
  // What was left out is behind the cursor already; the range the cursor may cross starts where
  // nothing unshown lies between it and the cursor.
  return { ...h, messages, shownFromSeq: Math.max(h.shownFromSeq, Math.min(start, h.lastProcessedSeq + 1)) };
}
