// The bench's printed report: members' p50/p99 per phase against the unloaded baseline,
// what each attack got, and what the server logged.
import os from "node:os";
import { MAX_CONCURRENT_PASSWORD_HASHES, RATE_LIMITS } from "@/lib/limits";
import { percentile } from "../measure";
import { HEALTH_GAP_MS, MESSAGE_EVERY_MS, bump, f, showCounts } from "./client";
import type { AttackKind, WaveStats } from "./attacker";
import type { Options, PhaseResult, Probe } from "../abuse";

/** The goal: what an abuser may do to members' p99. */
export const GOAL_RATIO = 2;
/** Sign-in goals: while one address floods, ≥ 90% of a legitimate person's sign-ins succeed with p99 ≤ 2× unattacked; during a spray of the admin's password, the admin signs in with p99 ≤ 5 s. */
export const SIGN_IN_GOAL_SUCCESS = 0.9;
export const SPRAY_GOAL_P99_MS = 5000;

/**
 * The unloaded figures: every sample of the two unattacked phases, before the first attack and
 * after the last. Pooling them keeps one quiet moment of a shared machine from setting the bar,
 * and doubles the samples a p99 is read from.
 */
function pooled(a: Probe, b: Probe): Probe {
  const counts = (x: Record<string, number>, y: Record<string, number>) => {
    const sum = { ...x };
    for (const [k, n] of Object.entries(y)) sum[k] = (sum[k] ?? 0) + n;
    return sum;
  };
  return {
    health: [...a.health, ...b.health],
    healthErrors: counts(a.healthErrors, b.healthErrors),
    acks: [...a.acks, ...b.acks],
    ackErrors: counts(a.ackErrors, b.ackErrors),
    loopDelayP99: Math.max(a.loopDelayP99, b.loopDelayP99),
    load1: Math.max(a.load1, b.load1),
  };
}

export function report(o: Options, setupS: number, before: Probe, after: Probe, results: PhaseResult[], serverLog: string, totalS: number): string {
  const base = pooled(before, after);
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
  row("no attack, first", before);
  for (const r of results) row(r.phase.name, r.probe);
  row("no attack, last", after);

  // The admin signing in: unattacked (the first phase only: after a spray the account is slowed
  // on purpose for 15 minutes) beside each sign-in attack, with its goal and verdict.
  const signInRows: string[] = [];
  const sbase = before.signIns;
  if (sbase) {
    const padS = (cells: string[]) => cells.map((c, i) => (i < 1 ? c.padEnd(16) : c.padStart(i === cells.length - 1 ? 0 : 11))).join(" ");
    const stats = (si: NonNullable<Probe["signIns"]>) => {
      const tries = Object.values(si.outcomes).reduce((a, b) => a + b, 0);
      return { tries, rate: tries ? si.ms.length / tries : 0, p50: percentile(si.ms, 50), p99: percentile(si.ms, 99) };
    };
    const b = stats(sbase);
    signInRows.push(padS(["phase", "sign-ins", "success", "p50 ms", "p99 ms", "×p99", "goal", "verdict  outcomes"]));
    signInRows.push(padS(["no attack", `${b.tries}`, `${f(b.rate * 100, 0)}%`, f(b.p50), f(b.p99), "", "", `  ${showCounts(sbase.outcomes)}`]));
    for (const r of results) {
      const si = r.probe.signIns;
      if (!si || !r.phase.signInGoal) continue;
      const a = stats(si);
      const flood = r.phase.signInGoal === "flood";
      const pass = flood ? a.rate >= SIGN_IN_GOAL_SUCCESS && a.p99 <= GOAL_RATIO * b.p99 : a.rate > 0 && a.p99 <= SPRAY_GOAL_P99_MS;
      signInRows.push(
        padS([
          r.phase.name,
          `${a.tries}`,
          `${f(a.rate * 100, 0)}%`,
          f(a.p50),
          f(a.p99),
          `${f(a.p99 / b.p99, 2)}x`,
          flood ? `≥${SIGN_IN_GOAL_SUCCESS * 100}%, ≤${GOAL_RATIO}×` : `in, ≤${SPRAY_GOAL_P99_MS / 1000} s`,
          `${pass ? "PASS" : "FAIL"}  ${showCounts(si.outcomes)}`,
        ]),
      );
    }
  }

  const got: string[] = [];
  const label: Record<AttackKind, string> = {
    signinBotnet: "wrong sign-ins, fresh IP each",
    signinOneIp: "wrong sign-ins, one IP",
    signinSpray: "password spray on the admin, 10 IPs",
    signupBotnet: "sign-ups, fresh IP each",
    socketFlood: "socket flood",
  };
  for (const r of results) {
    // The attacker shares the machine's cores with the server and the probe: its own CPU is part of the load.
    got.push(`${r.phase.name}: (the attacker process used ${f(r.attack.cpuS, 1)} s of CPU)`);
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
    `limits: sign-in ${RATE_LIMITS.signInPerIp.points}/IP and ${RATE_LIMITS.signInPerAccountIp.points}/account and IP per 15 min (no account lockout), sign-up ${RATE_LIMITS.signupPerIp.points}/IP per hour, ` +
      `messages ${RATE_LIMITS.messagesPerUser.points}/user per ${RATE_LIMITS.messagesPerUser.durationS} s`,
    `members: GET /api/health one at a time (${HEALTH_GAP_MS} ms apart); message:send ack every ${MESSAGE_EVERY_MS} ms, 6 members in turn, own channel`,
    "base: both unattacked phases (before the first attack and after the last) pooled",
    `attacker: a separate process; each socket flood is a fresh signed-up account, ${o.parallel} events awaiting acks, posting in its own channel or in #general (3 agents)`,
    "",
    pad(["phase", "metric", "base p50", "base p99", "p50", "p99", "×p50", "×p99", `≤ ${GOAL_RATIO}× p99`, "samples"]),
    ...rows,
    "",
    ...(signInRows.length
      ? [
          "the admin signing in (a fresh address each time, one every 300 ms): success rate and latency of successes, unattacked beside attacked",
          ...signInRows,
          "",
        ]
      : []),
    "what the attack got (200 wrong password / 202 = a full hash was spent; 503 = busy, refused before hashing; 429 = rate limited):",
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
