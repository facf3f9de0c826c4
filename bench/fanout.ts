// Fan-out benchmark: one sender, N receivers in one channel. Measures how long until the
// LAST receiver has each message, on the real Parley realtime server and on a bare
// Socket.IO server with the same N and M, and prints the ratio.
//
//   npm run bench:fanout                         # N=200 receivers, M=200 messages
//   npm run bench:fanout -- --clients 1000 --messages 500 --warmup 50 --window 1 --batch 50 --json
//
// With DATABASE_URL set, Parley runs on a throwaway PostgreSQL database; otherwise on
// an in-memory PGlite. See bench/measure.ts for how latency and pacing are defined.
import os from "node:os";
import { connectAll, percentile, runPhase, type ClientSocket } from "./measure";
import { startBare, startParley, type Target } from "./targets";

interface Options {
  clients: number;
  messages: number;
  warmup: number;
  window: number;
  batch: number;
  json: boolean;
}

const USAGE = "usage: bench:fanout [--clients N=200] [--messages M=200] [--warmup W=20] [--window K=1] [--batch B=50] [--json]";

function parseOptions(argv: string[]): Options {
  const o: Options = { clients: 200, messages: 200, warmup: 20, window: 1, batch: 50, json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") o.json = true;
    else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === "--warmup" && !/^\d+$/.test(argv[i + 1] ?? ""))
      o.warmup = 20; // bare flag: the default
    else if (["--clients", "--messages", "--warmup", "--window", "--batch"].includes(arg)) {
      const value = Number(argv[++i]);
      const min = arg === "--warmup" ? 0 : 1;
      if (!Number.isInteger(value) || value < min) throw new Error(`${arg} needs an integer ≥ ${min}\n${USAGE}`);
      o[arg.slice(2) as "clients" | "messages" | "warmup" | "window" | "batch"] = value;
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return o;
}

interface Result {
  target: Target["name"];
  setupS: number;
  connectS: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  msgsPerS: number;
  deliveriesPerS: number;
}

/** Sockets connected (and closed) before a target's connect is timed. */
const CONNECT_WARMUP = 100;

// Peak RSS, sampled: one process holds the server and all N+1 clients.
let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, process.memoryUsage.rss()));

async function measure(target: Target, o: Options): Promise<Result> {
  let sockets: ClientSocket[] = [];
  try {
    // A warm-up connect first, for each target alike: otherwise the target measured second
    // would connect with client code the first one's run already compiled.
    const warmTarget = { ...target, headers: target.warmupHeaders ?? target.headers };
    const warm = await connectAll(warmTarget, Math.min(CONNECT_WARMUP, o.clients), o.batch);
    for (const s of warm) s.disconnect();
    await new Promise((r) => setTimeout(r, 500));
    const t0 = performance.now();
    sockets = await connectAll(target, o.clients + 1, o.batch);
    const connectS = (performance.now() - t0) / 1000;
    sampleRss();
    const sender = sockets[o.clients]!;
    const receivers = sockets.slice(0, o.clients);
    const run = Date.now().toString(36); // keeps clientMessageIds unique per sender across phases
    if (o.warmup > 0) await runPhase(sender, receivers, { spaceId: target.spaceId, count: o.warmup, window: o.window, tag: `w${run}` });
    const { latencies, elapsedMs } = await runPhase(sender, receivers, {
      spaceId: target.spaceId,
      count: o.messages,
      window: o.window,
      tag: `m${run}`,
    });
    sampleRss();
    const perS = (n: number) => n / (elapsedMs / 1000);
    return {
      target: target.name,
      setupS: target.setupS,
      connectS,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: Math.max(...latencies),
      msgsPerS: perS(o.messages),
      deliveriesPerS: perS(o.messages * o.clients),
    };
  } finally {
    for (const s of sockets) s.disconnect();
    await target.close();
  }
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const started = performance.now();
  const sampler = setInterval(sampleRss, 250).unref();

  const parleyTarget = await startParley(o.clients, Math.min(CONNECT_WARMUP, o.clients));
  const dbLabel = parleyTarget.dbLabel;
  const parley = await measure(parleyTarget, o);
  const bare = await measure(await startBare(), o);
  clearInterval(sampler);
  sampleRss();

  const ratio = { p50: parley.p50Ms / bare.p50Ms, p99: parley.p99Ms / bare.p99Ms, throughput: parley.msgsPerS / bare.msgsPerS };
  const totalS = (performance.now() - started) / 1000;
  const report = {
    options: o,
    environment: { node: process.version, cpus: os.cpus().length, database: dbLabel },
    results: [parley, bare],
    ratio,
    peakRssMb: Math.round(peakRss / 2 ** 20),
    totalS,
  };
  // With --json, stdout is only the JSON; the table goes to stderr for a human watching.
  const out = o.json ? console.error : console.log;
  out(table(o, report.environment, [parley, bare], ratio, report.peakRssMb, totalS));
  if (o.json) console.log(JSON.stringify(report, null, 2));
}

function table(
  o: Options,
  env: { node: string; cpus: number; database: string },
  rows: Result[],
  ratio: { p50: number; p99: number; throughput: number },
  peakRssMb: number,
  totalS: number,
): string {
  const f = (n: number, d = 1) => n.toFixed(d);
  const pad = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(12) : c.padStart(11))).join(" ");
  return [
    `Parley fan-out: 1 sender → ${o.clients} receivers in one channel, ${o.messages} messages (+${o.warmup} warm-up), window ${o.window}`,
    `node ${env.node}, ${env.cpus} CPUs, parley database: ${env.database}`,
    "All N+1 clients are socket.io-client sockets (websocket) in THIS process, sharing its event loop",
    "with the server: receive-side decoding is inside the latency, for both targets alike.",
    "latency = send → the LAST receiver's message:new; msgs/s = messages delivered to all N per second.",
    "parley also announces presence (batched every 500 ms) and relays read receipts (its real behaviour).",
    "",
    pad(["target", "p50 ms", "p99 ms", "max ms", "msgs/s", "deliveries/s", "connect s"]),
    ...rows.map((r) => pad([r.target, f(r.p50Ms, 2), f(r.p99Ms, 2), f(r.maxMs, 2), f(r.msgsPerS), f(r.deliveriesPerS, 0), f(r.connectS, 2)])),
    pad(["parley/bare", `${f(ratio.p50, 2)}x`, `${f(ratio.p99, 2)}x`, "", `${f(ratio.throughput, 2)}x`, "", ""]),
    "",
    `parley db setup+seed ${f(rows[0]!.setupS, 2)} s; peak RSS ${peakRssMb} MB; total ${f(totalS)} s`,
  ].join("\n");
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
  // A failed run can leave sockets or timers open; do not hang the terminal.
  setTimeout(() => process.exit(1), 2000).unref();
});
