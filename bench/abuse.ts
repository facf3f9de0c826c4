// Abuse benchmark: can one anonymous or signed-in abuser hurt everyone else? Runs the real
// server (server/main.ts on the production build: next-auth, the edge guards, Socket.IO)
// as a child process over a throwaway embedded database, and measures what normal members
// see, first unloaded, then while an attacker (in a process of its own) floods it:
//   - wrong sign-ins through next-auth's credentials callback, waves of --parallel at once,
//     from a botnet (a fresh X-Forwarded-For address per request; TRUST_PROXY=true) and
//     from a single address;
//   - sign-ups (POST /api/signup) from a botnet, waves of --parallel at once;
//   - a socket flood from a signed-in account (typing:set, message:send, space:join,
//     space:create, with --parallel events awaiting their ack at any time);
//   - all of them at once.
// Members' view: GET /api/health, one at a time; message:send acks over socket.io-client,
// one message every 200 ms. Figures are printed, never asserted: a miss exits 0, a crash 1.
//
//   npm run bench:abuse                           # 10 s per phase, waves of 50
//   npm run bench:abuse -- --seconds 20 --parallel 100
//   npm run bench:abuse -- --phases flood,all          # only some attacks (see PHASES)
import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { io as connect } from "socket.io-client";
import { MAX_CONCURRENT_PASSWORD_HASHES, RATE_LIMITS } from "@/lib/limits";
import type { MessageDto } from "@/lib/realtime/dto";
import { percentile, type ClientSocket } from "./measure";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = "usage: bench:abuse [--seconds S=10] [--parallel P=50] [--phases signin,signin-ip,signup,flood,flood-agents,all]";
/** Members' probes: one health check at a time with this pause between, one message per tick. */
const HEALTH_GAP_MS = 50;
const MESSAGE_EVERY_MS = 200;
/** The goal: what an abuser may do to members' p99. */
const GOAL_RATIO = 2;
const ACK_TIMEOUT_MS = 30_000;
const VICTIMS = [
  { email: "ada@parley.dev", password: "parley-admin" },
  { email: "ben@parley.dev", password: "parley-demo" },
  { email: "cleo@parley.dev", password: "parley-demo" },
];

interface Options {
  seconds: number;
  parallel: number;
  phases: string[];
}

function parseOptions(argv: string[]): Options {
  const o: Options = { seconds: 10, parallel: 50, phases: PHASES.map((p) => p.key) };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === "--phases") {
      o.phases = (argv[++i] ?? "").split(",").filter(Boolean);
      const unknown = o.phases.filter((k) => !PHASES.some((p) => p.key === k));
      if (!o.phases.length || unknown.length) throw new Error(`--phases takes some of ${PHASES.map((p) => p.key).join(",")}\n${USAGE}`);
    } else if (arg === "--seconds" || arg === "--parallel") {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${arg} needs an integer ≥ 1\n${USAGE}`);
      o[arg.slice(2) as "seconds" | "parallel"] = value;
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return o;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");
const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);
const showCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(", ") || "none";

// --- HTTP and socket helpers, used by both processes ---

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);

interface Csrf {
  token: string;
  cookie: string;
}

/** next-auth's double-submit CSRF pair; one pair serves any number of sign-ins. */
async function csrf(url: string): Promise<Csrf> {
  const res = await fetch(`${url}/api/auth/csrf`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { token: csrfToken, cookie: cookiesOf(res).join("; ") };
}

/** The request the sign-in form makes (components/auth/post-credentials.ts). */
function postCredentials(url: string, c: Csrf, email: string, password: string, ip?: string): Promise<Response> {
  return fetch(`${url}/api/auth/callback/credentials`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-auth-return-redirect": "1",
      cookie: c.cookie,
      ...(ip ? { "x-forwarded-for": ip } : {}),
    },
    body: new URLSearchParams({ email, password, csrfToken: c.token, callbackUrl: "/spaces" }),
    redirect: "manual",
  });
}

/** Retries while the server answers 503 (busy hashing, e.g. a previous phase's last requests). */
async function unlessBusy(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if (res.status !== 503 || attempt === 20) return res;
    await res.arrayBuffer();
    await sleep(500);
  }
}

/** Signs in for real (a Session row and all) and returns the session cookie header. */
async function signIn(url: string, email: string, password: string): Promise<string> {
  const c = await csrf(url);
  const res = await unlessBusy(() => postCredentials(url, c, email, password));
  // next-auth splits a large session token into .0, .1, …; send every piece back.
  const session = cookiesOf(res).filter((c) => c.startsWith("authjs.session-token"));
  if (!session.length) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return session.join("; ");
}

function postSignup(url: string, email: string, ip: string): Promise<Response> {
  return fetch(`${url}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ email, name: "Bench Signup", password: "bench-password-1" }),
  });
}

