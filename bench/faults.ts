// Fault battery: does Parley lose, double or misorder anything when things go wrong? Each
// scenario starts its own Parley processes (server/main.ts, production build) on free
// ports over a throwaway PostgreSQL database and Redis, each behind a TCP proxy the
// scenario cuts to simulate an outage (the machine's own services are never stopped),
// drives real Socket.IO clients, checks the database against what every client saw, and
// stops everything it started. Prints a pass/fail table; exits 1 on any failure.
//
//   npm run faults                      # every scenario, full durations (about 15 minutes)
//   npm run faults -- --quick           # shorter outages and disconnects (a few minutes)
//   npm run faults -- --only R2,X1      # some scenarios
// POSTGRES_URL picks the PostgreSQL server (default postgresql://postgres@127.0.0.1:5432/postgres).
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, ROOT } from "@/scripts/production-build";
import type { Scenario, ScenarioContext } from "./faults/scenario";
import { startRedis } from "./faults/redis-server";
import { r1 } from "./faults/scenarios/r1-redis-outage";
import { r2 } from "./faults/scenarios/r2-postgres-outage";
import { r3 } from "./faults/scenarios/r3-run-takeover";
import { r5 } from "./faults/scenarios/r5-replay";
import { r7 } from "./faults/scenarios/r7-fuzz";
import { p5 } from "./faults/scenarios/p5-restart-crowd";
import { x1 } from "./faults/scenarios/x1-fanout";

const SCENARIOS: Scenario[] = [x1, r7, r2, r1, r3, r5, p5];
const USAGE = `usage: npm run faults -- [--quick] [--only ${SCENARIOS.map((s) => s.id).join(",")}]`;

interface Row {
  scenario: string;
  check: string;
  pass: boolean;
  detail: string;
}

function parse(argv: string[]) {
  let quick = false;
  let only = SCENARIOS.map((s) => s.id);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--quick") quick = true;
    else if (a === "--only") {
      only = (argv[++i] ?? "").split(",").map((s) => s.trim().toUpperCase());
      const unknown = only.filter((id) => !SCENARIOS.some((s) => s.id === id));
      if (!only.length || unknown.length) throw new Error(`unknown scenario ${unknown.join(",")}\n${USAGE}`);
    } else if (a === "--help" || a === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  return { quick, scenarios: SCENARIOS.filter((s) => only.includes(s.id)) };
}

function table(rows: Row[]): string {
  const w = (k: keyof Row) => Math.max(...rows.map((r) => String(r[k]).length), 2);
  const [ws, wc] = [w("scenario"), w("check")];
  const line = (s: string, c: string, p: string, d: string) => `${s.padEnd(ws)}  ${c.padEnd(wc)}  ${p.padEnd(4)}  ${d}`;
  return [
    line("id", "check", "", "figures"),
    line("-".repeat(ws), "-".repeat(wc), "----", "-------"),
    ...rows.map((r) => line(r.scenario, r.check, r.pass ? "pass" : "FAIL", r.detail)),
  ].join("\n");
}

async function main() {
  const { quick, scenarios } = parse(process.argv.slice(2));
  ensureBuild();
  const outDir = path.join(ROOT, "bench/out/faults", new Date().toISOString().replace(/[:.]/g, "-"));
  mkdirSync(outDir, { recursive: true });
  const redis = await startRedis();
  const services = { postgresUrl: process.env.POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres", redis, outDir };
  console.log(`fault battery${quick ? " (quick)" : ""}: ${scenarios.map((s) => s.id).join(", ")}; PostgreSQL ${services.postgresUrl}, Redis: ${redis.label}`);
  console.log(`logs: ${outDir}\n`);

  const rows: Row[] = [];
  const figures: string[] = [];
  for (const s of scenarios) {
    const t0 = performance.now();
    console.log(`== ${s.id}: ${s.title}`);
    const ctx: ScenarioContext = {
      services,
      quick,
      check: (check, pass, detail) => {
        rows.push({ scenario: s.id, check, pass, detail });
        console.log(`   ${pass ? "pass" : "FAIL"}  ${check}: ${detail}`);
      },
      figure: (text) => {
        figures.push(`${s.id}: ${text}`);
        console.log(`   ${text}`);
      },
      log: (text) => console.log(`   … ${text}`),
    };
    try {
      await s.run(ctx);
    } catch (e) {
      ctx.check("scenario ran to the end", false, (e as Error).message.split("\n").slice(0, 6).join(" | "));
    }
    // The machine may be shared: the load says how much to trust the latencies.
    ctx.figure(`took ${((performance.now() - t0) / 1000).toFixed(0)} s; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
    console.log();
  }
  await redis.stop();

  console.log(table(rows));
  if (figures.length) console.log(`\n${figures.join("\n")}`);
  const failed = rows.filter((r) => !r.pass).length;
  console.log(`\n${rows.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
