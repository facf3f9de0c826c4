// R7: 30,000 fuzzed socket events (3,000 quick) against one process (bench/faults/fuzz-payloads.ts):
// the process must not crash or fail internally, every known event sent with an ack must
// get one (an error ack for anything invalid), and its memory must stay flat.
import { io as connect, type Socket } from "socket.io-client";
import { sleep } from "@/scripts/parley-process";
import { bump, request, showCounts } from "../../abuse/client";
import type { ClientSocket } from "../../measure";
import { seedSpaceWithPeople } from "../../seed-people";
import { fuzzEvents, type FuzzEvent } from "../fuzz-payloads";
import type { Scenario } from "../scenario";
import { Stack } from "../stack";
import { until } from "../verify";

const SOCKETS = 10;
const ACK_WAIT_MS = 10_000;
/** A few events without ack, then one with, so a socket never has more than this many unanswered. */
const UNACKED_RUN = 8;
const MIB = 1024 * 1024;
/**
 * "Flat": the V8 heap in use, at its lowest (just after a collection), grows by less than this
 * from the second quarter of the events to the last. RSS is printed but not judged: V8 and
 * the allocator keep pages they freed, and on a loaded machine RSS climbed 40 MiB with a
 * heap that did not. What a leak keeps is heap, and it shows in the troughs; the first quarter
 * is left out because compiled code and caches fill it whether or not anything leaks.
 */
const MAX_HEAP_TROUGH_GROWTH = 16 * MIB;
/**
 * How often the process's own metrics are read for its heap in use: as often as their
 * per-address limit (30 a minute) allows. The quick form is over before a quarter has a
 * sample; it, and any run whose reads failed, is judged by RSS instead: less than
 * MAX_RSS_GROWTH over the second half.
 */
const HEAP_SAMPLE_MS = 2200;
const MAX_RSS_GROWTH = 32 * MIB;

interface Tally {
  knownAcked: number;
  ackCodes: Record<string, number>;
  knownTimeouts: string[];
  unknownAnswered: number;
  unknownUnanswered: number;
  unacked: number;
  oversizeClosed: number;
  oversizeAnswered: number;
  otherDisconnects: Record<string, number>;
}