function connectSocket(url: string, cookie: string): Promise<{ socket: ClientSocket; entityId: string }> {
  // forceNew: one connection per member, as separate browsers would have.
  const socket: ClientSocket = connect(url, { transports: ["websocket"], extraHeaders: { cookie }, forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("socket not ready after 30 s")), 30_000);
    socket.once("session:ready", ({ entityId }) => {
      clearTimeout(timer);
      resolve({ socket, entityId });
    });
    socket.once("connect_error", (e) => {
      clearTimeout(timer);
      reject(new Error(`socket refused: ${e.message}`));
    });
  });
}

type AckResult = { ok: true; data: unknown } | { ok: false; code: string };

/** Emits an acked event; a missing ack becomes { ok: false, code: "timeout" } instead of hanging. */
function request(socket: ClientSocket, event: string, payload: unknown): Promise<AckResult> {
  return new Promise((resolve) => {
    (socket.timeout(ACK_TIMEOUT_MS) as unknown as { emit: (...a: unknown[]) => void }).emit(
      event,
      payload,
      (err: unknown, ack: { ok: boolean; data?: unknown; error?: { code: string } }) => {
        if (err) resolve({ ok: false, code: "timeout" });
        else resolve(ack.ok ? { ok: true, data: ack.data } : { ok: false, code: ack.error?.code ?? "unknown" });
      },
    );
  });
}

async function requestOk<T>(socket: ClientSocket, event: string, payload: unknown): Promise<T> {
  const r = await request(socket, event, payload);
  if (!r.ok) throw new Error(`${event} refused: ${r.code}`);
  return r.data as T;
}

// --- The attacker: its own process, so its client-side work does not sit on the event loop
// that times the members' requests. It gets its plan over IPC, says "ready" once connected,
// attacks until told to stop, then sends what it got back. ---

type AttackKind = "signinBotnet" | "signinOneIp" | "signupBotnet" | "socketFlood";

interface AttackPlan {
  url: string;
  kinds: AttackKind[];
  parallel: number;
  /** For socketFlood: the attacker's session cookie and the space it floods. */
  cookie?: string;
  spaceId?: string;
  /** Makes addresses and emails unique across phases. */
  tag: string;
}

interface WaveStats {
  sent: number;
  waves: number;
  byStatus: Record<string, number>;
  /** The attacker's own request latencies; only their p50/p99 travel back. */
  latencies?: number[];
  p50Ms?: number;
  p99Ms?: number;
}

interface AttackResult {
  http: Partial<Record<AttackKind, WaveStats>>;
  socket?: { byEvent: Record<string, Record<string, number>>; disconnects: number };
}

