// History is read by keyset on the per-space seq: pages upward (before a seq) for scroll-back,
// and forward (after a seq) for reconnect replay. Both return oldest first.
import type { MessageDto } from "@/lib/realtime/dto";

export interface MessagePage {
  messages: MessageDto[];
  hasMore: boolean;
}

export function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.min(Math.max(1, Math.floor(limit)), max);
}
