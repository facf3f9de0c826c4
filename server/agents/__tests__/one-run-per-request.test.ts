// One run handles each request: a message that arrives while a run of the agent executes in
// the space queues one run that waits for it (later messages fold into that one), instead of
// a second run that races the first over the same [NEW] lines.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { startAgentScenario, everyMessage } from "../../testing/agents";
import { obedient } from "../../testing/obedient-model";
import { sendMessage } from "../../domain/messages/send-message";
import { until } from "../../testing/until";
import { createChannel } from "../../domain/spaces/create-channel";
import { runnableRuns } from "../runs/claim";

let srv: TestServer;
afterEach(async () => srv?.close());

describe("two quick requests", () => {
  it("are answered exactly once each: the second waits for the run handling the first", async () => {
    let say!: (text: string) => Promise<unknown>;
    let heldWhileRunning: boolean | null = null;
    // The default cap (several runs at once): nothing but the one-run-per-space rule holds the second back.
    const s = await startAgentScenario({
      Scout: obedient(async () => {
        await say("req 2");
        const req2 = await srv.deps.db.message.findFirstOrThrow({ where: { text: "req 2" } });
        const second = await until("the second request's run", () =>
          srv.deps.db.run.findFirst({ where: { triggerMessageId: req2.id }, select: { id: true, status: true } }),
        );
        // The worker does not offer it while the first run executes in the same space.
        heldWhileRunning = second.status === "queued" && !(await runnableRuns(srv.gateway.ctx)).some((r) => r.id === second.id);
      }),
    });
    srv = s.srv;
    say = (text) => sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text });
    await say("req 1");
    await srv.gateway.idle();

    expect(heldWhileRunning).toBe(true);
    const answers = await srv.deps.db.message.findMany({ where: { spaceId: s.space.id, text: { startsWith: "answer to: " } } });
    expect(answers.map((m) => m.text).sort()).toEqual(["answer to: req 1", "answer to: req 2"]);
    const runs = await srv.deps.db.run.findMany({ where: { agentId: s.agents.Scout!.id }, orderBy: { queuedAt: "asc" } });
    expect(runs.map((r) => r.status)).toEqual(["completed", "completed"]);
    // The second started only after the first ended, and its decision says why it waited.
    expect(runs[1]!.startedAt!.getTime()).toBeGreaterThanOrEqual(runs[0]!.endedAt!.getTime());
    const decision = await srv.deps.db.triggerDecision.findFirstOrThrow({ where: { runId: runs[1]!.id } });
    expect(decision.reason).toBe("queued behind the agent's run in this space: it starts when that run ends");
  }, 120_000);

  it("a third request folds into the waiting one, and a run in another space is not held", async () => {
    let say!: (spaceId: string, text: string) => Promise<unknown>;
    let otherId = "";
    const s = await startAgentScenario({
      Scout: obedient(async (c) => {
        if (!c.system.includes('"req 1"')) return;
        await say(s.space.id, "req 2");
        await say(s.space.id, "req 3");
        await say(otherId, "req elsewhere");
        // The run for the other space starts while this one is still running.
        await until("the other space's run to start", () =>
          srv.deps.db.run.findFirst({ where: { triggerSpaceId: otherId, status: { not: "queued" } }, select: { id: true } }),
        );
      }),
    });
    srv = s.srv;
    say = (spaceId, text) => sendMessage(srv.deps, s.ada.actor, { spaceId, text });
    otherId = (await createChannel(srv.deps, s.ada.actor, { name: "other", memberIds: [s.agents.Scout!.entityId] })).id;
    await everyMessage(srv.deps.db, otherId);
    await say(s.space.id, "req 1");
    await srv.gateway.idle();

    const answers = await srv.deps.db.message.findMany({ where: { text: { startsWith: "answer to: " } } });
    expect(answers.map((m) => m.text).sort()).toEqual(["answer to: req 1", "answer to: req 2", "answer to: req 3", "answer to: req elsewhere"]);
    const req3 = await srv.deps.db.message.findFirstOrThrow({ where: { text: "req 3" } });
    expect((await srv.deps.db.triggerDecision.findFirstOrThrow({ where: { messageId: req3.id } })).decision).toBe("folded");
  }, 120_000);
});
