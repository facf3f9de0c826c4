// Connecting many clients and timing fan-out. Target-agnostic: works the same against
// Parley and the bare Socket.IO server so the two numbers are comparable.
import { io as connect, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "@/lib/realtime/events";
import type { MessageDto } from "@/lib/realtime/dto";
import type { Target } from "./targets";

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CONNECT_TIMEOUT_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 60_000;

/**
 * Opens `count` sockets, `batch` at a time, each resolved on `session:ready` (Parley
 * sends it after auth and room joins, so the socket is then sure to get broadcasts).
 * Batching keeps 1000 concurrent handshakes from starving a 2-core machine.
 */
export async function connectAll(target: Target, count: number, batch: number): Promise<ClientSocket[]> {
  const sockets: ClientSocket[] = [];
  for (let start = 0; start < count; start += batch) {
    const indexes = Array.from({ length: Math.min(batch, count - start) }, (_, k) => start + k);
    sockets.push(...(await Promise.all(indexes.map((i) => connectOne(target, i)))));
  }
  return sockets;
}

function connectOne(target: Target, i: number): Promise<ClientSocket> {
  // forceNew: without it socket.io-client multiplexes every socket to one URL over one connection.
  const socket: ClientSocket = connect(target.url, {
    transports: ["websocket"],
    extraHeaders: target.headers(i),
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${target.name}: client ${i} not ready after ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
    socket.once("session:ready", () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once("connect_error", (e) => {
      clearTimeout(timer);
      reject(new Error(`${target.name}: client ${i} refused: ${e.message}`));
    });
  });
}

export interface PhaseResult {
  /** Per message: send → the LAST receiver's message:new, in ms. */
  latencies: number[];
  /** Per message: send → the FIRST receiver's message:new, in ms: the server's own time, before its broadcast loop. */
  firsts: number[];
  /** First measured send → last full delivery, in ms. */
  elapsedMs: number;
}

interface Pending {
  remaining: number;
  min: number;
  max: number;
  done: () => void;
}

/**
 * Sends `count` messages with at most `window` undelivered at a time: a message counts
 * as done when every receiver has it AND the sender has its ack; only then does that
 * slot send the next one. With window 1 (the default) this is strictly one at a time,
 * so latency is unloaded fan-out latency and msgs/s is its inverse plus sender overhead.
 * The send timestamp (performance.now(), one clock: all clients share this process)
 * travels in clientMessageId as `<tag>:<index>:<sentAt>` and is read back on receipt.
 */
export async function runPhase(
  sender: ClientSocket,
  receivers: ClientSocket[],
  opts: { spaceId: string; count: number; window: number; tag: string },
): Promise<PhaseResult> {
  const pending = new Map<number, Pending>();
  const prefix = `${opts.tag}:`;
  const onNew = ({ message }: { message: MessageDto }) => {
    const now = performance.now();
    const key = message.clientMessageId;
    if (!key?.startsWith(prefix)) return;
    const [, index, sentAt] = key.split(":");
    const p = pending.get(Number(index));
    if (!p) return;
    const latency = now - Number(sentAt);
    if (latency > p.max) p.max = latency;
    if (latency < p.min) p.min = latency;
    if (--p.remaining === 0) p.done();
  };
  for (const r of receivers) r.on("message:new", onNew);

  const latencies = new Array<number>(opts.count);
  const firsts = new Array<number>(opts.count);
  const sendOne = async (index: number) => {
    let timer: NodeJS.Timeout | undefined;
    const entry: Pending = { remaining: receivers.length, min: Number.POSITIVE_INFINITY, max: 0, done: () => {} };
    const delivered = new Promise<void>((resolve, reject) => {
      entry.done = resolve;
      timer = setTimeout(
        () => reject(new Error(`message ${index}: ${entry.remaining} of ${receivers.length} receivers missing after ${DELIVERY_TIMEOUT_MS} ms`)),
        DELIVERY_TIMEOUT_MS,
      );
    });
    pending.set(index, entry);
    const sentAt = performance.now();
    const acked = new Promise<void>((resolve, reject) => {
      sender.emit(
        "message:send",
        { spaceId: opts.spaceId, text: `fan-out ${opts.tag} #${index}`, clientMessageId: `${prefix}${index}:${sentAt.toFixed(3)}` },
        (ack) => (ack.ok ? resolve() : reject(new Error(`message ${index} refused: ${ack.error.code} ${ack.error.message}`))),
      );
    });
    try {
      await Promise.all([delivered, acked]);
    } finally {
      clearTimeout(timer);
      pending.delete(index);
    }
    latencies[index] = entry.max;
    firsts[index] = entry.min;
  };

  let next = 0;
  const t0 = performance.now();
  try {
    await Promise.all(
      Array.from({ length: Math.min(opts.window, opts.count) }, async () => {
        while (next < opts.count) await sendOne(next++);
      }),
    );
  } finally {
    for (const r of receivers) r.off("message:new", onNew);
  }
  return { latencies, firsts, elapsedMs: performance.now() - t0 };
}

/** Nearest-rank percentile of an unsorted sample. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
