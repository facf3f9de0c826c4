// R3: the process executing an agent's run is killed (SIGKILL, no goodbye): once while the
// run streams its answer, once while the run waits for a reply. The other process carries the
// run on: the streaming one is taken over after the lease (PARLEY_RUN_LEASE_MS, short here)
// and answered once; the waiting one is resumed by the reply. Then a process is stopped with
// SIGTERM while its run streams: it puts the run back and exits 0, and the other process
// answers. No agent message is posted twice, and the person sees each one live.
//
// Which process runs a run is whichever claims it first, so each part starts with the
// killed-to-be process alone, and the other one is started once the run is under way.
import { randomUUID } from "node:crypto";
import { sleep } from "@/scripts/parley-process";
import { SHUTDOWN_DRAIN_MS } from "@/lib/limits";
import type { Db } from "@/server/db/client";
import { addToSpace, createAgent } from "@/server/testing/agents";
import { seedSpaceWithPeople } from "../../seed-people";
import { ChatClient } from "../chat-client";
import type { Scenario } from "../scenario";
import { Stack } from "../stack";
import { until } from "../verify";

const LEASE_MS = 3000;
/** How much longer than the drain time Ponder thinks: room for starting n1 on a loaded machine. */
const PONDER_EXTRA_MS = 45_000;
/** A run put back by a shutdown starts on another process within this. */
const CLEAN_TAKEOVER_MS = 5000;

