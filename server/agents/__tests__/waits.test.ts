// send_message(wait: true) pauses the run; a reply — from the asked person (by default the
// requester), or the asked agent's send_message(messageId) — resumes it as a fresh
// model call that sees the reply marked; no reply resumes it after the timeout; waits
// survive a restart; a reply during the save is not lost.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { type ModelCall, type Script, startAgentScenario, everyMessage } from "../../testing/agents";
import { createChannel } from "../../domain/spaces/create-channel";
import { sendMessage } from "../../domain/messages/send-message";
import { ManualClock } from "../clock";
import { createGateway } from "../gateway";
import { MAX_WAITS_PER_RUN, WAIT_TIMEOUT_MS } from "@/lib/limits";

let srv: TestServer;
afterEach(async () => srv?.close());

/** Asks with wait on the first call; on the resumed call, reports what the RESUMED block said. */
const asker: Script = (c: ModelCall) => askerOf({})(c);
const askerOf =
  (extra: Record<string, unknown>): Script =>
  (c: ModelCall) => {
    const resumed = /send_message result: (.*)$/m.exec(c.system)?.[1];
    if (resumed) {
      const r = JSON.parse(resumed) as { status: string; reply: { text: string } | null };
      return c.results.length ? { text: "done" } : { tool: "send_message", input: { text: `resumed: ${r.status} ${r.reply?.text ?? "-"}` } };
    }
    if (!/\(human, id:/.test(c.system.split("\nTRIGGER:\n")[1] ?? "")) return { text: "not for me" };
    return c.results.length ? { text: "paused" } : { tool: "send_message", input: { text: "Deploy v2.1? Reply yes or no", wait: true, ...extra } };
  };

async function setup(scripts: Record<string, Script>, clock = new ManualClock()) {
  const scenario = await startAgentScenario(scripts, { clock, spaceName: "ops" });
  srv = scenario.srv;
  return scenario;
}

const texts = async (spaceId: string) => (await srv.deps.db.message.findMany({ where: { spaceId }, orderBy: { seq: "asc" } })).map((m) => m.text);

describe("waiting for a reply", () => {
  it("pauses in waiting_reply and resumes with the human's answer, marked in the context", async () => {
    const { ada, agents, space, calls } = await setup({ Ops: asker });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "please deploy" });
    await srv.gateway.idle();
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Ops!.id } });
    expect(run.status).toBe("waiting_reply");
    expect(run.waitCount).toBe(1);
    const question = await srv.deps.db.message.findFirstOrThrow({ where: { senderId: agents.Ops!.entityId } });
    expect((question.origin as { expectsReply?: boolean }).expectsReply).toBe(true);

    const answer = (await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "yes" })).message;
    await srv.gateway.idle();
    const after = await srv.deps.db.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(after.status).toBe("completed");
    expect(await texts(space.id)).toEqual(["please deploy", "Deploy v2.1? Reply yes or no", "yes", "resumed: resolved yes"]);
    // The answer resumed the waiting run instead of starting a second one.
    expect(await srv.deps.db.run.count({ where: { agentId: agents.Ops!.id } })).toBe(1);
    const resumedCall = calls.Ops!.find((s) => s.includes("RESUMED:"))!;
    expect(resumedCall).toContain(`[msg:${answer.id}]`);
    expect(resumedCall).toMatch(/"yes"\s+\[NEW\] ← REPLY/);
    expect(resumedCall).toMatch(
      /"reply":\{"entityId":"[^"]+","entityName":"Ada","entityType":"human","text":"yes","timestamp":"[^"]+"\},"waitDuration":"\d+s","status":"resolved"/,
    );
  });

  it("resumes when the agent it asked replies to the question with send_message(messageId)", async () => {
    let questionId = "";
    const helper: Script = (c) => {
      const trig = c.system.split("\nTRIGGER:\n")[1] ?? "";
      if (!trig.includes("senderExpectsReply: true")) return { text: "nothing to add" };
      questionId = /messageId: (\S+)/.exec(trig)![1]!;
      return c.results.length ? { text: "done" } : { tool: "send_message", input: { text: "yes from Helper", messageId: questionId } };
    };
    const { ada, agents, space } = await setup({ Ops: askerOf({ askTo: "Helper" }), Helper: helper });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy when ready" });
    await srv.gateway.idle();
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Ops!.id, chainDepth: 0 } });
    expect(run.status).toBe("completed");
    expect(await texts(space.id)).toContain("resumed: resolved yes from Helper");
    const reply = await srv.deps.db.message.findFirstOrThrow({ where: { text: "yes from Helper" } });
    expect(reply.replyToMessageId).toBe(questionId);
  });

  it("times out after WAIT_TIMEOUT_MS with reply null", async () => {
    const { ada, agents, space, clock } = await setup({ Ops: asker });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy?" });
    await srv.gateway.idle();
    clock.advance(WAIT_TIMEOUT_MS - 1000);
    await srv.gateway.tick();
    await srv.gateway.idle();
    expect((await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Ops!.id } })).status).toBe("waiting_reply");
    clock.advance(2000);
    await srv.gateway.tick();
    await srv.gateway.idle();
    expect((await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Ops!.id } })).status).toBe("completed");
    expect((await texts(space.id)).at(-1)).toBe("resumed: timeout -");
  });

  it("a waiting run survives a restart, and a reply after the restart resumes it", async () => {
    const { ada, agents, space, models, clock } = await setup({ Ops: asker });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy please" });
    await srv.gateway.idle();
    // "Restart": the gateway goes away and a new one starts on the same database and bus.
    await srv.gateway.stop();
    const fresh = createGateway(srv.deps, { models: models.resolver, clock, tickMs: 0 });
    await fresh.start({ recover: true });
    srv.gateway = fresh;
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "yes" });
    await fresh.idle();
    expect((await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Ops!.id } })).status).toBe("completed");
    expect((await texts(space.id)).at(-1)).toBe("resumed: resolved yes");
  });

  it("a reply that lands while the wait is being saved is not lost", async () => {
    const { ada, agents, space } = await setup({ Ops: asker });
    // Answer the instant the question is stored, before the model call has even ended.
    const off = srv.deps.bus!.on("message:created", (m) => {
      if (m.text.startsWith("Deploy v2.1")) void sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "yes" });
    });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy" });
    for (let i = 0; i < 5; i++) {
      await srv.gateway.idle();
      await srv.gateway.tick();
    }
    off();
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Ops!.id } });
    expect(run.status).toBe("completed");
    expect((await texts(space.id)).at(-1)).toBe("resumed: resolved yes");
  });

  it("refuses a wait beyond the per-agent limit of waiting runs, without posting", async () => {
    const { ada, agents, space } = await setup({ Ops: asker });
    await srv.deps.db.agent.update({ where: { id: agents.Ops!.id }, data: { maxWaitingRuns: 1 } });
    const other = await createChannel(srv.deps, ada.actor, { name: "ops-2", memberIds: [agents.Ops!.entityId] });
    await everyMessage(srv.deps.db, other.id);
    // Both runs ask at the same moment: the per-agent lock lets exactly one of them wait.
    await Promise.all([
      sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy A" }),
      sendMessage(srv.deps, ada.actor, { spaceId: other.id, text: "deploy B" }),
    ]);
    await srv.gateway.idle();
    expect(await srv.deps.db.run.count({ where: { status: "waiting_reply" } })).toBe(1);
    const questions = [...(await texts(space.id)), ...(await texts(other.id))].filter((t) => t.startsWith("Deploy v2.1"));
    expect(questions).toHaveLength(1);
    const refused = await srv.deps.db.runEvent.findFirst({
      where: { type: "tool_result", data: { path: ["output", "error"], string_contains: "waiting runs" } },
    });
    expect(refused).not.toBeNull();
  });

  it("allows at most MAX_WAITS_PER_RUN waits in one run", async () => {
    // Asks with wait on every call; the human answers every question.
    const nag: Script = (c) => {
      if (!/\(human, id:/.test(c.system.split("\nTRIGGER:\n")[1] ?? "")) return { text: "quiet" };
      if (c.results.length === 0) return { tool: "send_message", input: { text: "again?", wait: true } };
      return { text: "stopping" };
    };
    const { ada, agents, space } = await setup({ Nag: nag });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "go" });
    await srv.gateway.idle();
    for (let i = 0; i < MAX_WAITS_PER_RUN; i++) {
      await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: `answer ${i}` });
      await srv.gateway.idle();
    }
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Nag!.id } });
    expect(run.waitCount).toBe(MAX_WAITS_PER_RUN);
    expect(run.status).toBe("completed");
    const refused = await srv.deps.db.runEvent.findFirst({
      where: { runId: run.id, type: "tool_result", data: { path: ["output", "error"], string_contains: `waited ${MAX_WAITS_PER_RUN} times` } },
    });
    expect(refused).not.toBeNull();
  });

  it("a running run whose process died (no heartbeat) is taken over by another process", async () => {
    const { ada, agents, space } = await setup({ Ops: asker });
    const m = (await sendMessage({ ...srv.deps, bus: undefined }, ada.actor, { spaceId: space.id, text: "deploy it" })).message;
    // As if another process claimed it and then crashed a while ago.
    const run = await srv.deps.db.run.create({
      data: {
        agentId: agents.Ops!.id,
        triggerType: "space_message",
        triggerMessageId: m.id,
        triggerSpaceId: space.id,
        triggerEntityId: ada.entityId,
        activeSpaceId: space.id,
        reach: [space.id],
        status: "running",
        startedAt: srv.gateway.ctx.clock.now(),
      },
    });
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await srv.deps.db.$executeRaw`UPDATE "Run" SET "updatedAt" = ${longAgo}::timestamp WHERE id = ${run.id}`;
    await srv.gateway.tick();
    await srv.gateway.idle();
    expect((await srv.deps.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("waiting_reply");
    expect(await texts(space.id)).toEqual(["deploy it", "Deploy v2.1? Reply yes or no"]);
    const takeover = await srv.deps.db.runEvent.findFirst({ where: { runId: run.id, type: "status" } });
    expect((takeover!.data as { reason: string }).reason).toMatch(/taken over/);
    // A fresh run is not taken over.
    await srv.gateway.tick();
    await srv.gateway.idle();
    expect(await srv.deps.db.runEvent.count({ where: { runId: run.id, type: "status", data: { path: ["reason"], string_contains: "taken over" } } })).toBe(1);
  });
});
