// Read receipts, throttled per reader and space: the first cursor move goes out at once, later
// ones within READ_RELAY_MS are folded into one trailing event carrying the latest cursor.
// Someone scrolling through a busy channel marks read on every message; the space's other
// members need only where that reader ended up.
import { READ_RELAY_MS } from "@/lib/limits";
import type { ReadCursorDto } from "@/lib/realtime/dto";

export class ReadRelay {
  /** Per room and reader: when the last event went out, and the cursor waiting to go next. */
  private readonly recent = new Map<string, { sentAt: number; waiting?: ReadCursorDto; timer?: NodeJS.Timeout }>();

  constructor(
    private readonly send: (room: string, cursor: ReadCursorDto) => void,
    private readonly everyMs = READ_RELAY_MS,
    private readonly now = () => performance.now(),
  ) {}

  relay(room: string, cursor: ReadCursorDto): void {
    const key = `${room}\n${cursor.entityId}`;
    const entry = this.recent.get(key);
    const t = this.now();
    if (!entry || (!entry.timer && t - entry.sentAt >= this.everyMs)) {
      this.send(room, cursor);
      this.forgetLater(key, t);
      return;
    }
    // Cursors only move forward; an older one arriving late changes nothing.
    if (!entry.waiting || cursor.lastSeenSeq > entry.waiting.lastSeenSeq) entry.waiting = cursor;
    entry.timer ??= setTimeout(() => this.sendWaiting(key, room), Math.max(0, entry.sentAt + this.everyMs - t));
  }

  private sendWaiting(key: string, room: string): void {
    const entry = this.recent.get(key);
    if (!entry?.waiting) return;
    this.send(room, entry.waiting);
    this.forgetLater(key, this.now());
  }

  /** Keeps the entry one window, so a burst is throttled, then drops it: the map holds only active readers. */
  private forgetLater(key: string, sentAt: number): void {
    const entry = { sentAt, waiting: undefined, timer: undefined as NodeJS.Timeout | undefined };
    this.recent.set(key, entry);
    const drop = setTimeout(() => {
      if (this.recent.get(key) === entry && !entry.timer) this.recent.delete(key);
    }, this.everyMs);
    drop.unref();
  }

  /** Sends every waiting cursor now (shutdown): a receipt is never dropped. */
  flush(): void {
    for (const [key, entry] of this.recent) {
      clearTimeout(entry.timer);
      if (entry.waiting) this.send(key.slice(0, key.indexOf("\n")), entry.waiting);
    }
    this.recent.clear();
  }
}