async function attacker(): Promise<void> {
  const plan = await new Promise<AttackPlan>((resolve) => process.once("message", (m) => resolve(m as AttackPlan)));
  let stopping = false;
  const stopped = new Promise<void>((resolve) => process.once("message", () => resolve()));
  void stopped.then(() => (stopping = true));
  const result: AttackResult = { http: {} };
  const c = await csrf(plan.url);
  // A fresh address per request: a botnet larger than any per-IP limit can see.
  let ipCounter = 0;
  const freshIp = () => {
    const n = ++ipCounter;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };

  const waves = (kind: AttackKind, one: (i: number) => Promise<string>) => {
    const stats: WaveStats = { sent: 0, waves: 0, byStatus: {}, latencies: [] };
    result.http[kind] = stats;
    return (async () => {
      while (!stopping) {
        stats.waves++;
        await Promise.all(
          Array.from({ length: plan.parallel }, async () => {
            const t0 = performance.now();
            const i = ++stats.sent;
            try {
              bump(stats.byStatus, await one(i));
            } catch (e) {
              bump(stats.byStatus, `error ${(e as Error).message}`);
            }
            stats.latencies!.push(performance.now() - t0);
          }),
        );
      }
    })();
  };
  const signInStatus = async (res: Response) => {
    if (res.status !== 200) return `${res.status}`;
    const { url } = (await res.json()) as { url?: string };
    return url?.includes("error=CredentialsSignin") ? "200 wrong password" : "200 signed in";
  };
  const tasks: Promise<void>[] = [];
  const loops: (() => Promise<void>)[] = [];
  for (const kind of plan.kinds) {
    // Unknown emails: each still costs the server a full (dummy) hash, and no account's
    // own failure limit ever trips.
    if (kind === "signinBotnet")
      loops.push(() => waves(kind, async (i) => signInStatus(await postCredentials(plan.url, c, `nobody-${plan.tag}-${i}@bench.dev`, "wrong-password", freshIp()))));
    if (kind === "signinOneIp")
      loops.push(() => waves(kind, async (i) => signInStatus(await postCredentials(plan.url, c, `nobody-${plan.tag}-${i}@bench.dev`, "wrong-password", "198.51.100.1"))));
    if (kind === "signupBotnet")
      loops.push(() => waves(kind, async (i) => `${(await postSignup(plan.url, `bot-${plan.tag}-${i}@bench.dev`, freshIp())).status}`));
    if (kind === "socketFlood") loops.push(() => flood(plan, () => stopping, result));
  }
  process.send!({ ready: true });
  for (const loop of loops) tasks.push(loop());
  await stopped;
  await Promise.race([Promise.all(tasks), sleep(ACK_TIMEOUT_MS)]);
  for (const stats of Object.values(result.http)) {
    stats.p50Ms = percentile(stats.latencies!, 50);
    stats.p99Ms = percentile(stats.latencies!, 99);
    delete stats.latencies;
  }
  process.send!(result, () => process.exit(0));
}

/** --parallel acked events in flight at all times, round-robin over four events; reconnects if dropped. */
async function flood(plan: AttackPlan, stopping: () => boolean, result: AttackResult): Promise<void> {
  const byEvent: Record<string, Record<string, number>> = {};
  result.socket = { byEvent, disconnects: 0 };
  let socket = (await connectSocket(plan.url, plan.cookie!)).socket;
  // One reconnect for all the workers that find the socket dropped.
  let reconnecting: Promise<void> | undefined;
  const reconnect = () =>
    (reconnecting ??= (async () => {
      result.socket!.disconnects++;
      socket = (await connectSocket(plan.url, plan.cookie!)).socket;
      reconnecting = undefined;
    })());
  let n = 0;
  const next = (): [string, unknown] => {
    const i = n++;
    const spaceId = plan.spaceId!;
    switch (i % 4) {
      case 0:
        return ["typing:set", { spaceId, typing: true }];
      case 1:
        return ["message:send", { spaceId, text: `flood ${plan.tag} #${i}`, clientMessageId: `flood-${plan.tag}-${i}` }];
      case 2:
        return ["space:join", { spaceId }];
      default:
        return ["space:create", { name: `flood ${plan.tag} ${i}`, memberIds: [] }];
    }
  };
  await Promise.all(
    Array.from({ length: plan.parallel }, async () => {
      while (!stopping()) {
        if (!socket.connected) await reconnect();
        const [event, payload] = next();
        const r = await request(socket, event, payload);
        bump((byEvent[event] ??= {}), r.ok ? "ok" : r.code);
      }
    }),
  );
  socket.disconnect();
}

// --- The server under test ---

