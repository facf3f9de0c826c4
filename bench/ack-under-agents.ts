// Human sends while agents work: the server time of a human's message (sendMessage, what its
// ack waits for) with no agent in the channel, and again while three agents react to every
// message (they answer each other too, up to the chain depth limit). Paced, open loop, so the
// agents' runs overlap the sends. The goal: p99 with agents ≤ 2× p99 without.
//
// The two phases take turns over `--rounds` blocks (A B, then B A, ...) and each one's
// samples are pooled: a machine that gets busier or quieter during the run (another job, a
// CPU's clock) would otherwise count against whichever phase ran then.
//
// A p99 needs samples: of 150 it is the second-highest, and one hiccup of the machine decides
// it. So the default is 400 sends per phase.
//
//   npm run bench:ack-agents                       # 400 messages each phase, one per 150 ms
//   npm run bench:ack-agents -- --messages 300 --every 100 --rounds 3
//
// In-memory PGlite by default (where the one connection is shared); DATABASE_URL for PostgreSQL,
// where the agents run in their own thread, as the server runs them there.
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { DEFAULT_DB_POOL_SIZE, MAX_RUNS_IN_FLIGHT_EMBEDDED } from "@/lib/limits";
import { createGateway } from "@/server/agents/gateway";
import { watchLoopHeadroom } from "@/server/agents/runs/loop-headroom";
import { DomainBus } from "@/server/domain/bus";
import { nullSink, type Deps } from "@/server/domain/deps";
import { sendMessage } from "@/server/domain/messages/send-message";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { createUser } from "@/server/domain/users/create-user";
import { addToSpace, createAgent } from "@/server/testing/agents";
import { NOTED_AGENTS, resolver } from "@/server/testing/noted-models";
import { startGatewayThread } from "@/server/agents/thread/start-gateway-thread";
import { openBenchDatabase } from "./bench-database";
import { intFlags } from "./int-flags";
import { percentile } from "./measure";

const USAGE = "usage: bench:ack-agents [--messages N=400 per phase] [--every MS=150] [--rounds N=4] [--thread 1|0 (PostgreSQL: agents in their own thread)]";
const o = intFlags(process.argv.slice(2), { messages: 400, every: 150, rounds: 4, thread: 1 }, USAGE, { thread: 0 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const database = await openBenchDatabase();
  const { db } = database;
  const deps: Deps = { db, events: nullSink, bus: new DomainBus() };
  // As server/main.ts runs it: on PostgreSQL in a thread of its own, on the embedded database
  // on this thread with a few runs at once. Each agent answers every message once.
  const gateway =
    database.url && o.thread
      ? await startGatewayThread(deps, {
          databaseUrl: database.url,
          poolSize: DEFAULT_DB_POOL_SIZE,
          tickMs: 200,
          headroom: true,
          modelsModule: new URL("../server/testing/noted-models.ts", import.meta.url).href,
        })
      : createGateway(deps, {
          models: resolver,
          tickMs: 200,
          maxRunsInFlight: database.url ? undefined : MAX_RUNS_IN_FLIGHT_EMBEDDED,
          headroom: watchLoopHeadroom(),
        });
  await gateway.start();
  const ada = await createUser({ db }, { email: "ada@bench.dev", name: "Ada" });
  const actor = { entityId: ada.entityId, userId: ada.id };
  const agents: Awaited<ReturnType<typeof createAgent>>[] = [];
  for (const n of NOTED_AGENTS) agents.push(await createAgent(db, n));

  interface Phase {
    label: string;
    withAgents: boolean;
    ms: number[];
    runs: number;
    agentMessages: number;
    /** How long ready work waited for the event loop: a send that waits there is not the database's doing. */
    loop: ReturnType<typeof monitorEventLoopDelay>;
  }
  const newPhase = (label: string, withAgents: boolean): Phase => ({
    label,
    withAgents,
    ms: [],
    runs: 0,
    agentMessages: 0,
    loop: monitorEventLoopDelay({ resolution: 5 }),
  });

  /** One block of `count` sends in a channel of its own, its samples added to `phase`. */
  const block = async (phase: Phase, count: number) => {
    const space = await createChannel(deps, actor, { name: `${phase.label} ${phase.ms.length}` });
    if (phase.withAgents)
      await addToSpace(
        db,
        space.id,
        ada.entityId,
        agents.map((a) => a.entityId),
      );
    phase.loop.enable();
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const at = started + i * o.every;
      await sleep(Math.max(0, at - performance.now()));
      // Open loop: the next send does not wait for this one.
      sends.push(
        (async () => {
          const t0 = performance.now();
          await sendMessage(deps, actor, { spaceId: space.id, text: `message ${i}, everyone` });
          phase.ms.push(performance.now() - t0);
        })(),
      );
    }
    await Promise.all(sends);
    phase.loop.disable();
    // The agents' last runs end before the next block, which may be the quiet one.
    await gateway.idle();
    phase.runs += await db.run.count({ where: { triggerSpaceId: space.id } });
    phase.agentMessages += await db.message.count({ where: { spaceId: space.id, senderId: { not: ada.entityId } } });
  };

  const perBlock = Math.ceil(o.messages / o.rounds);
  // Unmeasured: whichever phase ran first would otherwise pay for compiling its code (the
  // send path, and the agents' runs), which a server that has been up a while has done.
  await block(newPhase("warm-up", false), perBlock);
  await block(newPhase("warm-up agents", true), perBlock);
  const quiet = newPhase("no-agents", false);
  const busy = newPhase("three-agents", true);
  for (let r = 0; r < o.rounds; r++) for (const phase of r % 2 === 0 ? [quiet, busy] : [busy, quiet]) await block(phase, perBlock);
  const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
  const ratio = percentile(busy.ms, 99) / percentile(quiet.ms, 99);
  console.log(
    [
      `Human sends while agents react: ${perBlock * o.rounds} messages per phase, one every ${o.every} ms (open loop), in ${o.rounds} rounds taking turns`,
      `node ${process.version}, ${os.cpus().length} CPUs, database: ${database.label}; agents ${database.url && o.thread ? "in their own thread" : "on the senders' thread"}; scripted agents answer every message (chains to the depth limit)`,
      "",
      `${"phase".padEnd(14)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"max ms".padStart(8)} ${"runs".padStart(6)} ${"agent msgs".padStart(11)} ${"loop p99 ms".padStart(12)}`,
      ...[quiet, busy].map(
        (r) =>
          `${r.label.padEnd(14)} ${p(r.ms, 50).padStart(8)} ${p(r.ms, 99).padStart(8)} ${Math.max(...r.ms)
            .toFixed(1)
            .padStart(8)} ${String(r.runs).padStart(6)} ${String(r.agentMessages).padStart(11)} ${(r.loop.percentile(99) / 1e6).toFixed(1).padStart(12)}`,
      ),
      "",
      `p99 with agents / without: ${ratio.toFixed(2)}× (goal ≤ 2×: ${ratio <= 2 ? "ok" : "MISSED"})`,
    ].join("\n"),
  );
  await gateway.stop();
  await database.close();
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
