// Fan-out benchmark: one sender, N receivers in one channel. Measures how long until the
// LAST receiver has each message, on the real Parley realtime server and on a bare
// Socket.IO server with the same N and M, and prints the ratio.
//
//   npm run bench:fanout                         # N=200 receivers, M=200 messages
//   npm run bench:fanout -- --clients 1000 --messages 500 --warmup 50 --window 1 --batch 50 --json
//   npm run bench:fanout -- --inline              # servers in this process, beside the clients
//   npm run bench:fanout -- --rounds 4            # more rounds, each on fresh servers
//
// Each server runs in a process of its own (bench/server-child.ts), as a deployed one would:
// the clients' decoding is then not on the server's event loop. `--inline` runs both servers
// in the clients' process instead, the way this bench first measured.
//
// The target measured first runs with colder client code and a younger heap in this
// process, and that alone moved the ratio by a third. So the targets take turns: round r
// measures both on fresh servers, parley first in even rounds and bare first in odd ones
// (parley, bare, bare, parley, ...), and each target's figures pool its rounds.
//
// With DATABASE_URL set, Parley runs on a throwaway PostgreSQL database; otherwise on
// an in-memory PGlite. See bench/measure.ts for how latency and pacing are defined.
import os from "node:os";
import { connectAll, percentile, runPhase, type ClientSocket } from "./measure";
import { childTarget, startChildServer } from "./server-child-client";
import { startBare, startParley, type Target } from "./targets";

interface Options {
  clients: number;
  messages: number;
  warmup: number;
  window: number;
  batch: number;
  json: boolean;
  inline: boolean;
  rounds: number;
}

const USAGE = "usage: bench:fanout [--clients N=200] [--messages M=200] [--warmup W=20] [--window K=1] [--batch B=50] [--rounds R=2] [--inline] [--json]";

function parseOptions(argv: string[]): Options {
  const o: Options = { clients: 200, messages: 200, warmup: 20, window: 1, batch: 50, json: false, inline: false, rounds: 2 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") o.json = true;
    else if (arg === "--inline") o.inline = true;
    else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === "--warmup" && !/^\d+$/.test(argv[i + 1] ?? ""))
      o.warmup = 20; // bare flag: the default
    else if (["--clients", "--messages", "--warmup", "--window", "--batch", "--rounds"].includes(arg)) {
      const value = Number(argv[++i]);
      const min = arg === "--warmup" ? 0 : 1;
      if (!Number.isInteger(value) || value < min) throw new Error(`${arg} needs an integer ≥ ${min}\n${USAGE}`);
      o[arg.slice(2) as "clients" | "messages" | "warmup" | "window" | "batch" | "rounds"] = value;
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return o;
}

interface Result {
  target: Target["name"];
  setupS: number;
  /** Mean over the rounds, and the fastest and slowest round. */
  connectS: number;
  connectRangeS: [number, number];
  /** p50 of send → the first receiver: what the server does before its broadcast loop. */
  firstP50Ms: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  msgsPerS: number;
  deliveriesPerS: number;
}

/** Sockets connected (and closed) before a target's connect is timed. */
const CONNECT_WARMUP = 100;

// Peak RSS of this process, sampled: it holds all N+1 clients (and, with --inline, the servers).
let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, process.memoryUsage.rss()));

/** One round of one target: its connect time and every message's latency. */
interface Round {
  setupS: number;
  connectS: number;
  latencies: number[];
  firsts: number[];
  elapsedMs: number;
}

async function measure(target: Target, o: Options): Promise<Round> {
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
    const { latencies, firsts, elapsedMs } = await runPhase(sender, receivers, {
      spaceId: target.spaceId,
      count: o.messages,
      window: o.window,
      tag: `m${run}`,
    });
    sampleRss();
    return { setupS: target.setupS, connectS, latencies, firsts, elapsedMs };
  } finally {
    for (const s of sockets) s.disconnect();
    await target.close();
  }
}

/** One target's rounds as one result: latencies pooled, connect and setup averaged. */
function pool(target: Target["name"], rounds: Round[], o: Options): Result {
  const latencies = rounds.flatMap((r) => r.latencies);
  const mean = (f: (r: Round) => number) => rounds.reduce((sum, r) => sum + f(r), 0) / rounds.length;
  const elapsedS = rounds.reduce((sum, r) => sum + r.elapsedMs, 0) / 1000;
  return {
    target,
    setupS: mean((r) => r.setupS),
    connectS: mean((r) => r.connectS),
    connectRangeS: [Math.min(...rounds.map((r) => r.connectS)), Math.max(...rounds.map((r) => r.connectS))],
    firstP50Ms: percentile(
      rounds.flatMap((r) => r.firsts),
      50,
    ),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
    msgsPerS: (o.messages * rounds.length) / elapsedS,
    deliveriesPerS: (o.messages * rounds.length * o.clients) / elapsedS,
  };
}