interface Server {
  url: string;
  child: ChildProcess;
  dir: string;
  logFile: string;
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => (port === 3000 || port === 3100 ? freePort().then(resolve, reject) : resolve(port)));
    });
  });
}

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** server/main.ts in production mode needs `next build` output; make it once if missing. */
function ensureBuild(): void {
  const buildId = path.join(ROOT, ".next/BUILD_ID");
  if (!existsSync(buildId)) {
    console.log("No production build (.next/BUILD_ID): running `npx next build` first (about a minute)…");
    const r = spawnSync("npx", ["next", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (r.status !== 0) throw new Error(`next build failed (exit ${r.status})`);
    return;
  }
  // Rebuilding on every run, as `npm start` would, costs a minute; say so instead.
  const sources = Math.max(...["app", "components", "lib", "server"].map((d) => newestMtime(path.join(ROOT, d))));
  if (sources > statSync(buildId).mtimeMs) console.log("note: sources are newer than .next; routes run as last built (`npm run build` to refresh)");
}

let server: Server | undefined;

async function startServer(): Promise<Server> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "parley-abuse-"));
  const logFile = path.join(dir, "server.log");
  const out = openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PGLITE_DIR: path.join(dir, "pglite"),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    // The botnet is simulated with X-Forwarded-For, as if behind our own reverse proxy.
    TRUST_PROXY: "true",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // The embedded database, the in-memory limiter and the demo seed; nothing from the caller's shell.
  for (const k of ["DATABASE_URL", "REDIS_URL", "SEED_DEMO", "APP_URL", "ALLOWED_ORIGINS", "SIGNUP", "SIGNUP_DOMAINS"]) delete env[k];
  // detached: its own process group, so the whole tree (tsx and node) is stopped together.
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], { cwd: ROOT, env, detached: true, stdio: ["ignore", out, out] });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const s: Server = { url: `http://127.0.0.1:${port}`, child, dir, logFile, exited };
  server = s;
  let down = false;
  void exited.then(() => (down = true));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (down) throw new Error(`server exited during start; log:\n${tail(logFile)}`);
    if (Date.now() > deadline) throw new Error(`server not healthy after 120 s; log:\n${tail(logFile)}`);
    const ok = await fetch(`${s.url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return s;
    await sleep(250);
  }
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

async function stopServer(keepLog: boolean): Promise<void> {
  const s = server;
  if (!s) return;
  server = undefined;
  if (s.child.exitCode === null && s.child.signalCode === null) {
    try {
      process.kill(-s.child.pid!, "SIGTERM");
    } catch {}
    const exited = await Promise.race([s.exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!exited) {
      try {
        process.kill(-s.child.pid!, "SIGKILL");
      } catch {}
      await s.exited;
    }
  }
  if (keepLog) console.error(`server log kept: ${s.logFile}`);
  else rmSync(s.dir, { recursive: true, force: true });
}

// Last resort when the bench dies some other way: nothing outlives it.
process.on("exit", () => {
  if (server?.child.pid && server.child.exitCode === null) {
    try {
      process.kill(-server.child.pid, "SIGKILL");
    } catch {}
  }
});

// --- Members' view ---

interface Member {
  email: string;
  socket: ClientSocket;
  entityId: string;
}

interface Probe {
  health: number[];
  healthErrors: Record<string, number>;
  acks: number[];
  ackErrors: Record<string, number>;
  /** This process's own event-loop delay p99, ms: large values would mean the probe, not the server, was slow. */
  loopDelayP99: number;
  load1: number;
}

async function probe(url: string, members: Member[], spaceId: string, seconds: number, tag: string): Promise<Probe> {
  const p: Probe = { health: [], healthErrors: {}, acks: [], ackErrors: {}, loopDelayP99: 0, load1: 0 };
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const t0 = performance.now();
  const end = t0 + seconds * 1000;

  const health = (async () => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(ACK_TIMEOUT_MS) });
        await res.arrayBuffer();
        if (res.ok) p.health.push(performance.now() - t);
        else bump(p.healthErrors, `${res.status}`);
      } catch (e) {
        bump(p.healthErrors, (e as Error).name);
      }
      await sleep(HEALTH_GAP_MS);
    }
  })();

  // Open loop: a message every MESSAGE_EVERY_MS whether or not the last one was acked, so
  // a slow server cannot slow the probe down and hide its own slowness.
  const sends: Promise<void>[] = [];
  for (let i = 0; t0 + i * MESSAGE_EVERY_MS < end; i++) {
    await sleep(Math.max(0, t0 + i * MESSAGE_EVERY_MS - performance.now()));
    const m = members[i % members.length]!;
    const sentAt = performance.now();
    sends.push(
      request(m.socket, "message:send", { spaceId, text: `member ${tag} #${i}`, clientMessageId: `member-${tag}-${i}` }).then((r) => {
        if (r.ok) p.acks.push(performance.now() - sentAt);
        else bump(p.ackErrors, r.code);
      }),
    );
  }
  await Promise.all([health, ...sends]);
  delay.disable();
  p.loopDelayP99 = delay.percentile(99) / 1e6;
  p.load1 = os.loadavg()[0]!;
  return p;
}

