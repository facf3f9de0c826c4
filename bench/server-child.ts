// The server side of bench:idle, in a process of its own so its memory is the server's alone:
// Parley's realtime server over an in-memory database with N signed-in people in one channel.
// Talks to its parent over IPC: sends {url, cookies} when up, answers {mem} with the memory
// in use after a full garbage collection.
import { randomBytes } from "node:crypto";
import { openBenchDatabase } from "./bench-database";
import { seedSpaceWithPeople } from "./seed-people";
import { serveParley } from "./targets";

const n = Number(process.argv[2] ?? 1000);
const database = await openBenchDatabase();
const secret = randomBytes(32).toString("hex");
const { people } = await seedSpaceWithPeople(database.db, { tag: "idle", names: Array.from({ length: n }, (_, i) => `Idle ${i}`), secret });
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
  } else if (m.type === "stop") {
    await server.close();
    await database.close();
    process.exit(0);
  }
});
process.send?.({ type: "up", url: server.url, cookies: people.map((p) => p.cookie) });
