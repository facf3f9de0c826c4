// `npm run cluster -- 3`: several Parley processes on one machine, sharing one PostgreSQL
// (DATABASE_URL) and one Redis (REDIS_URL), behind a round-robin proxy on PORT (default
// 3000); the processes listen on 127.0.0.1 at PORT+1 … PORT+N. Ctrl-C stops them all.
// Needs the production build (made or refreshed first, as `npm start` does).
import { ensureAuthSecret } from "../server/auth/ensure-secret";
import { env } from "../server/env";
import { ensureBuild } from "./production-build";
import { spawnParley, type ParleyProcess } from "./parley-process";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

const USAGE = "usage: npm run cluster -- [N=3]   (DATABASE_URL and REDIS_URL required; PORT is the proxy's port)";
const MAX_PROCESSES = 16;

function fail(message: string): never {
  process.stderr.write(`cluster: ${message}\n`);
  process.exit(2);
}

const arg = process.argv[2];
if (arg === "--help" || arg === "-h") {
  console.log(USAGE);
  process.exit(0);
}
const count = arg === undefined ? 3 : Number(arg);
if (!Number.isInteger(count) || count < 1 || count > MAX_PROCESSES) fail(`N must be a whole number from 1 to ${MAX_PROCESSES}\n${USAGE}`);

const e = env();
if (!e.DATABASE_URL) {
  fail(
    "DATABASE_URL is not set. Several processes need one PostgreSQL database to share:\n" +
      "  the embedded database (PGlite) lives inside one process and cannot be opened by a second.\n" +
      "  Example: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/parley REDIS_URL=redis://127.0.0.1:6379 npm run cluster -- 3",
  );
}
if (!e.REDIS_URL) {
  fail("REDIS_URL is not set. Without Redis each process only reaches its own sockets (no cross-process messages, presence or shared rate limits).");
}

ensureBuild("rebuild");
// One secret for all: a session cookie signed by one process must be read by the others.
ensureAuthSecret();

const host = e.HOST ?? "127.0.0.1";
const nodes: { name: string; process: ParleyProcess; up: boolean }[] = [];

function start(i: number) {
  const name = `p${i}`;
  const p = spawnParley({
    port: e.PORT + i,
    // Only the proxy is reached from outside; it adds X-Forwarded-For, which rate limits use.
    env: { HOST: "127.0.0.1", TRUST_PROXY: "true" },
    output: { line: (text) => console.log(`[${name}] ${text}`) },
  });
  const node = { name, process: p, up: false };
  nodes.push(node);
  void p.exited.then((code) => {
    node.up = false;
    if (!stopping) console.error(`[${name}] exited (code ${code}); the others keep serving`);
  });
  return node;
}

async function whenUp(n: (typeof nodes)[number]) {
  try {
    await n.process.healthy();
    n.up = true;
  } catch (err) {
    console.error(`[${n.name}] ${(err as Error).message}`);
  }
}

let stopping = false;
let proxy: RoundRobinProxy | undefined;
async function stopAll(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`cluster: ${signal}, stopping ${nodes.length} processes…`);
  await proxy?.close();
  await Promise.all(nodes.map((n) => n.process.stop()));
  process.exit(0);
}
process.on("SIGINT", () => void stopAll("SIGINT"));
process.on("SIGTERM", () => void stopAll("SIGTERM"));

proxy = await startRoundRobinProxy({
  port: e.PORT,
  host,
  targets: () => nodes.filter((n) => n.up && n.process.alive()).map((n) => n.process.url),
}).catch((err: Error) => {
  void stopAll(`proxy could not listen on ${host}:${e.PORT} (${err.message})`);
  return undefined;
});

// The first process alone, then the rest: it applies migrations and (with SEED_DEMO=true)
// seeds while nobody else is starting, and two cores are not asked for N Next starts at once.
await whenUp(start(1));
if (!stopping) await Promise.all(Array.from({ length: count - 1 }, (_, k) => whenUp(start(k + 2))));
const up = nodes.filter((n) => n.up);
if (!up.length) await stopAll("no process started");
console.log(
  `cluster: ${up.length} of ${count} processes up (${up.map((n) => `${n.name} :${n.process.port}`).join(", ")}); ` +
    `open http://${host === "0.0.0.0" ? "localhost" : host}:${e.PORT} — Ctrl-C stops all`,
);
