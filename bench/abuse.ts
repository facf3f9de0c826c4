// Abuse benchmark: can one anonymous or signed-in abuser hurt everyone else? Runs the real
// server (server/main.ts on the production build: next-auth, the edge guards, Socket.IO)
// as a child process over a throwaway embedded database, and measures what normal members
// see, first unloaded, then while an attacker (in a process of its own) floods it:
//   - wrong sign-ins through next-auth's credentials callback, waves of --parallel at once,
//     from a botnet (a fresh X-Forwarded-For address per request; TRUST_PROXY=true) and
//     from a single address;
//   - a password spray: wrong passwords for the admin's account from 10 addresses, waves of --parallel;
//   - sign-ups (POST /api/signup) from a botnet, waves of --parallel at once;
//   - a socket flood from a signed-in account (typing:set, message:send, space:join,
//     space:create, with --parallel events awaiting their ack at any time);
//   - all of them at once.
// Members' view: GET /api/health, one at a time; message:send acks over socket.io-client,
// one message every 200 ms; in the unattacked first phase and the sign-in attacks, the admin
// signing in (from a fresh address each time, one sign-in every 300 ms), for its success rate
// and latency. Figures are printed with verdicts, never asserted: a miss exits 0, a crash 1.
//
//   npm run bench:abuse                           # 20 s per phase, waves of 50
//   npm run bench:abuse -- --seconds 20 --parallel 100
//   npm run bench:abuse -- --phases flood,all          # only some attacks (see PHASES)
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { MessageDto } from "@/lib/realtime/dto";
import type { ClientSocket } from "./measure";
import {
  ACK_TIMEOUT_MS,
  HEALTH_GAP_MS,
  MESSAGE_EVERY_MS,
  SIGN_IN_GAP_MS,
  csrf,
  postCredentials,
  bump,
  connectSocket,
  postSignup,
  request,
  requestOk,
  signIn,
  sleep,
  unlessBusy,
} from "./abuse/client";
import type { AttackKind, AttackPlan, AttackResult } from "./abuse/attacker";
import { ensureBuild, server, startServer, stopServer, tail } from "./abuse/server-under-test";
import { report } from "./abuse/report";

const USAGE = "usage: bench:abuse [--seconds S=20] [--parallel P=50] [--phases signin,signin-ip,spray,signup,flood,flood-agents,all]";
const VICTIMS = [
  { email: "ada@parley.dev", password: "parley-admin" },
  { email: "ben@parley.dev", password: "parley-demo" },
  { email: "cleo@parley.dev", password: "parley-demo" },
];

export interface Options {
  seconds: number;
  parallel: number;
  phases: string[];
}

