// Senders posting on a fixed schedule (open loop): a message is due every `everyMs` per
// sender whether or not the last one was acked, and each keeps retrying on its own, so an
// outage piles up retries as real clients would instead of pausing the load.
import type { MessageDto } from "@/lib/realtime/dto";
import { sleep } from "@/scripts/parley-process";
import type { ChatClient } from "./chat-client";

export interface Sent {
  key: string;
  sender: ChatClient;
  /** performance.now() of the first attempt. */
  at: number;
  message?: MessageDto;
  error?: string;
}

/** Under messagesPerUser (20 per 10 s) with room for the odd retry. */
export const SAFE_SEND_EVERY_MS = 600;

export class Load {
  readonly sent = new Map<string, Sent>();
  private stopped = false;
  private readonly loops: Promise<void>[] = [];
  private readonly sends: Promise<void>[] = [];

  constructor(private readonly tag: string) {}

  /** Each sender posts `count` messages (or until stop()), one every `everyMs`, staggered. */
  start(senders: ChatClient[], everyMs: number, count = Number.POSITIVE_INFINITY): this {
    senders.forEach((sender, i) => {
      this.loops.push(
        (async () => {
          await sleep((everyMs * i) / senders.length);
          const t0 = performance.now();
          for (let k = 0; k < count && !this.stopped; k++) {
            const key = `${this.tag}:${sender.name}:${k}`;
            const s: Sent = { key, sender, at: performance.now() };
            this.sent.set(key, s);
            this.sends.push(
              sender.send(`${this.tag} ${sender.name} #${k}`, key).then(
                (m) => void (s.message = m),
                (e: Error) => void (s.error = e.message),
              ),
            );
            await sleep(Math.max(0, t0 + (k + 1) * everyMs - performance.now()));
          }
        })(),
      );
    });
    return this;
  }

  stop(): void {
    this.stopped = true;
  }

  /** Waits for the senders to finish (their count, or stop()) and every message to be accepted or given up on. */
  async settle(): Promise<void> {
    await Promise.all(this.loops);
    await Promise.all(this.sends);
  }

  failed(): Sent[] {
    return [...this.sent.values()].filter((s) => s.error);
  }
}
