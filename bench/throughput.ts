// Throughput benchmark: many 20-member channels, several senders in each posting as fast as
// their acks come back, every member connected. Prints persisted messages per second, the ack
// latency, and checks that every member got every message of its channel once, in seq order.
//
//   npm run bench:throughput                      # 10 channels × 20 members, 5 senders each, 10 s
//   npm run bench:throughput -- --spaces 20 --members 20 --senders 5 --seconds 20
//
// Run it with DATABASE_URL (a throwaway PostgreSQL database is made next to it): that is
// what the goal is about. Without it, it runs on an in-memory PGlite.
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import type { MessageDto } from "@/lib/realtime/dto";
import { openBenchDatabase } from "./bench-database";
import { intFlags } from "./int-flags";
import { connectAll, percentile, type ClientSocket } from "./measure";
import { type BenchPerson, seedSpaceWithPeople } from "./seed-people";
import { serveParley } from "./targets";

const USAGE =
  "usage: bench:throughput [--spaces S=10] [--members M=20] [--senders K=5] [--seconds T=10] [--rate R (msgs/s over all senders; default: as fast as acks come back)]";
const GOAL = { msgsPerS: 300, ackP99Ms: 150 };

function parseOptions(argv: string[]) {
  const o = intFlags(argv, { spaces: 10, members: 20, senders: 5, seconds: 10, rate: 0 }, USAGE, { rate: 0 });
  if (o.senders > o.members) throw new Error(`--senders cannot exceed --members\n${USAGE}`);
  return o;
}

type Ack = { ok: true; data: { message: MessageDto } } | { ok: false; error: { code: string } };

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const database = await openBenchDatabase();
  const { db } = database;
  const secret = randomBytes(32).toString("hex");
  const total = o.spaces * o.members;
  const people: BenchPerson[] = [];
  const spaceOf: string[] = [];
  for (let s = 0; s < o.spaces; s++) {
    const names = Array.from({ length: o.members }, (_, k) => `Member ${s}.${k}`);
    const seeded = await seedSpaceWithPeople(db, { tag: `t${s}`, names, secret, spaceName: `room-${s}` });
    people.push(...seeded.people);
    for (let k = 0; k < o.members; k++) spaceOf.push(seeded.spaceId);
  }
  const server = await serveParley(db, secret);
  const target = {
    name: "parley" as const,
    url: server.url,
    spaceId: "",
    setupS: 0,
    headers: (i: number) => ({ cookie: people[i]!.cookie }),
    close: server.close,
  };
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

  const ackMs: number[] = [];
  let refused = 0;
  const deadline = performance.now() + o.seconds * 1000;
  const started = performance.now();
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
      if (ack.ok) ackMs.push(performance.now() - t0);
      else refused++;
    }
  };
  const loops: Promise<void>[] = [];
  for (let s = 0; s < o.spaces; s++)
    for (let k = 0; k < o.senders; k++)
      loops.push(sendLoop(sockets[s * o.members + k]!, spaceOf[s * o.members]!, (gapMs * (s * o.senders + k)) / (o.spaces * o.senders)));
  await Promise.all(loops);
  const elapsedS = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 2000)); // the last broadcasts land

  const stored = await db.message.groupBy({ by: ["spaceId"], _count: true });
  const storedIn = new Map(stored.map((r) => [r.spaceId, r._count]));
  const persisted = stored.reduce((n, r) => n + r._count, 0);
  let lost = 0;
  let dup = 0;
  let outOfOrder = 0;
  received.forEach((r, i) => {
    lost += (storedIn.get(spaceOf[i]!) ?? 0) - r.ids.size;
    dup += r.dup;
    outOfOrder += r.outOfOrder;
  });
  const rate = persisted / elapsedS;
  const p99 = percentile(ackMs, 99);
  const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");
  console.log(
    [
      `Parley throughput: ${o.spaces} channels × ${o.members} members (all connected), ${o.senders} senders each, ${o.seconds} s, ${o.rate ? `paced at ${o.rate} msgs/s` : "closed loop (as fast as acks come back)"}`,
      `node ${process.version}, ${os.cpus().length} CPUs, database: ${database.label}; clients share this process with the server`,
      "",
      `persisted ${persisted} messages in ${elapsedS.toFixed(1)} s = ${rate.toFixed(0)} msgs/s (goal ≥ ${GOAL.msgsPerS}: ${verdict(rate >= GOAL.msgsPerS)})`,
      `acked ${ackMs.length} (refused ${refused}); ack p50 ${percentile(ackMs, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal ≤ ${GOAL.ackP99Ms}: ${verdict(p99 <= GOAL.ackP99Ms)}), max ${Math.max(...ackMs).toFixed(1)} ms`,
      `deliveries checked: ${received.reduce((n, r) => n + r.ids.size, 0)}; lost ${lost}, duplicated ${dup}, out of seq order ${outOfOrder} (goal 0: ${verdict(lost === 0 && dup === 0 && outOfOrder === 0)})`,
    ].join("\n"),
  );
  for (const s of sockets) s.disconnect();
  await server.close();
  await database.close();
  if (lost || dup || outOfOrder || persisted !== ackMs.length) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