function parseOptions(argv: string[]): Options {
  const o: Options = { seconds: 20, parallel: 50, phases: PHASES.map((p) => p.key) };
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

// --- Members' view ---

export interface Member {
  email: string;
  socket: ClientSocket;
  entityId: string;
}

export interface Probe {
  health: number[];
  healthErrors: Record<string, number>;
  acks: number[];
  ackErrors: Record<string, number>;
  /** The admin signing in during the phase (when it was probed): latencies of successes, and every outcome. */
  signIns?: { ms: number[]; outcomes: Record<string, number> };
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

let signInAddresses = 0;

/**
 * A legitimate person signing in, again and again for `seconds`, each time from a fresh
 * address (as different people would), through next-auth's credentials callback. Not retried
 * on 503 or 429: a refusal is what the person would see.
 */
async function signInProbe(url: string, who: { email: string; password: string }, seconds: number): Promise<NonNullable<Probe["signIns"]>> {
  const out = { ms: [] as number[], outcomes: {} as Record<string, number> };
  const c = await csrf(url);
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const n = ++signInAddresses;
    const t = performance.now();
    try {
      const res = await postCredentials(url, c, who.email, who.password, `198.18.${(n >> 8) & 255}.${n & 255}`);
      const body = (await res.json().catch(() => null)) as { url?: string } | null;
      const ok = res.status === 200 && typeof body?.url === "string" && !body.url.includes("error=");
      if (ok) out.ms.push(performance.now() - t);
      bump(out.outcomes, ok ? "signed in" : res.status === 200 ? "200 refused" : `${res.status}`);
    } catch (e) {
      bump(out.outcomes, (e as Error).name);
    }
    await sleep(SIGN_IN_GAP_MS);
  }
  return out;
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

export interface Phase {
  key: string;
  name: string;
  kinds: AttackKind[];
  /** Where the socket flood posts: a channel of the attacker's own, or #general, whose agents every message wakes. */
  floodIn?: "own" | "general";
  /** The admin signs in throughout the phase; its figures are judged against this goal. */
  signInGoal?: "flood" | "spray";
}

const PHASES: Phase[] = [
  { key: "signin", name: "sign-in botnet", kinds: ["signinBotnet"] },
  { key: "signin-ip", name: "sign-in one IP", kinds: ["signinOneIp"], signInGoal: "flood" },
  { key: "spray", name: "password spray", kinds: ["signinSpray"], signInGoal: "spray" },
  { key: "signup", name: "sign-up botnet", kinds: ["signupBotnet"] },
  { key: "flood", name: "flood, own chan", kinds: ["socketFlood"], floodIn: "own" },
  { key: "flood-agents", name: "flood, #general", kinds: ["socketFlood"], floodIn: "general" },
  { key: "all", name: "all at once", kinds: ["signinBotnet", "signupBotnet", "socketFlood"], floodIn: "general" },
];

export interface PhaseResult {
  phase: Phase;
  probe: Probe;
  attack: AttackResult;
  /** For socket floods: the attacker's messages actually stored, and agent messages they set off. */
  stored?: { attacker: number; agents: number };
}

async function runAttack(plan: AttackPlan, during: () => Promise<Probe>): Promise<{ probe: Probe; attack: AttackResult }> {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), "abuse", "attacker.ts"), ["--attacker"], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`attacker process exited (${code}) before reporting`))));
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

  // Six members take turns sending, so each stays under its own message limit (a member
  // sending every 100 ms alone would be rate limited, by design), and a phase gives enough
  // acks for its p99 to be more than its slowest one or two: the three demo members and three
  // who sign up (each from an address of its own, as the sign-up limit is per address).
  const members: Member[] = [];
  for (const v of VICTIMS) members.push({ email: v.email, ...(await connectSocket(s.url, await signIn(s.url, v.email, v.password))) });
  for (let i = 1; i <= 3; i++) {
    const email = `member-${tag}-${i}@bench.dev`;
    const res = await unlessBusy(() => postSignup(s.url, email, `198.51.100.${i}`));
    if (res.status !== 202) throw new Error(`member sign-up: ${res.status} ${await res.text()}`);
    members.push({ email, ...(await connectSocket(s.url, await signIn(s.url, email, "bench-password-1"))) });
  }
  const [ada, ben] = members as [Member, Member];
  const { space } = await requestOk<{ space: { id: string } }>(ben.socket, "space:create", {
    name: "abuse-bench",
    memberIds: members.filter((m) => m !== ben).map((m) => m.entityId),
  });
  for (const m of members) await requestOk(m.socket, "space:join", { spaceId: space.id });
  const { spaces } = await requestOk<{ spaces: { id: string; name: string }[] }>(ada.socket, "spaces:list", {});
  const general = spaces.find((x) => x.name === "general");
  if (!general) throw new Error("the demo workspace has no #general");

  // Warm-up: Next compiles nothing in production, but the first requests still load route modules.
  await probe(s.url, members, space.id, 2, `warm-${tag}`);
  const admin = VICTIMS[0]!;
  const withSignIns = async (p: Promise<Probe>) => {
    const [probed, signIns] = await Promise.all([p, signInProbe(s.url, admin, o.seconds)]);
    return { ...probed, signIns };
  };
  const baseline = await withSignIns(probe(s.url, members, space.id, o.seconds, `base-${tag}`));
  const results: PhaseResult[] = [];
  let attackers = 0;
  for (const phase of PHASES.filter((p) => o.phases.includes(p.key))) {
    await sleep(2000); // let the previous phase's stragglers finish
    const plan: AttackPlan = { url: s.url, kinds: phase.kinds, parallel: o.parallel, tag: `${tag}-${results.length}`, sprayEmail: admin.email };
    let attackerId: string | undefined;
    if (phase.kinds.includes("socketFlood")) {
      // A fresh account per flood, so each starts with full rate-limit budgets; new accounts join #general.
      const email = `attacker-${tag}-${++attackers}@bench.dev`;
      const res = await unlessBusy(() => postSignup(s.url, email, `192.0.2.${attackers}`));
      if (res.status !== 202) throw new Error(`attacker sign-up: ${res.status} ${await res.text()}`);
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
    const during = () => probe(s.url, members, space.id, o.seconds, `p${results.length}-${tag}`);
    const { probe: p, attack } = await runAttack(plan, () => (phase.signInGoal ? withSignIns(during()) : during()));
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
    if (!s.process.alive()) throw new Error(`the server exited during "${phase.name}"`);
  }
  await sleep(2000);
  const after = await probe(s.url, members, space.id, o.seconds, `after-${tag}`);

  for (const m of members) m.socket.disconnect();
  const log = readFileSync(s.logFile, "utf8");
  await stopServer(false);
  console.log(report(o, setupS, baseline, after, results, log, (performance.now() - started) / 1000));
}

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
