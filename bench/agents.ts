// Agent gateway benchmark, in-process with the built-in offline model (no API key, no
// sockets), so the figures are the gateway's own cost: triggers, claims, context, tools.
//   1. trigger → model call: human sendMessage returns → the model's doStream is invoked
//   2. a 3-agent chain from one human message until the space's depth limit stops it
//   3. prompt prefix: the bytes two consecutive runs' prompts (system + messages) share from
//      their start, for one agent in a space with a 50-message history and a new message
//      between the runs: what a provider's prefix cache can serve
//   3b. prompt caching over 10 consecutive runs of one agent (3 short, 12 short, 3 long
//      messages between runs; prefix share and Anthropic-style cache hits), and the largest
//      call against its window in a busy workspace at the default window (bench/agent-cache.ts)
//   4. loadContext + buildContext for the 50-message window of a space with --messages rows
//
//   npm run bench:agents                          # 100,000 messages, 200 samples, 5 chains
//   npm run bench:agents -- --messages 20000 --samples 50 --chains 3
//
// With DATABASE_URL set, runs on a throwaway PostgreSQL database; otherwise in-memory PGlite.
import os from "node:os";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { addToSpace, createAgent, replyOnce, scriptedModels, type Script } from "@/server/testing/agents";
import { commonPrefixShare } from "@/server/testing/prompt-prefix";
import { DomainBus } from "@/server/domain/bus";
import { nullSink, type Deps } from "@/server/domain/deps";
import { createUser } from "@/server/domain/users/create-user";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";
import { createGateway } from "@/server/agents/gateway";
import type { ModelResolver } from "@/server/agents/models/resolve-model";
import { loadContext } from "@/server/agents/context/load-context";
import { buildContext } from "@/server/agents/context/build-context";
import { callBudget } from "@/server/agents/context/budget";
import { countTokens } from "@/server/agents/context/token-count";
import { toolSchemasText } from "@/server/agents/tools/schema-text";
import { HISTORY_WINDOW } from "@/lib/limits";
import { percentile } from "./measure";
import { openBenchDatabase } from "./bench-database";
import { busyScript, busyWindow, cacheModels, cacheSeries } from "./agent-cache";

/** The gateway's own overhead, from a person's message to its agent's model call, with an instant model. */
const TRIGGER_P99_GOAL_MS = 50;

