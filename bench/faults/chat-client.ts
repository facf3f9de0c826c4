// A chat client that behaves like the browser's (components/chat/use-workspace.ts) where
// delivery is concerned, and records what it saw:
//   - live `message:new` events, merged into one timeline by seq (as the reducer does);
//   - on every reconnect (on `session:ready`, as the browser), `messages:since` from the end
//     of its unbroken run of seqs (lib/client/timeline.ts contiguousEnd), page by page;
//   - the same catch-up when a live message lands past the end of that run (a hole: a
//     broadcast lost while Redis was away);
//   - after "io server disconnect" (a server shutting down) it connects again after 1 s;
//   - a send is retried with the same clientMessageId until it is acked ok.
import { io as connect } from "socket.io-client";
import type { MessageDto } from "@/lib/realtime/dto";
import { contiguousEnd } from "@/lib/client/timeline";
import { sleep } from "@/scripts/parley-process";
import type { ClientSocket } from "../measure";
import { request, type AckResult } from "../abuse/client";

/** How long a send waits for its ack before trying again (the browser's request() waits 15 s). */
const SEND_ACK_TIMEOUT_MS = 10_000;
const READY_TIMEOUT_MS = 60_000;

export interface Attempt {
  clientMessageId: string;
  /** performance.now() when emitted and when answered. */
  sentAt: number;
  answeredAt: number;
  result: "ok" | string;
}

export class ChatClient {
  readonly socket: ClientSocket;
  /** The timeline by seq: live messages, replays and acks merged. */
  readonly timeline = new Map<number, MessageDto>();
  /** message:new deliveries per message id (exactly once is 1). */
  readonly live = new Map<string, number>();
  /** Seqs in the order message:new brought them. */
  readonly arrivals: number[] = [];
  /** performance.now() of each message's first live delivery. */
  readonly liveAt = new Map<string, number>();
  /** The same seq seen with two different message ids (must stay empty). */
  readonly conflicts: string[] = [];
  /** Every send attempt, answered or timed out. */
  readonly attempts: Attempt[] = [];
  replayed = 0;
  replayPages = 0;
  reconnects = 0;
  replayErrors = 0;
  /** Catch-ups started by a live message past a hole. */
  gapFills = 0;
  private replaying: Promise<void> | null = null;
  private again = false;
  /** Called for each live delivery. */
  onLive?: (m: MessageDto, at: number) => void;
  private connectedOnce = false;
  private closed = false;

  constructor(
    readonly name: string,
    readonly node: string,
    url: string,
    readonly cookie: string,
    readonly spaceId: string,
    /** Seq the space was at when this client started watching it (its history is assumed loaded up to there). */
    private readonly baseline = 0,
  ) {
    // WebSocket only and a connection of its own (forceNew), as a separate browser would have.
    this.socket = connect(url, { transports: ["websocket"], extraHeaders: { cookie }, forceNew: true });
    this.socket.on("message:new", ({ message }) => {
      if (message.spaceId !== this.spaceId) return;
      const now = performance.now();
      const gap = message.seq > this.contiguousEnd() + 1;
      this.live.set(message.id, (this.live.get(message.id) ?? 0) + 1);
      this.arrivals.push(message.seq);
      if (!this.liveAt.has(message.id)) this.liveAt.set(message.id, now);
      this.merge(message);
      this.onLive?.(message, now);
      if (gap) {
        this.gapFills++;
        void this.replay().catch(() => this.replayErrors++);
      }
    });
    this.socket.on("session:ready", () => {
      if (!this.connectedOnce) {
        this.connectedOnce = true;
        return;
      }
      this.reconnects++;
      void this.replay().catch(() => this.replayErrors++);
    });
    this.socket.on("disconnect", (reason) => {
      if (reason === "io server disconnect" && !this.closed) setTimeout(() => !this.closed && this.socket.connect(), 1000);
    });
  }

