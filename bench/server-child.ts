// Parley's realtime server in a process of its own, for benches whose figures must be the
// server's alone (its memory, or its latency without the clients' work on the same event
// loop): a database (in-memory PGlite, or a throwaway PostgreSQL one with DATABASE_URL) with
// `spaces` channels of `members` signed-in people each.
//
//   fork("bench/server-child.ts", [JSON.stringify({ spaces, members, tag, warmup })])
//
// With `kind: "bare"` it runs the plain Socket.IO server of bench/targets.ts instead, so a
// bench that compares the two runs both the same way.
//
// Talks to its parent over IPC: sends {type: "up", url, cookies, spaceIds, warmupCookies,
// dbLabel} when ready (person i's cookie, and the channel person i is in; `warmup` extra
// people in a channel of their own); answers {type: "mem"} with the memory
// in use after a full garbage collection (when started with --expose-gc), {type: "stored"}
// with the number of messages stored per channel, and {type: "stop"} by exiting.
import { randomBytes } from "node:crypto";
import { openBenchDatabase } from "./bench-database";
import { seedSpaceWithPeople } from "./seed-people";
import { serveBare, serveParley } from "./targets";

const config = JSON.parse(process.argv[2] ?? "{}") as { kind?: "parley" | "bare"; spaces?: number; members?: number; tag?: string; warmup?: number };
const spaces = config.spaces ?? 1;
const members = config.members ?? 1000;
const tag = config.tag ?? "bench";

if (config.kind === "bare") {
  const bare = await serveBare();
  process.on("message", async (m: { type: string }) => {
    if (m.type !== "stop") return;
    await bare.close();
    process.exit(0);
  });
  process.send?.({ type: "up", url: bare.url, cookies: [], spaceIds: [bare.spaceId], warmupCookies: [], dbLabel: "none" });
} else await serveSeededParley();

async function serveSeededParley() {
  const database = await openBenchDatabase();
  const secret = randomBytes(32).toString("hex");
  const cookies: string[] = [];
  const spaceIds: string[] = [];
  for (let s = 0; s < spaces; s++) {
    const names = Array.from({ length: members }, (_, k) => (spaces === 1 ? `${tag} ${k}` : `${tag} ${s}.${k}`));
    const seeded = await seedSpaceWithPeople(database.db, { tag: `${tag}${s}`, names, secret, spaceName: `room-${s}` });
    for (const p of seeded.people) {
      cookies.push(p.cookie);
      spaceIds.push(seeded.spaceId);
    }
  }
  const warmupCookies = config.warmup
    ? (
        await seedSpaceWithPeople(database.db, {
          tag: "warm",
          names: Array.from({ length: config.warmup }, (_, k) => `Warm ${k}`),
          secret,
          spaceName: "warm-up",
        })
      ).people.map((p) => p.cookie)
    : [];
  const server = await serveParley(database.db, secret);

  const gc = (globalThis as { gc?: () => void }).gc;
  process.on("message", async (m: { type: string }) => {
    if (m.type === "mem") {
      // Twice: the first pass can leave finalizable objects for the second.
      gc?.();
      await new Promise((r) => setTimeout(r, 50));
      gc?.();
      const { rss, heapUsed, external } = process.memoryUsage();
      process.send?.({ type: "mem", rss, heapUsed, external, gc: !!gc });
    } else if (m.type === "stored") {
      const rows = await database.db.message.groupBy({ by: ["spaceId"], _count: true });
      process.send?.({ type: "stored", counts: Object.fromEntries(rows.map((r) => [r.spaceId, r._count])) });
    } else if (m.type === "stop") {
      await server.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send?.({ type: "up", url: server.url, cookies, spaceIds, warmupCookies, dbLabel: database.label });
}
