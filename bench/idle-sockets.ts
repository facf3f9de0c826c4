// Idle sockets benchmark: the server's memory per connected, signed-in socket, and whether it
// comes back after they leave. The server runs in a child process (bench/idle-server.ts) so
// the figures are its own; memory is read after a full GC. Ten cycles of connect all / close
// all: the idle figure after each cycle should stay flat (no leak per connection).
//
//   npm run bench:idle                       # 1,000 sockets, 10 cycles
//   npm run bench:idle -- --sockets 500 --cycles 5
import { fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { intFlags } from "./int-flags";
import { connectAll } from "./measure";

const USAGE = "usage: bench:idle [--sockets N=1000] [--cycles C=10]";
const o = intFlags(process.argv.slice(2), { sockets: 1000, cycles: 10 }, USAGE);

type Mem = { rss: number; heapUsed: number; external: number; gc: boolean };
const here = path.dirname(fileURLToPath(import.meta.url));
const child = fork(path.join(here, "idle-server.ts"), [String(o.sockets)], { execArgv: ["--import", "tsx", "--expose-gc"], stdio: "inherit" });
const next = <T>(type: string) =>
  new Promise<T>((resolve) =>
    child.on("message", function on(m: { type: string }) {
      if (m.type !== type) return;
      child.off("message", on);
      resolve(m as T);
    }),
  );
const mem = async () => {
  const reply = next<Mem>("mem");
  child.send({ type: "mem" });
  return reply;
};
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

async function main() {
  const up = await next<{ url: string; cookies: string[] }>("up");
  const target = { name: "parley" as const, url: up.url, spaceId: "", setupS: 0, headers: (i: number) => ({ cookie: up.cookies[i]! }), close: async () => {} };
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
      `node ${process.version}, ${os.cpus().length} CPUs; server in its own process, in-memory database; memory after a full GC`,
      `before any socket: rss ${mb(base.rss)} MB, heap ${mb(base.heapUsed)} MB`,
      "",
      "cycle  conn rss MB  conn heap  idle rss MB  idle heap",
      ...rows,
      "",
      `per socket (heap + external, connected − idle): median ${kb(perSocket.sort((a, b) => a - b)[Math.floor(perSocket.length / 2)]!)} KB`,
      `idle heap drift, cycle 1 → ${o.cycles}: ${drift >= 0 ? "+" : ""}${mb(drift)} MB (${kb(drift / Math.max(1, o.cycles - 1))} KB per cycle)`,
    ].join("\n"),
  );
  child.send({ type: "stop" });
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  child.kill();
  process.exit(1);
});