  /** Resolves on the first `session:ready` (the server has joined this socket to its rooms). */
  ready(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: not ready after ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
      this.socket.once("session:ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  merge(m: MessageDto): void {
    const had = this.timeline.get(m.seq);
    if (had && had.id !== m.id) this.conflicts.push(`seq ${m.seq}: ${had.id} and ${m.id}`);
    if (!had) this.timeline.set(m.seq, m);
  }

  /** Seqs in order, as the timeline shows them. */
  sorted(): MessageDto[] {
    return [...this.timeline.values()].sort((a, b) => a.seq - b.seq);
  }

  /** Where this client's unbroken run of seqs ends (catch-up starts after it). */
  contiguousEnd(): number {
    return contiguousEnd([{ seq: this.baseline }, ...this.sorted().filter((m) => m.seq > this.baseline)]);
  }

  /** The browser's catch-up: messages:since from contiguousEnd, page by page; one at a time. */
  replay(): Promise<void> {
    if (this.replaying) {
      this.again = true; // a hole found during a catch-up: one more round after it
      return this.replaying;
    }
    this.replaying = (async () => {
      do {
        this.again = false;
        await this.catchUp();
      } while (this.again);
    })().finally(() => {
      this.replaying = null;
    });
    return this.replaying;
  }

  private async catchUp(): Promise<void> {
    let after = this.contiguousEnd();
    for (;;) {
      const r = await request(this.socket, "messages:since", { spaceId: this.spaceId, afterSeq: after }, SEND_ACK_TIMEOUT_MS);
      if (!r.ok) throw new Error(`${this.name}: messages:since refused: ${r.code}`);
      const page = r.data as { messages: MessageDto[]; hasMore: boolean };
      this.replayPages++;
      for (const m of page.messages) {
        if (!this.timeline.has(m.seq)) this.replayed++;
        this.merge(m);
      }
      if (!page.hasMore || page.messages.length === 0) return;
      after = page.messages.at(-1)!.seq;
    }
  }

  /** Sends until acked ok, with the same clientMessageId each time; gives up after `deadlineMs`. */
  async send(text: string, clientMessageId: string, deadlineMs = 120_000): Promise<MessageDto> {
    const giveUp = performance.now() + deadlineMs;
    for (let attempt = 1; ; attempt++) {
      if (!this.socket.connected) await this.connected(giveUp);
      const sentAt = performance.now();
      const r: AckResult = await request(this.socket, "message:send", { spaceId: this.spaceId, text, clientMessageId }, SEND_ACK_TIMEOUT_MS);
      this.attempts.push({ clientMessageId, sentAt, answeredAt: performance.now(), result: r.ok ? "ok" : r.code });
      if (r.ok) {
        const { message } = r.data as { message: MessageDto };
        this.merge(message);
        return message;
      }
      if (performance.now() > giveUp) throw new Error(`${this.name}: ${clientMessageId} not accepted after ${attempt} attempts (last: ${r.code})`);
      // Back off a little more each time (at most 3 s), with jitter so retries do not march together.
      await sleep(Math.min(3000, 300 * attempt) * (0.75 + Math.random() / 2));
    }
  }

  private async connected(giveUp: number): Promise<void> {
    while (!this.socket.connected) {
      if (performance.now() > giveUp) throw new Error(`${this.name}: not connected`);
      await sleep(100);
    }
  }

  close(): void {
    this.closed = true;
    this.socket.disconnect();
  }
}

/** Opens `count` clients, `batch` at a time, each resolved once the server says it is ready. */
export async function openClients(count: number, batch: number, make: (i: number) => ChatClient): Promise<ChatClient[]> {
  const clients: ChatClient[] = [];
  for (let start = 0; start < count; start += batch) {
    const made = Array.from({ length: Math.min(batch, count - start) }, (_, k) => make(start + k));
    await Promise.all(made.map((c) => c.ready()));
    clients.push(...made);
  }
  return clients;
}