/** Messages in a space since `sinceIso`, by sender, read back through a member's history. */
async function storedSince(reader: ClientSocket, spaceId: string, sinceIso: string): Promise<MessageDto[]> {
  const found: MessageDto[] = [];
  let beforeSeq: number | undefined;
  for (;;) {
    const { messages, hasMore } = await requestOk<{ messages: MessageDto[]; hasMore: boolean }>(reader, "messages:history", {
      spaceId,
      limit: 200,
      ...(beforeSeq ? { beforeSeq } : {}),
    });
    const recent = messages.filter((m) => m.createdAt >= sinceIso);
    found.push(...recent);
    if (!hasMore || recent.length < messages.length || !messages.length) return found;
    beforeSeq = Math.min(...messages.map((m) => m.seq));
  }
}

// --- Phases ---

interface Phase {
  key: string;
  name: string;
  kinds: AttackKind[];
  /** Where the socket flood posts: a channel of the attacker's own, or #general, whose agents every message wakes. */
  floodIn?: "own" | "general";
}

const PHASES: Phase[] = [
  { key: "signin", name: "sign-in botnet", kinds: ["signinBotnet"] },
  { key: "signin-ip", name: "sign-in one IP", kinds: ["signinOneIp"] },
  { key: "signup", name: "sign-up botnet", kinds: ["signupBotnet"] },
  { key: "flood", name: "flood, own chan", kinds: ["socketFlood"], floodIn: "own" },
  { key: "flood-agents", name: "flood, #general", kinds: ["socketFlood"], floodIn: "general" },
  { key: "all", name: "all at once", kinds: ["signinBotnet", "signupBotnet", "socketFlood"], floodIn: "general" },
];

interface PhaseResult {
  phase: Phase;
  probe: Probe;
  attack: AttackResult;
  /** For socket floods: the attacker's messages actually stored, and agent messages they set off. */
  stored?: { attacker: number; agents: number };
}