export const r7: Scenario = {
  id: "R7",
  title: "30,000 fuzzed socket events: no crash, an ack for each acked event, flat memory",
  async run(ctx) {
    const total = ctx.quick ? 3000 : 30_000;
    const seed = Number(process.env.FAULTS_SEED ?? 7);
    const stack = await Stack.start(ctx.services, "R7");
    try {
      const [node] = await stack.startNodes(1);
      const { spaceId, people } = await seedSpaceWithPeople(stack.db, {
        tag: stack.id,
        names: Array.from({ length: SOCKETS }, (_, i) => `f${i}`),
        secret: stack.secret,
      });
      const sockets = await Promise.all(people.map((p) => open(node!.process.url, p.cookie)));
      // A few real messages, so read:mark and replies can name one.
      const messageIds: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await request(sockets[0]!, "message:send", { spaceId, text: `seed ${i}`, clientMessageId: `seed-${i}` });
        if (r.ok) messageIds.push((r.data as { message: { id: string } }).message.id);
      }
      const events = fuzzEvents(total, seed, { spaceId, entityIds: people.map((p) => p.entityId), messageIds });
      ctx.log(`${total} events (seed ${seed}) over ${SOCKETS} sockets; ${events.filter((e) => e.withAck).length} with an ack callback`);

      const tally: Tally = {
        knownAcked: 0,
        ackCodes: {},
        knownTimeouts: [],
        unknownAnswered: 0,
        unknownUnanswered: 0,
        unacked: 0,
        oversizeClosed: 0,
        oversizeAnswered: 0,
        otherDisconnects: {},
      };
      const warmup = Math.floor(total / 10);
      let done = 0;
      let rssStart = 0;
      let rssMid = 0;
      let rssPeak = 0;
      // The heap's lowest value per quarter of the events sent.
      const troughs = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
      const sampling = sampleHeap(node!.process.url, (bytes) => {
        const q = Math.min(3, Math.floor((done / total) * 4));
        troughs[q] = Math.min(troughs[q]!, bytes);
      });
      const t0 = performance.now();
      await Promise.all(
        sockets.map((socket, s) =>
          (async () => {
            let sinceAck = 0;
            for (let i = s; i < events.length; i += SOCKETS) {
              await readyAgain(socket);
              sinceAck = await fire(socket, events[i]!, tally, sinceAck);
              if (++done === warmup) rssStart = node!.process.rssBytes();
              if (done === Math.floor(total / 2)) rssMid = node!.process.rssBytes();
              if (done % 500 === 0) rssPeak = Math.max(rssPeak, node!.process.rssBytes());
            }
          })(),
        ),
      );
      const seconds = (performance.now() - t0) / 1000;
      await sleep(3000); // let what the fuzz started (sends, broadcasts) finish before measuring
      const rssEnd = node!.process.rssBytes();
      rssPeak = Math.max(rssPeak, rssEnd);
      sampling.stop();
      const health = await fetch(`${node!.process.url}/api/health`).then(
        (r) => r.status,
        () => 0,
      );

      ctx.check(
        "the process did not crash and still answers",
        stack.crashed().length === 0 && health === 200,
        `health ${health}; ${stack.crashed().join(", ") || "up"}`,
      );
      const acked = events.filter((e) => e.known && e.withAck && !e.oversize).length;
      ctx.check(
        "every known event sent with an ack got one",
        tally.knownTimeouts.length === 0 && tally.knownAcked === acked,
        `${tally.knownAcked} of ${acked} answered (${showCounts(tally.ackCodes)}); no answer: ${tally.knownTimeouts.slice(0, 5).join(", ") || "none"}`,
      );
      ctx.check("no internal error acks (every input that passes validation is handled)", !tally.ackCodes.internal, `internal ${tally.ackCodes.internal ?? 0}`);
      ctx.check(
        "unknown events sent with an ack get an error ack",
        tally.unknownUnanswered === 0,
        `${tally.unknownAnswered} answered, ${tally.unknownUnanswered} left without an answer (the client waits for its timeout)`,
      );
      ctx.check(
        "only oversized frames close the connection",
        Object.keys(tally.otherDisconnects).length === 0,
        `oversized: ${tally.oversizeClosed} closed, ${tally.oversizeAnswered} answered; other disconnects: ${showCounts(tally.otherDisconnects)}`,
      );
      const mib = (b: number) => (Number.isFinite(b) ? (b / MIB).toFixed(1) : "?");
      const byHeap = Number.isFinite(troughs[1]!) && Number.isFinite(troughs[3]!);
      ctx.check(
        "server memory flat",
        byHeap ? troughs[3]! - troughs[1]! < MAX_HEAP_TROUGH_GROWTH : rssEnd - rssMid < MAX_RSS_GROWTH,
        `${byHeap ? "judged by heap" : `judged by RSS (second half limit +${MAX_RSS_GROWTH / MIB} MiB)`}: lowest heap in use per quarter ${troughs.map(mib).join(" → ")} MiB (second quarter to last, limit +${MAX_HEAP_TROUGH_GROWTH / MIB} MiB); RSS after warm-up ${mib(rssStart)}, half-way ${mib(rssMid)}, peak ${mib(rssPeak)}, end ${mib(rssEnd)} MiB`,
      );
      ctx.figure(`${total} events in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)}/s); ${tally.unacked} sent without an ack callback`);
      for (const socket of sockets) socket.disconnect();
    } finally {
      await stack.stop();
    }
  },
};

function open(url: string, cookie: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, { transports: ["websocket"], extraHeaders: { cookie }, forceNew: true, reconnectionDelay: 200 });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("fuzz socket not ready after 30 s")), 30_000);
    socket.once("session:ready", () => {
      clearTimeout(timer);
      resolve(socket);
    });
  });
}