/** A target whose server runs in a process of its own; its setup time includes starting that process. */
async function startInChild(kind: Target["name"], receivers: number, warmup: number): Promise<Target & { dbLabel: string }> {
  const t0 = performance.now();
  const child = await startChildServer({ kind, spaces: 1, members: receivers + 1, tag: "Receiver", warmup });
  return { ...childTarget(child, kind, (performance.now() - t0) / 1000), dbLabel: child.dbLabel };
}

/** Parley against bare Socket.IO in the same run, 1,000 receivers: the last receiver's p99, and connecting them all. */
const GOAL = { p99: 1.5, connect: 3 };
const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const started = performance.now();
  const sampler = setInterval(sampleRss, 250).unref();

  const warmup = Math.min(CONNECT_WARMUP, o.clients);
  let dbLabel = "";
  const start: Record<Target["name"], () => Promise<Target>> = {
    parley: async () => {
      const t = o.inline ? await startParley(o.clients, warmup) : await startInChild("parley", o.clients, warmup);
      dbLabel = t.dbLabel;
      return t;
    },
    bare: async () => (o.inline ? startBare() : startInChild("bare", o.clients, 0)),
  };
  const rounds: Record<Target["name"], Round[]> = { parley: [], bare: [] };
  for (let r = 0; r < o.rounds; r++) {
    const order: Target["name"][] = r % 2 === 0 ? ["parley", "bare"] : ["bare", "parley"];
    for (const name of order) rounds[name].push(await measure(await start[name](), o));
  }
  const parley = pool("parley", rounds.parley, o);
  const bare = pool("bare", rounds.bare, o);
  clearInterval(sampler);
  sampleRss();

  const ratio = {
    p50: parley.p50Ms / bare.p50Ms,
    p99: parley.p99Ms / bare.p99Ms,
    throughput: parley.msgsPerS / bare.msgsPerS,
    connect: parley.connectS / bare.connectS,
  };
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
  ratio: { p50: number; p99: number; throughput: number; connect: number },
  peakRssMb: number,
  totalS: number,
): string {
  const f = (n: number, d = 1) => n.toFixed(d);
  const pad = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(12) : c.padStart(11))).join(" ");
  return [
    `Parley fan-out: 1 sender → ${o.clients} receivers in one channel, ${o.messages} messages (+${o.warmup} warm-up), window ${o.window}, ${o.rounds} round(s) per target`,
    `node ${env.node}, ${env.cpus} CPUs, parley database: ${env.database}`,
    o.inline
      ? "All N+1 clients are socket.io-client sockets (websocket) in THIS process, sharing its event loop\nwith the server: receive-side decoding is inside the latency, for both targets alike."
      : "Each server runs in a process of its own; all N+1 clients are socket.io-client sockets (websocket)\nin this one, so receive-side decoding is inside the latency, for both targets alike.",
    "latency = send → the LAST receiver's message:new; msgs/s = messages delivered to all N per second.",
    "first p50 = send → the FIRST receiver's: the server's own work before its broadcast loop.",
    "parley also announces presence (batched every 500 ms) and relays read receipts (its real behaviour).",
    "connect s = opening all N+1 sockets until each has session:ready: the mean of the rounds (fastest–slowest).",
    "",
    pad(["target", "first p50", "p50 ms", "p99 ms", "max ms", "msgs/s", "deliveries/s", "connect s", "range"]),
    ...rows.map((r) =>
      pad([
        r.target,
        f(r.firstP50Ms, 2),
        f(r.p50Ms, 2),
        f(r.p99Ms, 2),
        f(r.maxMs, 2),
        f(r.msgsPerS),
        f(r.deliveriesPerS, 0),
        f(r.connectS, 2),
        r.connectRangeS.map((x) => f(x, 2)).join("–"),
      ]),
    ),
    pad(["parley/bare", "", `${f(ratio.p50, 2)}x`, `${f(ratio.p99, 2)}x`, "", `${f(ratio.throughput, 2)}x`, "", `${f(ratio.connect, 2)}x`, ""]),
    `goals: last-receiver p99 ≤ ${GOAL.p99}× bare: ${verdict(ratio.p99 <= GOAL.p99)}; connect ≤ ${GOAL.connect}× bare: ${verdict(ratio.connect <= GOAL.connect)}${
      o.clients < 1000 ? ` (the goals are set for 1,000 receivers: --clients 1000)` : ""
    }`,
    "",
    `parley db setup+seed ${f(rows[0]!.setupS, 2)} s; peak RSS of the ${o.inline ? "only" : "clients'"} process ${peakRssMb} MB; total ${f(totalS)} s`,
  ].join("\n");
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
  // A failed run can leave sockets or timers open; do not hang the terminal.
  setTimeout(() => process.exit(1), 2000).unref();
});