async function runAttack(plan: AttackPlan, during: () => Promise<Probe>): Promise<{ probe: Probe; attack: AttackResult }> {
  const child = fork(fileURLToPath(import.meta.url), ["--attacker"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`attacker process exited (${code}) before reporting`))),
  );
  exited.catch(() => {}); // read below, in the races
  try {
    const ready = new Promise((resolve) => child.once("message", resolve));
    child.send(plan);
    await Promise.race([ready, exited]);
    const probeResult = await during();
    const attack = new Promise<AttackResult>((resolve) => child.once("message", (m) => resolve(m as AttackResult)));
    child.send("stop");
    return { probe: probeResult, attack: await Promise.race([attack, exited]) };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const started = performance.now();
  ensureBuild();
  const s = await startServer();
  const setupS = (performance.now() - started) / 1000;
  const tag = Date.now().toString(36);

  // Three demo members take turns sending, so each stays under its own message limit
  // (a member sending every 200 ms alone would be rate limited, by design).
  const members: Member[] = [];
  for (const v of VICTIMS) members.push({ email: v.email, ...(await connectSocket(s.url, await signIn(s.url, v.email, v.password))) });
  const [ada, ben, cleo] = members as [Member, Member, Member];
  const { space } = await requestOk<{ space: { id: string } }>(ben.socket, "space:create", {
    name: "abuse-bench",
    memberIds: [ada.entityId, cleo.entityId],
  });
  for (const m of members) await requestOk(m.socket, "space:join", { spaceId: space.id });
  const { spaces } = await requestOk<{ spaces: { id: string; name: string }[] }>(ada.socket, "spaces:list", {});
  const general = spaces.find((x) => x.name === "general");
  if (!general) throw new Error("the demo workspace has no #general");

  // Warm-up: Next compiles nothing in production, but the first requests still load route modules.
  await probe(s.url, members, space.id, 2, `warm-${tag}`);
  const baseline = await probe(s.url, members, space.id, o.seconds, `base-${tag}`);
  const results: PhaseResult[] = [];
  let attackers = 0;
  for (const phase of PHASES.filter((p) => o.phases.includes(p.key))) {
    await sleep(2000); // let the previous phase's stragglers finish
    const plan: AttackPlan = { url: s.url, kinds: phase.kinds, parallel: o.parallel, tag: `${tag}-${results.length}` };
    let attackerId: string | undefined;
    if (phase.kinds.includes("socketFlood")) {
      // A fresh account per flood, so each starts with full rate-limit budgets; new accounts join #general.
      const email = `attacker-${tag}-${++attackers}@bench.dev`;
      const res = await unlessBusy(() => postSignup(s.url, email, `192.0.2.${attackers}`));
      if (res.status !== 201) throw new Error(`attacker sign-up: ${res.status} ${await res.text()}`);
      plan.cookie = await signIn(s.url, email, "bench-password-1");
      const { socket, entityId } = await connectSocket(s.url, plan.cookie);
      attackerId = entityId;
      plan.spaceId =
        phase.floodIn === "own"
          ? (await requestOk<{ space: { id: string } }>(socket, "space:create", { name: `own ${email}`, memberIds: [] })).space.id
          : general.id;
      socket.disconnect();
    }
    const since = new Date().toISOString();
    const { probe: p, attack } = await runAttack(plan, () => probe(s.url, members, space.id, o.seconds, `p${results.length}-${tag}`));
    let stored: PhaseResult["stored"];
    if (attackerId) {
      await sleep(1000); // agents set off by the flood may still be answering
      // Counted through the API the app uses; the attacker reads its own channel, Ada #general.
      const reader = phase.floodIn === "own" ? (await connectSocket(s.url, plan.cookie!)).socket : ada.socket;
      const msgs = await storedSince(reader, plan.spaceId!, since);
      if (reader !== ada.socket) reader.disconnect();
      stored = { attacker: msgs.filter((m) => m.sender.id === attackerId).length, agents: msgs.filter((m) => m.sender.type === "agent").length };
    }
    results.push({ phase, probe: p, attack, stored });
    // A server that died under attack is a crash to report, not a slow figure.
    if (s.child.exitCode !== null || s.child.signalCode !== null) throw new Error(`the server exited during "${phase.name}"`);
  }
  await sleep(2000);
  const after = await probe(s.url, members, space.id, o.seconds, `after-${tag}`);

  for (const m of members) m.socket.disconnect();
  const log = readFileSync(s.logFile, "utf8");
  await stopServer(false);
  console.log(report(o, setupS, baseline, after, results, log, (performance.now() - started) / 1000));
}

