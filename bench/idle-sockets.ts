// Idle sockets benchmark: the server's memory per connected, signed-in socket, and whether it
// comes back after they leave. The server runs in a child process (bench/server-child.ts) so
// the figures are its own; memory is read after a full GC. Ten cycles of connect all / close
// all: the idle figure after each cycle should stay flat (no leak per connection).
//
//   npm run bench:idle                       # 1,000 sockets, 10 cycles
//   npm run bench:idle -- --sockets 500 --cycles 5
import os from "node:os";
import { intFlags } from "./int-flags";
import { connectAll } from "./measure";
import { childTarget, startChildServer } from "./server-child-client";

const USAGE = "usage: bench:idle [--sockets N=1000] [--cycles C=10]";
const o = intFlags(process.argv.slice(2), { sockets: 1000, cycles: 10 }, USAGE);

/**
 * "Flat": the idle heap after the last cycle is within this of the first cycle's. A leak of
 * even 200 bytes per connection would pass it by the tenth cycle of 1,000 sockets.
 */
const FLAT_DRIFT_BYTES = 2 * 1024 * 1024;

type Mem = { rss: number; heapUsed: number; external: number; gc: boolean };
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
// Without DATABASE_URL the child uses an in-memory database; the figures are about sockets.
const child = await startChildServer({ spaces: 1, members: o.sockets, tag: "Idle" }, { exposeGc: true });
const mem = () => child.ask<Mem>("mem");

async function main() {
  const target = childTarget(child);
  const base = await mem();
  if (!base.gc) console.log("note: the server has no global.gc; figures include garbage");
  const rows: string[] = [];
  const perSocket: number[] = [];
  const idleHeap: number[] = [];
  for (let c = 1; c <= o.cycles; c++) {
    const sockets = await connectAll(target, o.sockets, 50);
    await new Promise((r) => setTimeout(r, 1000)); // presence batches and timers settle
    const full = await mem();
    for (const s of sockets) s.disconnect();
    await new Promise((r) => setTimeout(r, 1500));
    const idle = await mem();
    perSocket.push((full.heapUsed + full.external - (idle.heapUsed + idle.external)) / o.sockets);
    idleHeap.push(idle.heapUsed);
    rows.push(
      [String(c).padStart(5), mb(full.rss).padStart(10), mb(full.heapUsed).padStart(10), mb(idle.rss).padStart(10), mb(idle.heapUsed).padStart(10)].join(" "),
    );
  }
  const kb = (b: number) => (b / 1024).toFixed(1);
  const drift = idleHeap.at(-1)! - idleHeap[0]!;
  console.log(
    [
      `Parley idle sockets: ${o.sockets} signed-in sockets in one channel, ${o.cycles} cycles of connect all / close all`,
      `node ${process.version}, ${os.cpus().length} CPUs; server in its own process, database: ${child.dbLabel}; memory after a full GC`,
      `before any socket: rss ${mb(base.rss)} MB, heap ${mb(base.heapUsed)} MB`,
      "",
      "cycle  conn rss MB  conn heap  idle rss MB  idle heap",
      ...rows,
      "",
      `per socket (heap + external, connected − idle): median ${kb(perSocket.sort((a, b) => a - b)[Math.floor(perSocket.length / 2)]!)} KB`,
      `idle heap drift, cycle 1 → ${o.cycles}: ${drift >= 0 ? "+" : ""}${mb(drift)} MB (${kb(drift / Math.max(1, o.cycles - 1))} KB per cycle); flat (within ${mb(FLAT_DRIFT_BYTES)} MB): ${drift <= FLAT_DRIFT_BYTES ? "ok" : "MISSED"}`,
    ].join("\n"),
  );
  child.stop();
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  child.kill();
  process.exit(1);
});