export const r3: Scenario = {
  id: "R3",
  title: "SIGKILL the process of a streaming run, then of a waiting run: carried on by the other process, each agent message posted once",
  async run(ctx) {
    const stack = await Stack.start(ctx.services, "R3", { PARLEY_RUN_LEASE_MS: String(LEASE_MS) });
    const clients: ChatClient[] = [];
    try {
      await stack.startNode(0);
      const { spaceId, people } = await seedSpaceWithPeople(stack.db, { tag: stack.id, names: ["Ada"], secret: stack.secret, spaceName: "r3" });
      const ada = people[0]!;
      // The offline model, slowed so that its answer streams for about 15 s: long enough to
      // start the second process and kill the first mid-stream.
      const echo = await createAgent(stack.db, "Echo", { provider: "offline", modelSettings: { thinkMs: 300, streamDelayMs: 300 } });
      await addToSpace(stack.db, spaceId, ada.entityId, [echo.entityId]);
      const open = async (node: number) => {
        const n = stack.nodes[node]!;
        const c = new ChatClient(`Ada@${n.name}`, n.name, n.process.url, ada.cookie, spaceId);
        await c.ready();
        clients.push(c);
        return c;
      };

      // Part 1: killed while streaming. n1 alone claims the run.
      const onN1 = await open(0);
      // Not "in detail": the offline model then writes an essay that at this speed streams for minutes.
      const ask = await onN1.send("Echo, what do you make of the launch plan?", randomUUID());
      const streaming = await runOf(stack.db, echo.id, ask.id, "running");
      await stack.startNode(1);
      const onN2 = await open(1);
      await sleep(1000); // thinking done, the answer streaming
      const stillStreaming = (await status(stack.db, streaming)) === "running";
      const killedAt = performance.now();
      ctx.log("SIGKILL n1 while its run streams");
      await stack.stopNode(0, "kill");
      const done1 = await until(async () => (await status(stack.db, streaming)) === "completed", LEASE_MS + 60_000, 200);
      const resumedMs = performance.now() - killedAt;
      const posted1 = await agentMessages(stack.db, spaceId, echo.entityId, ask.seq);
      const events1 = await stack.db.runEvent.findMany({ where: { runId: streaming }, select: { type: true, data: true } });
      const takenOver = events1.some((e) => JSON.stringify(e.data).includes("taken over"));
      ctx.check(
        "a run killed while streaming is taken over and completes",
        stillStreaming && done1 && takenOver,
        `${stillStreaming ? "killed mid-stream" : "NOT killed mid-stream (it had ended)"}; status ${await status(stack.db, streaming)}, taken over: ${takenOver}, completed ${(resumedMs / 1000).toFixed(1)} s after the kill (lease ${LEASE_MS / 1000} s, then a fresh call)`,
      );
      ctx.check("its answer is posted once", posted1.length === 1, `${posted1.length} agent messages after the question`);
      const seen1 = await until(() => posted1.every((m) => onN2.timeline.has(m.seq)), 10_000);
      ctx.check("the person sees it on the other process", seen1, `on n2: ${posted1.filter((m) => onN2.timeline.has(m.seq)).length} of ${posted1.length}`);

      // Part 2: killed while waiting for a reply. n1 back, n2 stopped: n1 alone claims again.
      await stack.startNode(0);
      await stack.stopNode(1);
      const back = await open(0);
      const deploy = await back.send("Echo, deploy v2 please", randomUUID());
      const waiting = await runOf(stack.db, echo.id, deploy.id, "waiting_reply");
      const question = await agentMessages(stack.db, spaceId, echo.entityId, deploy.seq);
      await stack.startNode(1);
      const onN2Again = await open(1);
      ctx.log("SIGKILL n1 while its run waits for a reply");
      await stack.stopNode(0, "kill");
      const reply = await onN2Again.send("yes", randomUUID());
      const done2 = await until(async () => (await status(stack.db, waiting)) === "completed", 30_000, 200);
      const after = await agentMessages(stack.db, spaceId, echo.entityId, reply.seq);
      const questions = await agentMessages(stack.db, spaceId, echo.entityId, deploy.seq);
      ctx.check(
        "a run killed while waiting is resumed by the reply on the other process",
        done2 && after.length >= 1,
        `status ${await status(stack.db, waiting)}; ${after.length} agent message(s) after the reply: ${after.map((m) => JSON.stringify(m.text.slice(0, 40))).join(", ")}`,
      );
      const runs = await stack.db.run.count({ where: { agentId: echo.id, triggerMessageId: deploy.id } });
      ctx.check(
        "nothing posted twice: one question, one answer, one run",
        question.length === 1 && after.length === 1 && questions.length === 2 && runs === 1,
        `question ${question.length}, after the reply ${after.length}, runs for the request ${runs}`,
      );
      const seen2 = await until(() => after.every((m) => onN2Again.timeline.has(m.seq)), 10_000);
      ctx.check("the person sees the answer live", seen2, `on n2: ${after.filter((m) => onN2Again.timeline.has(m.seq)).length} of ${after.length}`);
      // Part 3: stopped with SIGTERM while streaming (a deploy). n2 alone claims; n1 starts
      // once the run is under way. n2 lets the call run for its drain time, puts it back, and
      // exits 0; n1 claims it within seconds and answers once. Nothing n2 does on its way out
      // may go through a Redis client or database it already closed (no unhandled rejection).
      // After part 2, n2 is the only process up.
      // An agent that thinks for longer than the drain time (plus the time to start n1 beside it),
      // so that the shutdown must put its run back.
      const ponder = await createAgent(stack.db, "Ponder", {
        provider: "offline",
        modelSettings: { thinkMs: SHUTDOWN_DRAIN_MS + PONDER_EXTRA_MS, streamDelayMs: 50 },
      });
      await addToSpace(stack.db, spaceId, ada.entityId, [ponder.entityId]);
      const onN2Last = await open(1);
      const plan = await onN2Last.send("Ponder, walk me through the rollout plan, in detail", randomUUID());
      const draining = await runOf(stack.db, ponder.id, plan.id, "running");
      await stack.startNode(0);
      const onN1Last = await open(0);
      await sleep(1000);
      ctx.log("SIGTERM n2 while its run streams");
      await stack.stopNode(1);
      const exitedAt = performance.now();
      const reclaimed = await until(async () => ["running", "completed"].includes((await status(stack.db, draining)) ?? ""), 10_000, 100);
      const reclaimedMs = performance.now() - exitedAt;
      const done3 = await until(async () => (await status(stack.db, draining)) === "completed", SHUTDOWN_DRAIN_MS + PONDER_EXTRA_MS + 60_000, 200);
      const posted3 = await agentMessages(stack.db, spaceId, ponder.entityId, plan.seq);
      const events3 = await stack.db.runEvent.findMany({ where: { runId: draining }, orderBy: { seq: "asc" }, select: { data: true } });
      const putBack = events3.some((e) => (e.data as { status?: string }).status === "queued");
      ctx.check(
        "a run on a process stopped with SIGTERM is put back, claimed by the other within 5 s, and completes",
        putBack && reclaimed && reclaimedMs <= CLEAN_TAKEOVER_MS && done3,
        `${putBack ? "put back by the shutdown" : "NOT put back (it finished within the drain time)"}; running again ${(reclaimedMs / 1000).toFixed(1)} s after n2 exited; status ${await status(stack.db, draining)}`,
      );
      const seen3 = await until(() => posted3.every((m) => onN1Last.timeline.has(m.seq)), 10_000);
      ctx.check(
        "its answer is posted once, and seen live on the other process",
        posted3.length === 1 && seen3,
        `${posted3.length} agent message(s) after the question; on n1: ${posted3.filter((m) => onN1Last.timeline.has(m.seq)).length}`,
      );
      ctx.figure(`streaming run completed ${(resumedMs / 1000).toFixed(1)} s after its process was killed (lease ${LEASE_MS / 1000} s)`);
      ctx.figure(`SIGTERM: the put-back run was running again ${(reclaimedMs / 1000).toFixed(1)} s after its process exited`);
      ctx.check(
        "no process crashed on its own; each SIGTERM ended in exit 0 with no unhandled rejection",
        stack.crashed().length === 0,
        stack.crashed().join(", ") || "none",
      );
    } finally {
      for (const c of clients) c.close();
      await stack.stop();
    }
  },
};

/** The run `agentId` got for message `messageId`, once it reached `state`. */
async function runOf(db: Db, agentId: string, messageId: string, state: "running" | "waiting_reply"): Promise<string> {
  let id: string | undefined;
  const ok = await until(
    async () => {
      const run = await db.run.findFirst({ where: { agentId, triggerMessageId: messageId }, select: { id: true, status: true, resumeAt: true } });
      id = run?.id;
      // A wait counts once it is parked (resumeAt set): from then on nothing of it lives in the process.
      return run?.status === state && (state !== "waiting_reply" || run.resumeAt !== null);
    },
    30_000,
    100,
  );
  if (!ok || !id) throw new Error(`no ${state} run for message ${messageId}`);
  return id;
}

async function status(db: Db, runId: string): Promise<string | undefined> {
  return (await db.run.findUnique({ where: { id: runId }, select: { status: true } }))?.status;
}

/** The agent's messages in the space after seq `afterSeq`. */
function agentMessages(db: Db, spaceId: string, entityId: string, afterSeq: number) {
  return db.message.findMany({ where: { spaceId, senderId: entityId, seq: { gt: afterSeq } }, orderBy: { seq: "asc" }, select: { seq: true, text: true } });
}
