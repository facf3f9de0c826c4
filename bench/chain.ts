// Chain tree benchmark: the server time of GET /api/messages/:id/chain's work (getChain) for a
// chain of about 200 nodes, as an admin and as a member, over a fresh embedded database (or
// DATABASE_URL's server). The chain is written directly: a human message, then per level each
// of --agents agents decides about every message (one triggered run each, which posts one
// message; past --depth, a depth-limit refusal), and a disabled agent refuses each. Figures are printed, never asserted.
//
//   npm run bench:chain                      # 200 lookups each way
//   npm run bench:chain -- --runs 500
import { createAgent } from "@/server/testing/agents";
import { nullSink } from "@/server/domain/deps";
import { createUser } from "@/server/domain/users/create-user";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { addMembers } from "@/server/domain/spaces/add-members";
import { getChain } from "@/server/domain/chains/get-chain";
import { percentile } from "./measure";
import { openBenchDatabase } from "./bench-database";

const USAGE = "usage: bench:chain [--runs N=200] [--agents A=3] [--depth D=4]";

function parseOptions(argv: string[]) {
  const o = { runs: 200, agents: 3, depth: 4 };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]!.replace(/^--/, "") as keyof typeof o;
    const value = Number(argv[++i]);
    if (!(key in o) || !Number.isInteger(value) || value < 1) throw new Error(USAGE);
    o[key] = value;
  }
  return o;
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const database = await openBenchDatabase();
  const { db } = database;
  const deps = { db, events: nullSink };
  const admin = await createUser(deps, { email: "root@bench.dev", name: "Root", isAdmin: true });
  const member = await createUser(deps, { email: "mia@bench.dev", name: "Mia" });
  const adminActor = { entityId: admin.entityId, userId: admin.id, isAdmin: true };
  const memberActor = { entityId: member.entityId, userId: member.id, isAdmin: false };
  const agents = [];
  for (let i = 0; i < o.agents; i++) agents.push(await createAgent(db, `Agent${i + 1}`));
  // A disabled member agent refuses every message, as in a real channel.
  const sleepy = await createAgent(db, "Sleepy", { enabled: false });
  const space = await createChannel(deps, adminActor, { name: "launch", memberIds: [...agents, sleepy].map((a) => a.entityId) });
  await addMembers(deps, adminActor, { spaceId: space.id, entityIds: [member.entityId] });

  // The chain, written level by level as the gateway would have written it.
  let seq = 1000;
  const post = (senderId: string, depth: number, runId: string | null) =>
    db.message.create({ data: { spaceId: space.id, seq: ++seq, senderId, text: `message at depth ${depth} `.repeat(8), chainDepth: depth, runId } });
  const root = await post(admin.entityId, 0, null);
  let level = [{ id: root.id, senderId: admin.entityId }];
  for (let depth = 0; depth <= o.depth && level.length; depth++) {
    const next: typeof level = [];
    for (const m of level) {
      await db.triggerDecision.create({ data: { messageId: m.id, agentId: sleepy.id, decision: "refused", reason: "agent is disabled" } });
      for (const a of agents) {
        if (a.entityId === m.senderId) continue;
        if (depth === o.depth) {
          await db.triggerDecision.create({
            data: {
              messageId: m.id,
              agentId: a.id,
              decision: "refused",
              reason: `chain depth limit reached: the message is at depth ${depth}, the space allows ${o.depth}`,
            },
          });
          continue;
        }
        const at = new Date();
        const run = await db.run.create({
          data: {
            agentId: a.id,
            triggerType: "space_message",
            triggerMessageId: m.id,
            triggerSpaceId: space.id,
            chainDepth: depth,
            status: "completed",
            startedAt: at,
            endedAt: at,
          },
        });
        await db.triggerDecision.create({
          data: { messageId: m.id, agentId: a.id, decision: "triggered", reason: `queued at chain depth ${depth}`, runId: run.id },
        });
        const sent = await post(a.entityId, depth, run.id);
        next.push({ id: sent.id, senderId: a.entityId });
      }
    }
    level = next;
  }

  const time = async (actor: typeof adminActor) => {
    const ms: number[] = [];
    let nodes = 0;
    for (let i = 0; i < 20; i++) await getChain(deps, actor, { messageId: root.id }); // warm-up
    for (let i = 0; i < o.runs; i++) {
      const t = performance.now();
      nodes = (await getChain(deps, actor, { messageId: root.id })).nodes;
      ms.push(performance.now() - t);
    }
    return { nodes, ms };
  };
  const lines = [
    `Parley chain-tree bench: getChain over ${database.label}, ${o.agents} agents, depth limit ${o.depth}, ${o.runs} lookups each`,
    "viewer        nodes   p50 ms   p99 ms   max ms   goal: < 100 ms for 200 nodes",
  ];
  for (const [label, actor] of [
    ["admin", adminActor],
    ["member", memberActor],
  ] as const) {
    const { nodes, ms } = await time(actor);
    lines.push(
      `${label.padEnd(12)} ${String(nodes).padStart(6)} ${percentile(ms, 50).toFixed(1).padStart(8)} ${percentile(ms, 99).toFixed(1).padStart(8)} ${Math.max(
        ...ms,
      )
        .toFixed(1)
        .padStart(8)}`,
    );
  }
  console.log(lines.join("\n"));
  await database.close();
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