function report(o: Options, setupS: number, base: Probe, after: Probe, results: PhaseResult[], serverLog: string, totalS: number): string {
  const pad = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(i ? 13 : 16) : c.padStart(9))).join(" ");
  const rows: string[] = [];
  const row = (name: string, p: Probe) => {
    for (const [metric, xs, bxs, errs] of [
      ["health", p.health, base.health, p.healthErrors],
      ["message ack", p.acks, base.acks, p.ackErrors],
    ] as const) {
      const [b50, b99, a50, a99] = [percentile(bxs, 50), percentile(bxs, 99), percentile(xs, 50), percentile(xs, 99)];
      const ratio = a99 / b99;
      const failed = Object.values(errs).reduce((a, b) => a + b, 0);
      rows.push(
        pad([
          metric === "health" ? name : "",
          metric,
          f(b50),
          f(b99),
          f(a50),
          f(a99),
          `${f(a50 / b50, 2)}x`,
          `${f(ratio, 2)}x`,
          // A probe that failed outright is a miss whatever its latency.
          ratio <= GOAL_RATIO && !failed ? "PASS" : "FAIL",
          `${xs.length}${failed ? ` (+${failed} failed: ${showCounts(errs)})` : ""}`,
        ]),
      );
    }
    rows.push(pad(["", `  probe loop p99 ${f(p.loopDelayP99)} ms, load ${f(p.load1, 2)}`]));
  };
  for (const r of results) row(r.phase.name, r.probe);
  row("baseline again", after);

  const got: string[] = [];
  const label: Record<AttackKind, string> = {
    signinBotnet: "wrong sign-ins, fresh IP each",
    signinOneIp: "wrong sign-ins, one IP",
    signupBotnet: "sign-ups, fresh IP each",
    socketFlood: "socket flood",
  };
  for (const r of results) {
    got.push(`${r.phase.name}:`);
    for (const [kind, st] of Object.entries(r.attack.http) as [AttackKind, WaveStats][]) {
      got.push(`  ${label[kind]}: ${st.sent} in ${st.waves} waves (p50 ${f(st.p50Ms!)} ms, p99 ${f(st.p99Ms!)} ms): ${showCounts(st.byStatus)}`);
    }
    if (r.attack.socket) {
      const events = Object.entries(r.attack.socket.byEvent);
      const total = events.reduce((a, [, c]) => a + Object.values(c).reduce((x, y) => x + y, 0), 0);
      got.push(`  ${label.socketFlood}: ${total} acked events, ${f(total / o.seconds, 0)}/s; reconnects ${r.attack.socket.disconnects}`);
      for (const [event, counts] of events) got.push(`    ${event.padEnd(13)} ${showCounts(counts)}`);
      const where = r.phase.floodIn === "own" ? "its own channel" : "#general";
      if (r.stored) got.push(`    stored in ${where}: ${r.stored.attacker} attacker messages; ${r.stored.agents} agent messages since the flood began`);
    }
  }

  // The server's own account: warnings and errors by message (the limiter logs once per key and window).
  const levels: Record<string, number> = {};
  const loud: Record<string, number> = {};
  for (const line of serverLog.split("\n")) {
    const m = /^\{.*"level":(\d+).*"msg":"([^"]*)"/.exec(line);
    if (!m) continue;
    bump(levels, { "20": "debug", "30": "info", "40": "warn", "50": "error", "60": "fatal" }[m[1]!] ?? m[1]!);
    if (Number(m[1]) >= 40) bump(loud, m[2]!);
  }

  return [
    `Parley abuse bench: can one abuser hurt everyone else? ${o.seconds} s per phase, waves of ${o.parallel}`,
    `node ${process.version}, ${os.cpus().length} CPUs; server: server/main.ts (production build) as a child process, embedded PGlite in a temp dir,`,
    `TRUST_PROXY=true; UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? "unset (4)"}; MAX_CONCURRENT_PASSWORD_HASHES ${MAX_CONCURRENT_PASSWORD_HASHES};`,
    `limits: sign-in ${RATE_LIMITS.signInPerIp.points}/IP and ${RATE_LIMITS.signInPerAccount.points}/account per 15 min, sign-up ${RATE_LIMITS.signupPerIp.points}/IP per hour, ` +
      `messages ${RATE_LIMITS.messagesPerUser.points}/user per ${RATE_LIMITS.messagesPerUser.durationS} s`,
    `members: GET /api/health one at a time (${HEALTH_GAP_MS} ms apart); message:send ack every ${MESSAGE_EVERY_MS} ms, 3 members in turn, own channel`,
    `attacker: a separate process; each socket flood is a fresh signed-up account, ${o.parallel} events awaiting acks, posting in its own channel or in #general (3 agents)`,
    "",
    pad(["phase", "metric", "base p50", "base p99", "p50", "p99", "×p50", "×p99", `≤ ${GOAL_RATIO}× p99`, "samples"]),
    ...rows,
    "",
    "what the attack got (200 wrong password / 201 = a full hash was spent; 503 = busy, refused before hashing; 429 = rate limited):",
    ...got,
    "",
    `server log: ${showCounts(levels)}`,
    ...Object.entries(loud)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([msg, n]) => `  ${n}× ${msg}`),
    `setup (build check, server start) ${f(setupS)} s; total ${f(totalS)} s`,
  ].join("\n");
}

if (process.argv.includes("--attacker")) {
  attacker().catch((e) => {
    console.error("attacker:", e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  });
} else {
  const bail = (signal: string) => {
    void stopServer(false).finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", () => bail("SIGINT"));
  process.once("SIGTERM", () => bail("SIGTERM"));
  main().catch(async (e) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exitCode = 1;
    if (server) console.error(`server log (last lines):\n${tail(server.logFile)}`);
    await stopServer(true).catch(() => {});
    // A failed run can leave sockets or timers open; do not hang the terminal.
    setTimeout(() => process.exit(1), 2000).unref();
  });
}