const USAGE = "usage: bench:agents [--messages N=100000] [--samples S=200] [--chains C=5]";
interface Options {
  messages: number;
  samples: number;
  chains: number;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { messages: 100_000, samples: 200, chains: 5 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (["--messages", "--samples", "--chains"].includes(arg)) {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${arg} needs an integer ≥ 1\n${USAGE}`);
      o[arg.slice(2) as keyof Options] = value;
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return o;
}

const f = (n: number, d = 2) => n.toFixed(d);
const median = (xs: number[]) => percentile(xs, 50);
const pad = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(26) : c.padStart(10))).join(" ");
const stats = (label: string, xs: number[]) => pad([label, f(percentile(xs, 50)), f(percentile(xs, 99)), f(Math.max(...xs))]);

// Each chain agent answers whatever triggered it, once per run, so only the depth limit ends the chain.
const chatty: Script = (c) => (c.results.length ? { text: "ok" } : { tool: "send_message", input: { text: `and another thing (${c.call})` } });

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const started = performance.now();
  const database = await openBenchDatabase();
  const { db } = database;
  const deps: Deps = { db, events: nullSink, bus: new DomainBus() };
  const out: string[] = [
    `Parley agent gateway, in-process, offline/scripted models with no stream delay`,
    `node ${process.version}, ${os.cpus().length} CPUs, database: ${database.label}`,
  ];

  // Scripted models for the chain agents; the real offline model (instant) for the rest,
  // wrapped so the first doStream after each human message is timestamped.
  const scripted = scriptedModels({
    A: chatty,
    B: chatty,
    C: chatty,
    Regular: replyOnce("noted"),
    Keeper0: replyOnce("noted"),
    Keeper1: replyOnce("noted"),
    Keeper2: replyOnce("noted"),
    Busy: (c) => busyScript.next(c),
  });
  const cache = cacheModels(scripted.resolver);
  let modelCalledAt: number | undefined;
  const timed = (m: LanguageModelV4): LanguageModelV4 => ({
    specificationVersion: m.specificationVersion,
    provider: m.provider,
    modelId: m.modelId,
    supportedUrls: m.supportedUrls,
    doGenerate: (opts) => m.doGenerate(opts),
    doStream: (opts) => {
      modelCalledAt ??= performance.now();
      return m.doStream(opts);
    },
  });
  const models: ModelResolver = (agent) => {
    const r = cache.resolver(agent);
    return agent.provider === "offline" ? { ...r, model: timed(r.model as LanguageModelV4) } : r;
  };
  // tickMs 0: no polling timer; the worker is woken by triggers only, as in the tests.
  const gateway = createGateway(deps, { models, tickMs: 0 });
  await gateway.start();

  // No password: createUser would otherwise spend its time in scrypt.
  const ada = await createUser({ db }, { email: "ada@bench.dev", name: "Ada" });
  const bob = await createUser({ db }, { email: "bob@bench.dev", name: "Bob" });
  const adaActor = { entityId: ada.entityId, userId: ada.id };
  const offline = { provider: "offline", modelSettings: { streamDelayMs: 0 } };

  // --- 1. trigger → model call. One offline agent, addressed by name so it always replies;
  // sequential, idle between messages, so this is unloaded latency. The first few are warm-up (JIT, caches).
  const echo = await createAgent(db, "Echo", offline);
  const lat = await createChannel(deps, adaActor, { name: "latency", memberIds: [echo.entityId] });
  const warmup = Math.min(10, o.samples);
  const sendMs: number[] = [],
    triggerMs: number[] = [],
    idleMs: number[] = [];
  for (let i = 0; i < warmup + o.samples; i++) {
    modelCalledAt = undefined;
    const t0 = performance.now();
    await sendMessage(deps, adaActor, { spaceId: lat.id, text: `Echo, ping #${i}` });
    const t1 = performance.now();
    await gateway.idle();
    const t2 = performance.now();
    if (modelCalledAt === undefined) throw new Error(`message ${i}: the gateway never called the model`);
    if (i < warmup) continue;
    sendMs.push(t1 - t0);
    triggerMs.push(modelCalledAt - t1);
    idleMs.push(t2 - t1);
  }
  const echoRuns = await db.run.groupBy({ by: ["status"], where: { agentId: echo.id }, _count: true });
  out.push(
    "",
    `1. trigger → model call: ${o.samples} human messages (+${warmup} warm-up), one at a time, 1 offline agent`,
    pad(["ms", "p50", "p99", "max"]),
    stats("sendMessage itself", sendMs),
    stats("send returned → doStream", triggerMs),
    `   trigger → model call p99 ${f(percentile(triggerMs, 99))} ms (goal ≤ ${TRIGGER_P99_GOAL_MS} ms on PostgreSQL: ${percentile(triggerMs, 99) <= TRIGGER_P99_GOAL_MS ? "ok" : "MISSED"})`,
    stats("send returned → idle", idleMs),
    `   runs: ${echoRuns.map((r) => `${r._count} ${r.status}`).join(", ")}`,
  );

  // --- 2. chain wall time: A, B, C all answer every message, so the fan-out is limited
  // only by folding (one queued run per agent and space) and by Space.maxChainDepth.
  const chainAgents = [await createAgent(db, "A"), await createAgent(db, "B"), await createAgent(db, "C")];
  const chains: { ms: number; messages: number; runs: number; depth: number; refused: number }[] = [];
  for (let i = 0; i < o.chains; i++) {
    const space = await createChannel(deps, adaActor, { name: `chain-${i}`, memberIds: chainAgents.map((a) => a.entityId) });
    const t0 = performance.now();
    await sendMessage(deps, adaActor, { spaceId: space.id, text: "start a chain" });
    await gateway.idle();
    const ms = performance.now() - t0;
    const rows = await db.message.findMany({ where: { spaceId: space.id }, select: { id: true, chainDepth: true } });
    const runs = await db.run.count({ where: { triggerSpaceId: space.id } });
    const refused = await db.triggerDecision.count({ where: { decision: "refused", messageId: { in: rows.map((m) => m.id) } } });
    chains.push({ ms, messages: rows.length, runs, depth: Math.max(...rows.map((m) => m.chainDepth)), refused });
  }
  const limit = (await db.space.findFirstOrThrow({ where: { name: "chain-0" } })).maxChainDepth;
  const failed = await db.run.count({ where: { agentId: { in: chainAgents.map((a) => a.id) }, status: { not: "completed" } } });
  out.push(
    "",
    `2. agent chain: 1 human message, 3 scripted agents that always answer, depth limit ${limit}; chains: ${o.chains}`,
    pad(["chain", "wall ms", "messages", "runs", "max depth", "refused"]),
    ...chains.map((c, i) => pad([`#${i + 1}`, f(c.ms, 1), `${c.messages}`, `${c.runs}`, `${c.depth}`, `${c.refused}`])),
    pad(["median", f(median(chains.map((c) => c.ms)), 1), `${median(chains.map((c) => c.messages))}`, `${median(chains.map((c) => c.runs))}`, "", ""]),
    `   chain runs not completed: ${failed}`,
  );

  // --- 3. prompt prefix between two consecutive runs. The history is written by two humans
  // before the agent joins; the agent has followed it up to the newest message, as a member
  // that has been answering all along would have.
  const regular = await createAgent(db, "Regular");
  const talk = await createChannel(deps, adaActor, { name: "prefix", memberIds: [bob.entityId] });
  for (let i = 0; i < HISTORY_WINDOW; i++) {
    const actor = i % 2 ? { entityId: bob.entityId, userId: bob.id } : adaActor;
    await sendMessage(deps, actor, { spaceId: talk.id, text: `message ${i}: ${"lorem ipsum ".repeat(2 + (i % 15))}` });
  }
  await addToSpace(db, talk.id, ada.entityId, [regular.entityId]);
  await db.membership.update({
    where: { spaceId_entityId: { spaceId: talk.id, entityId: regular.entityId } },
    data: { lastProcessedSeq: HISTORY_WINDOW },
  });
  await sendMessage(deps, adaActor, { spaceId: talk.id, text: "Regular, what is next?" });
  await gateway.idle();
  const firstRunCalls = scripted.calls.Regular?.length ?? 0;
  await sendMessage(deps, adaActor, { spaceId: talk.id, text: "Regular, and after that?" });
  await gateway.idle();
  // The first model call of each run: the system part and the user messages, before any tool result.
  const [firstPrompt, secondPrompt] = [scripted.calls.Regular?.[0], scripted.calls.Regular?.[firstRunCalls]];
  if (!firstPrompt || !secondPrompt) throw new Error("prompt prefix: the agent's runs never called the model");
  const prefix = commonPrefixShare(firstPrompt, secondPrompt);
  out.push(
    "",
    `3. prompt prefix: one agent, ${HISTORY_WINDOW} messages of history, a new message between two runs`,
    `   second prompt ${prefix.bytes} bytes, ${prefix.common} shared with the first from the start: ${f(prefix.share * 100, 1)}% (goal ≥ 70%)`,
  );

  // --- 3b. prompt caching over 10 consecutive runs, and every call within the window.
  const series = await cacheSeries(deps, [adaActor, { entityId: bob.entityId, userId: bob.id }], cache.register, () => gateway.idle());
  out.push(
    "",
    `3b. prompt caching: 10 consecutive runs of one agent (a space with ${HISTORY_WINDOW} messages, the agent named in each trigger)`,
    pad(["between runs", "prefix %", "anthropic %", "goal"]),
    ...series.map((x, i) => pad([x.label.replace(" between runs", ""), f(x.prefix * 100, 1), f(x.anthropic * 100, 1), ["≥ 70%", "≥ 50%", ""][i]!])),
    `   prefix: mean share of bytes identical with the previous run's prompt from the start; anthropic: mean share a breakpoint cache serves`,
    `   goals: ${series[0]!.prefix >= 0.7 ? "ok" : "MISSED"} (3 short), ${series[1]!.prefix >= 0.5 ? "ok" : "MISSED"} (12 short)`,
  );
  const busy = await busyWindow(deps, adaActor, cache.register, () => gateway.idle());
  out.push(
    `   busy workspace (16 spaces, 20 plans, 3 failed runs, long messages), 20-step tool loop, window ${busy.window} (default for unknown models):`,
    `   largest call ${Math.max(...busy.calls)} tokens of ${busy.window} over ${busy.calls.length} calls; run ${busy.status}${busy.error ? `: ${busy.error}` : ""}`,
  );
  await gateway.stop(); // from here on nothing may claim the hand-made run below

  // --- 4. context build on a big space. Rows go in with one INSERT … generate_series (the
  // realistic write path would take minutes); the last message is a real send so the run
  // has a genuine trigger. Senders rotate over two humans and the agent itself.
  const historian = await createAgent(db, "Historian", offline);
  const big = await createChannel({ db, events: nullSink }, adaActor, { name: "big", memberIds: [bob.entityId, historian.entityId] });
  const tIns = performance.now();
  const bulk = o.messages - 1;
  await db.$executeRaw`
    INSERT INTO "Message" (id, "spaceId", seq, "senderId", text, "createdAt")
    SELECT 'bench-' || g, ${big.id}::text, g,
           (ARRAY[${ada.entityId}::text, ${bob.entityId}::text, ${historian.entityId}::text])[1 + g % 3],
           'message ' || g || ': ' || repeat('lorem ipsum ', 2 + g % 15),
           now() - (${bulk}::int + 1 - g) * interval '1 second'
    FROM generate_series(1, ${bulk}::int) AS g`;
  await db.space.update({ where: { id: big.id }, data: { lastSeq: bulk } });
  // PGlite has no autovacuum; give the planner the statistics a live database would have.
  await database.sql.exec('ANALYZE "Message"');
  const insertS = (performance.now() - tIns) / 1000;
  const { message: trigger } = await sendMessage({ db, events: nullSink }, adaActor, { spaceId: big.id, text: "Historian, what did we decide?" });
  // The agent has seen all but the last 10 messages: the window has both [SEEN] and [NEW] lines.
  await db.membership.update({
    where: { spaceId_entityId: { spaceId: big.id, entityId: historian.entityId } },
    data: { lastProcessedSeq: trigger.seq - 10 },
  });
  const run = await db.run.create({
    data: {
      agentId: historian.id,
      triggerType: "space_message",
      triggerMessageId: trigger.id,
      triggerSpaceId: big.id,
      triggerEntityId: ada.entityId,
      activeSpaceId: big.id,
      // The spaces the run may read, which the gateway sets when it queues a run: without it the
      // context would leave the space (and its history) out.
      reach: [big.id],
    },
  });
  const agentRow = await db.agent.findUniqueOrThrow({ where: { id: historian.id } });
  const who = { id: historian.id, entityId: historian.entityId, name: "Historian", persona: agentRow.persona, instructions: agentRow.instructions };
  // The same budget executeRun gives this agent's model.
  const model = models({ ...agentRow, name: "Historian" });
  const maxTokens = callBudget({ ...model, toolTokens: countTokens(toolSchemasText(agentRow.enabledTools)) }).context;
  const loadMs: number[] = [],
    buildMs: number[] = [],
    totalMs: number[] = [];
  let built = buildContext({ ...(await loadContext(db, run, who, { now: new Date() })), maxTokens });
  let shown = 0;
  for (let i = 0; i < Math.min(5, o.samples) + o.samples; i++) {
    const t0 = performance.now();
    const input = { ...(await loadContext(db, run, who, { now: new Date() })), maxTokens };
    const t1 = performance.now();
    built = buildContext(input);
    const t2 = performance.now();
    shown = input.history?.messages.length ?? 0;
    if (i < Math.min(5, o.samples)) continue; // warm-up
    loadMs.push(t1 - t0);
    buildMs.push(t2 - t1);
    totalMs.push(t2 - t0);
  }
  const total = await db.message.count();
  out.push(
    "",
    `4. context for one run: space of ${o.messages} messages (${total} in the database), window ${HISTORY_WINDOW}; ${o.samples} samples`,
    `   bulk insert + ANALYZE ${f(insertS)} s`,
    pad(["ms", "p50", "p99", "max"]),
    stats("loadContext", loadMs),
    stats("buildContext", buildMs),
    stats("total", totalMs),
    `   context: ${built.text.length} chars ≈ ${built.tokens} tokens (budget ${maxTokens}); ${shown} history messages, ${built.omittedSeen} omitted`,
    "",
    `total ${f((performance.now() - started) / 1000, 1)} s`,
  );
  console.log(out.join("\n"));
  await database.close();
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 2000).unref(); // a failed run can leave runs or timers open
});
