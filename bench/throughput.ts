// Throughput benchmark: many 20-member channels, several senders in each posting as fast as
// their acks come back, every member connected. Prints persisted messages per second, the ack
// latency, and checks that every member got every message of its channel once, in seq order.
//
//   npm run bench:throughput                      # 10 channels × 20 members, 5 senders each, 2 s + 10 s
//   npm run bench:throughput -- --spaces 20 --members 20 --senders 5 --seconds 20
//
// Run it with DATABASE_URL (a throwaway PostgreSQL database is made next to it): that is
// what the goal is about. Without it, it runs on an in-memory PGlite.
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { MessageDto } from "@/lib/realtime/dto";
import { intFlags } from "./int-flags";
import { connectAll, percentile, type ClientSocket } from "./measure";
import { childTarget, startChildServer } from "./server-child-client";

const USAGE =
  "usage: bench:throughput [--spaces S=10] [--members M=20] [--senders K=5] [--seconds T=10] [--warmup W=2 (seconds sent first, checked but not in the figures)] [--rate R (msgs/s over all senders; default: as fast as acks come back)]";
const GOAL = { msgsPerS: 300, ackP99Ms: 150 };

function parseOptions(argv: string[]) {
  const o = intFlags(argv, { spaces: 10, members: 20, senders: 5, seconds: 10, warmup: 2, rate: 0 }, USAGE, { rate: 0, warmup: 0 });
  if (o.senders > o.members) throw new Error(`--senders cannot exceed --members\n${USAGE}`);
  return o;
}

type Ack = { ok: true; data: { message: MessageDto } } | { ok: false; error: { code: string } };

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const total = o.spaces * o.members;
  // The server in a process of its own: the clients' decoding and bookkeeping would otherwise
  // share its event loop and count in its ack latency.
  const server = await startChildServer({ spaces: o.spaces, members: o.members, tag: "Member" });
  const spaceOf = server.spaceIds;
  const target = childTarget(server);
  const sockets = await connectAll(target, total, 50);

  // What each member received: message ids (duplicates counted) and whether seqs only went up.
  const received = sockets.map(() => ({ ids: new Set<string>(), dup: 0, outOfOrder: 0, lastSeq: 0 }));
  sockets.forEach((socket, i) => {
    socket.on("message:new", ({ message }) => {
      const r = received[i]!;
      if (r.ids.has(message.id)) r.dup++;
      r.ids.add(message.id);
      if (message.seq <= r.lastSeq) r.outOfOrder++;
      r.lastSeq = Math.max(r.lastSeq, message.seq);
    });
  });

  // Warm-up first: a fresh process compiles its hot paths and opens its pool connections
  // during its first seconds, and those acks (printed apart) would otherwise be the p99.
  const ackMs: number[] = [];
  const warmupAckMs: number[] = [];
  let refused = 0;
  const started = performance.now();
  const measuredFrom = started + o.warmup * 1000;
  const deadline = measuredFrom + o.seconds * 1000;
  // Paced (--rate): each sender keeps its own schedule, so a slow ack delays only its own next send.
  const gapMs = o.rate ? (o.spaces * o.senders * 1000) / o.rate : 0;
  const sendLoop = async (socket: ClientSocket, spaceId: string, offsetMs: number) => {
    let next = started + offsetMs;
    while (performance.now() < deadline) {
      if (gapMs) {
        const wait = next - performance.now();
        next += gapMs;
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (performance.now() >= deadline) break;
      }
      const t0 = performance.now();
      const ack = await new Promise<Ack>((resolve) =>
        (socket.emit as unknown as (e: string, p: unknown, cb: (a: Ack) => void) => void)(
          "message:send",
          { spaceId, text: `load ${t0.toFixed(1)}`, clientMessageId: randomUUID() },
          resolve,
        ),
      );
      if (ack.ok) (t0 < measuredFrom ? warmupAckMs : ackMs).push(performance.now() - t0);
      else refused++;
    }
  };
  const loops: Promise<void>[] = [];
  for (let s = 0; s < o.spaces; s++)
    for (let k = 0; k < o.senders; k++)
      loops.push(sendLoop(sockets[s * o.members + k]!, spaceOf[s * o.members]!, (gapMs * (s * o.senders + k)) / (o.spaces * o.senders)));
  await Promise.all(loops);
  await new Promise((r) => setTimeout(r, 2000)); // the last broadcasts land

  const { counts } = await server.ask<{ counts: Record<string, number> }>("stored");
  const storedIn = new Map(Object.entries(counts));
  const persisted = Object.values(counts).reduce((n, c) => n + c, 0);
  let lost = 0;
  let dup = 0;
  let outOfOrder = 0;
  received.forEach((r, i) => {
    lost += (storedIn.get(spaceOf[i]!) ?? 0) - r.ids.size;
    dup += r.dup;
    outOfOrder += r.outOfOrder;
  });
  // Sent in the measured window and acked (each one a stored message, checked below), per second of that window.
  const measuredS = o.seconds;
  const rate = ackMs.length / measuredS;
  const p99 = percentile(ackMs, 99);
  const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");
  console.log(
    [
      `Parley throughput: ${o.spaces} channels × ${o.members} members (all connected), ${o.senders} senders each, ${o.warmup} s warm-up then ${o.seconds} s measured, ${o.rate ? `paced at ${o.rate} msgs/s` : "closed loop (as fast as acks come back)"}`,
      `node ${process.version}, ${os.cpus().length} CPUs, database: ${server.dbLabel}; the server in its own process, the clients in this one`,
      "",
      `warm-up: acked ${warmupAckMs.length}; ack p50 ${percentile(warmupAckMs, 50).toFixed(1)} ms, p99 ${percentile(warmupAckMs, 99).toFixed(1)} ms (not in the figures below)`,
      `measured: ${ackMs.length} messages persisted and acked in ${measuredS.toFixed(1)} s = ${rate.toFixed(0)} msgs/s (goal ≥ ${GOAL.msgsPerS}: ${verdict(rate >= GOAL.msgsPerS)})`,
      `refused ${refused}; ack p50 ${percentile(ackMs, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal ≤ ${GOAL.ackP99Ms}: ${verdict(p99 <= GOAL.ackP99Ms)}), max ${Math.max(...ackMs).toFixed(1)} ms`,
      `stored in all: ${persisted} (every acked message once); deliveries checked: ${received.reduce((n, r) => n + r.ids.size, 0)}; lost ${lost}, duplicated ${dup}, out of seq order ${outOfOrder} (goal 0: ${verdict(lost === 0 && dup === 0 && outOfOrder === 0)})`,
    ].join("\n"),
  );
  for (const s of sockets) s.disconnect();
  server.stop();
  if (lost || dup || outOfOrder || persisted !== ackMs.length + warmupAckMs.length) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