/** After a disconnect (an oversized frame), waits for the automatic reconnect and the server's ready. */
async function readyAgain(socket: ClientSocket): Promise<void> {
  if (socket.connected) return;
  await new Promise<void>((resolve) => socket.once("session:ready", () => resolve()));
}

type RawEmit = (event: string, ...args: unknown[]) => void;
const raw = (s: Socket | ClientSocket) => (s as unknown as { emit: RawEmit }).emit.bind(s);

/** The next disconnect of each socket, as one promise per connection (not a listener per event). */
const nextLoss = new WeakMap<ClientSocket, Promise<string>>();
function lostOf(socket: ClientSocket): Promise<string> {
  let p = nextLoss.get(socket);
  if (!p) {
    p = new Promise<string>((resolve) =>
      socket.once("disconnect", (reason) => {
        nextLoss.delete(socket);
        resolve(reason);
      }),
    );
    nextLoss.set(socket, p);
  }
  return p;
}

async function fire(socket: ClientSocket, e: FuzzEvent, t: Tally, sinceAck: number): Promise<number> {
  const lost = lostOf(socket);
  if (e.oversize) {
    let answered = false;
    raw(socket)(e.event, ...e.args, () => (answered = true));
    const closed = await Promise.race([lost.then(() => true), sleep(5000).then(() => false)]);
    if (closed) t.oversizeClosed++;
    if (answered) t.oversizeAnswered++;
    return 0;
  }
  if (!e.withAck) {
    raw(socket)(e.event, ...e.args);
    t.unacked++;
    if (sinceAck + 1 < UNACKED_RUN) return sinceAck + 1;
    await barrier(socket, t, lost);
    return 0;
  }
  if (!e.known) {
    // Packets are handled in order: once a later event is answered, this one would have been.
    let answered = false;
    raw(socket)(e.event, ...e.args, () => (answered = true));
    await barrier(socket, t, lost);
    if (answered) t.unknownAnswered++;
    else t.unknownUnanswered++;
    return 0;
  }
  const ack = await new Promise<{ ok: boolean; error?: { code: string } } | "timeout" | "disconnected">((resolve) => {
    (socket.timeout(ACK_WAIT_MS) as unknown as { emit: RawEmit }).emit(e.event, ...e.args, (err: unknown, a: { ok: boolean; error?: { code: string } }) =>
      resolve(err ? "timeout" : a),
    );
    void lost.then(() => resolve("disconnected"));
  });
  if (ack === "disconnected") bump(t.otherDisconnects, "during an acked event");
  else if (ack === "timeout") t.knownTimeouts.push(`${e.event} ${JSON.stringify(e.args).slice(0, 200)}`);
  else {
    t.knownAcked++;
    bump(t.ackCodes, ack.ok ? "ok" : (ack.error?.code ?? "no code"));
  }
  await until(() => socket.connected, 10_000);
  return 0;
}

/**
 * Reads the process's heap in use from its Prometheus endpoint (open to this host) every
 * HEAP_SAMPLE_MS, until stopped. A failed read is skipped: the fuzz may be saturating it.
 */
function sampleHeap(url: string, onSample: (bytes: number) => void): { stop(): void } {
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const text = await fetch(`${url}/api/metrics`).then(
        (r) => (r.ok ? r.text() : ""),
        () => "",
      );
      const m = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(text);
      if (m) onSample(Number(m[1]));
      await sleep(HEAP_SAMPLE_MS);
    }
  })();
  return { stop: () => void (stopped = true) };
}

/** A cheap acked event (refused at validation): answered only after everything sent before it. */
async function barrier(socket: ClientSocket, t: Tally, lost: Promise<string>): Promise<void> {
  const r = await Promise.race([
    request(socket, "typing:set", null, ACK_WAIT_MS),
    lost.then((reason) => ({ ok: false as const, code: `disconnect: ${reason}` })),
  ]);
  if (!r.ok && r.code.startsWith("disconnect")) bump(t.otherDisconnects, r.code);
  else if (!r.ok && r.code === "timeout") t.knownTimeouts.push("(barrier)");
}
