// Etiquette benchmark: a scripted day in the demo workspace's #general — 100 messages between
// Ada, Ben and Cleo, 20 of them addressed to an agent (by name or @mention), some addressed to
// nobody (a few of those on one agent's topics), the rest people talking to each other — run
// once with the agents in reply mode `every` and once in `auto`, each on a fresh embedded
// database, through the real gateway with the offline model. Prints runs woken, tokens and
// requests answered per mode, and PASS/FAIL for the goal: under auto every addressed request
// is answered exactly once and the agents wake at most 1.3 runs per addressed request.
//
//   npm run bench:etiquette
import { seedDemoWorkspace } from "@/server/seed/demo-workspace";
import { startTestServer } from "@/server/testing/test-server";
import { scriptedModels } from "@/server/testing/agents";
import { sendMessage } from "@/server/domain/messages/send-message";
import type { ReplyMode } from "@/lib/agents/reply-modes";

/** The goal: runs woken per addressed request under auto. */
const MAX_RUNS_PER_REQUEST = 1.3;

type Who = "ada" | "ben" | "cleo";
interface Line {
  from: Who;
  text: string;
  /** The agent this message asks; undefined: not a request to an agent. */
  asks?: "Planner" | "Scout" | "Critic";
}

const REQUESTS: Line[] = [
  { from: "ada", text: "Scout, what do we know about the sign-up numbers this week?", asks: "Scout" },
  { from: "ben", text: "@Critic can you look over the onboarding copy?", asks: "Critic" },
  { from: "cleo", text: "Planner, what's left before Friday?", asks: "Planner" },
  { from: "ada", text: "Critic, remember that the demo is at 3pm", asks: "Critic" },
  { from: "ben", text: "Scout, remind me in 2 minutes to stretch", asks: "Scout" },
];

const PEOPLE: Line[] = [
  { from: "ben", text: "Ada, can you review my pull request?" },
  { from: "ada", text: "Sure Ben, after lunch." },
  { from: "cleo", text: "Coffee anyone?" },
  { from: "ben", text: "Cleo, the new icons look great" },
  { from: "ada", text: "Thanks everyone for the quick turnaround today" },
  { from: "cleo", text: "Ben, what's the deadline for the changelog?" },
  { from: "ben", text: "Thursday evening, Cleo" },
  { from: "ada", text: "I'm heading out at five" },
  { from: "cleo", text: "Ada, did you see my message in design?" },
  { from: "ben", text: "The build is green again" },
  { from: "ada", text: "Nice work, Ben" },
  { from: "cleo", text: "Lunch at noon?" },
  { from: "ben", text: "Count me in" },
  { from: "ada", text: "Ben, the deploy script needs a second pair of eyes" },
];

const NOBODY_ON_TOPIC: Line[] = [
  { from: "ada", text: "Has anyone checked the accessibility of the new dialog?" },
  { from: "ben", text: "Where do the churn data come from?" },
];

const NOBODY_OFF_TOPIC: Line[] = [
  { from: "cleo", text: "Good morning" },
  { from: "ben", text: "Quiet day today" },
  { from: "ada", text: "Who left their umbrella in the kitchen?" },
];

/** 100 lines: 20 requests, 10 addressed to nobody (4 on a topic), 70 between people, interleaved. */
function day(): Line[] {
  const lines: Line[] = [];
  for (let i = 0; i < 100; i++) {
    if (i % 5 === 2) lines.push(REQUESTS[((i / 5) % REQUESTS.length) | 0]!);
    else if (i % 10 === 4) lines.push((i / 10) % 5 < 2 ? NOBODY_ON_TOPIC[((i / 10) | 0) % 2]! : NOBODY_OFF_TOPIC[((i / 10) | 0) % 3]!);
    else lines.push(PEOPLE[i % PEOPLE.length]!);
  }
  return lines;
}

async function runDay(mode: ReplyMode) {
  const srv = await startTestServer({ gateway: { models: scriptedModels({}).resolver } });
  try {
    const db = srv.deps.db;
    await seedDemoWorkspace(db);
    // The offline model answers at once: the bench measures who wakes, not typing speed.
    await db.agent.updateMany({ data: { modelSettings: { streamDelayMs: 0, thinkMs: 0 } } });
    const general = await db.space.findFirstOrThrow({ where: { name: "general" } });
    await db.membership.updateMany({ where: { spaceId: general.id, entity: { type: "agent" } }, data: { replyMode: mode } });
    const users = await db.user.findMany({ include: { entity: true } });
    const actor = (who: Who) => {
      const u = users.find((x) => x.email.startsWith(who))!;
      return { entityId: u.entityId, userId: u.id, isAdmin: u.isAdmin };
    };
    const before = await db.run.count();
    const requests: { id: string; asks: string }[] = [];
    for (const line of day()) {
      const sent = await sendMessage(srv.deps, actor(line.from), { spaceId: general.id, text: line.text });
      if (line.asks) requests.push({ id: sent.message.id, asks: line.asks });
      await srv.gateway.idle();
    }
    const runs = await db.run.findMany({
      where: { triggerType: "space_message" },
      select: { id: true, triggerMessageId: true, totalTokens: true },
      skip: before,
    });
    const answers = await db.message.findMany({
      where: { spaceId: general.id, sender: { type: "agent" }, runId: { not: null } },
      select: { runId: true, sender: { select: { name: true } } },
    });
    const runTrigger = new Map(runs.map((r) => [r.id, r.triggerMessageId]));
    const answeredBy = (id: string) => answers.filter((a) => runTrigger.get(a.runId!) === id);
    const once = requests.filter((r) => {
      const by = answeredBy(r.id);
      return by.length === 1 && by[0]!.sender.name === r.asks;
    }).length;
    return {
      mode,
      runs: runs.length,
      tokens: runs.reduce((n, r) => n + r.totalTokens, 0),
      requests: requests.length,
      answeredOnce: once,
      agentMessages: answers.length,
    };
  } finally {
    await srv.close();
  }
}

async function main() {
  const results = [];
  for (const mode of ["every", "auto"] as const) results.push(await runDay(mode));
  console.log("mode   runs woken  tokens   agent messages  requests answered exactly once (by the agent asked)");
  for (const r of results)
    console.log(
      `${r.mode.padEnd(6)} ${String(r.runs).padStart(10)}  ${String(r.tokens).padStart(7)}  ${String(r.agentMessages).padStart(14)}  ${r.answeredOnce}/${r.requests}`,
    );
  const auto = results.find((r) => r.mode === "auto")!;
  const perRequest = auto.runs / auto.requests;
  const pass = auto.answeredOnce === auto.requests && perRequest <= MAX_RUNS_PER_REQUEST;
  console.log(
    `auto: ${perRequest.toFixed(2)} runs per addressed request (goal ≤ ${MAX_RUNS_PER_REQUEST}); every request answered once: ${auto.answeredOnce === auto.requests}`,
  );
  console.log(pass ? "PASS" : "FAIL");
  process.exitCode = pass ? 0 : 1;
}

await main();
