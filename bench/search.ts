// Search benchmark: seeds N messages of word-list text into a fresh database (PostgreSQL with
// DATABASE_URL: a throwaway database next to it, 1,000,000 messages by default; otherwise
// in-memory PGlite, 100,000) and times common searches through the real search function
// (searchMessages), as a member of 30 of the 40 channels. Prints p50/p99 per query and PASS
// when p99 is within the goal.
//
//   npm run bench:search
//   npm run bench:search -- --messages 200000 --runs 30
import { performance } from "node:perf_hooks";
import { searchMessages } from "@/server/domain/search/search-messages";
import { openBenchDatabase } from "./bench-database";
import { percentile } from "./measure";
import { personName, SEARCHER_SPACES, seedWorld, spaceName, SPACES } from "./search/seed-messages";

const USAGE = "usage: bench:search [--messages N] [--runs R=40]";
/** The goal: a search answers within this at the 99th percentile. */
const GOAL_P99_MS = 100;

function parseOptions(argv: string[]) {
  const o: { messages?: number; runs: number } = { runs: 40 };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]!.replace(/^--/, "");
    const value = Number(argv[++i]);
    if (!["messages", "runs"].includes(key) || !Number.isInteger(value) || value < 1) throw new Error(USAGE);
    o[key as "messages" | "runs"] = value;
  }
  return o;
}

// What people type, from the words the seed uses (bench/search/words.ts): frequent and rare
// words, a phrase, and the filters, one of them (a space the searcher is not in) finding nothing.
const QUERIES: [label: string, q: string][] = [
  ["single word", "deploy"],
  ["two words", "deploy review"],
  ["phrase", '"pull request"'],
  ["common word", "team"],
  ["very common word", "update"],
  ["rare word", "kalomi"],
  ["word in:#channel", `deploy in:#${spaceName(3)}`],
  ["word from:@person", `review from:@${personName(7)}`],
  ["word after: (last day)", `deploy after:${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)}`],
  ["filters only", `in:#${spaceName(5)} from:@${personName(2)}`],
  ["space not a member of", `deploy in:#${spaceName(SPACES - 1)}`],
  ["no match", "zzzqqqxxx"],
];

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const database = await openBenchDatabase();
  const postgres = database.sql.kind === "postgres";
  const messages = o.messages ?? (postgres ? 1_000_000 : 100_000);
  console.log(`search bench on ${database.label}: ${messages.toLocaleString("en")} messages in ${SPACES} channels (searcher in ${SEARCHER_SPACES})`);
  try {
    const seedStart = performance.now();
    const world = await seedWorld(database.sql, messages, postgres ? 50_000 : 10_000, (done) =>
      process.stdout.write(`\r  seeding ${done.toLocaleString("en")} / ${messages.toLocaleString("en")}`),
    );
    console.log(`\n  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (search indexes built after the rows, then ANALYZE)`);

    const deps = { db: database.db };
    const actor = { entityId: world.searcherId };
    console.log(`\n  ${"query".padEnd(26)}${"results".padStart(8)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}  goal p99 ≤ ${GOAL_P99_MS} ms`);
    let failed = 0;
    // One pass over every query first: the first reads after a fresh index build come from disk.
    for (const [, q] of QUERIES) await searchMessages(deps, actor, { q });
    for (const [label, q] of QUERIES) {
      const times: number[] = [];
      let results = 0;
      for (let i = 0; i < o.runs + 3; i++) {
        const t0 = performance.now();
        const page = await searchMessages(deps, actor, { q });
        const ms = performance.now() - t0;
        if (i >= 3) times.push(ms); // the first runs warm the caches and plans
        results = page.results.length;
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      const pass = p99 <= GOAL_P99_MS;
      if (!pass) failed++;
      console.log(
        `  ${label.padEnd(26)}${String(results).padStart(8)}${percentile(times, 50).toFixed(1).padStart(9)}${p99.toFixed(1).padStart(9)}  ${pass ? "PASS" : "FAIL"}   ${q}`,
      );
    }
    console.log(`\n  ${failed ? `${failed} of ${QUERIES.length} queries over the goal` : "every query within the goal"}`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error((e as Error).message.slice(0, 2000));
    process.exit(1);
  },
);
