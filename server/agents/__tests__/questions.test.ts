// Questions go to a person, and only they answer: send_message(wait) names who must answer (by
// default whoever started the run; a plan run asks the plan's maker); another member's message
// does not resolve the wait and the resumed run is told so; choices are buttons only the asked
// person may press (socket and HTTP, attacks refused); timed-out and canceled questions are
// marked on their message and told to the space live.
import { afterEach, describe, expect, it } from "vitest";
import { call, type TestServer, waitFor } from "../../testing/test-server";
import { addToSpace, type ModelCall, type Script, startAgentScenario } from "../../testing/agents";
import { request, run } from "../../testing/http";
import { sendMessage } from "../../domain/messages/send-message";
import { deleteMessage } from "../../domain/messages/delete-message";
import { listMessagesAfter } from "../../domain/messages/list-messages-after";
import { createChannel } from "../../domain/spaces/create-channel";
import { createPlan } from "../../domain/agents/knowledge/create-plan";
import { answerQuestionHandler } from "../../http/steering";
import { ManualClock } from "../clock";
import { startPlanNow } from "../plans/start-plan-now";
import { MAX_QUESTION_OPTIONS, WAIT_TIMEOUT_MS } from "@/lib/limits";

let srv: TestServer;
afterEach(async () => srv?.close());

const resumedWith = (c: ModelCall) => /send_message result: (.*)$/m.exec(c.system)?.[1];

/** Asks on a human's message (with `extra`: askTo, options); on resume posts what it got, and any non-answers. */
const askerOf =
  (extra: Record<string, unknown> = {}): Script =>
  (c) => {
    const resumed = resumedWith(c);
    if (resumed) {
      const r = JSON.parse(resumed) as { status: string; reply: { text: string; entityName: string } | null; notAnswers?: string[] };
      const told = r.notAnswers?.join(" | ") ?? "-";
      return c.results.length
        ? { text: "done" }
        : { tool: "send_message", input: { text: `got ${r.status} ${r.reply?.entityName ?? "-"}:${r.reply?.text ?? "-"} / ${told}` } };
    }
    if (!/\(human, id:/.test(c.system.split("\nTRIGGER:\n")[1] ?? "")) return { text: "not for me" };
    return c.results.length ? { text: "paused" } : { tool: "send_message", input: { text: "Deploy v2.1 now?", wait: true, ...extra } };
  };

async function setup(scripts: Record<string, Script>, clock = new ManualClock()) {
  const scenario = await startAgentScenario(scripts, { clock, spaceName: "ops" });
  srv = scenario.srv;
  const cleo = await srv.user("Cleo");
  await addToSpace(srv.deps.db, scenario.space.id, scenario.ada.entityId, [cleo.entityId]);
  return { ...scenario, cleo };
}

const texts = async (spaceId: string) => (await srv.deps.db.message.findMany({ where: { spaceId }, orderBy: { seq: "asc" } })).map((m) => m.text);
const question = (messageId: string) => srv.deps.db.question.findUniqueOrThrow({ where: { messageId } });

describe("questions go to a person", () => {
  it("asks the requester by default: another member's message does not resolve it (and the agent is told), the requester's does", async () => {
    const { ada, cleo, agents, space } = await setup({ Ops: askerOf() });
    const adaSocket = await ada.connect();
    const asked = waitFor(adaSocket, "question:asked");
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "please deploy" });
    await srv.gateway.idle();
    const q = await srv.deps.db.message.findFirstOrThrow({ where: { senderId: agents.Ops!.entityId } });
    expect(await question(q.id)).toMatchObject({ askedEntityId: ada.entityId, askedName: "Ada", status: "open", options: [] });
    // The asked person is told in their own room (badges, notifications).
    expect((await asked).question).toMatchObject({ messageId: q.id, askedEntityId: ada.entityId });
    const waiting = await srv.deps.db.run.findFirstOrThrow({
      where: { agentId: agents.Ops!.id, triggerMessageId: { not: null } },
      orderBy: { queuedAt: "asc" },
    });

    await sendMessage(srv.deps, cleo.actor, { spaceId: space.id, text: "yes, ship it", replyToMessageId: q.id });
    await srv.gateway.idle();
    expect((await srv.deps.db.run.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("waiting_reply");
    expect((await question(q.id)).status).toBe("open");

    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "no, wait for QA" });
    await srv.gateway.idle();
    expect((await srv.deps.db.run.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("completed");
    expect(await question(q.id)).toMatchObject({ status: "answered", answer: "no, wait for QA", answeredById: ada.entityId, answeredByName: "Ada" });
    expect(await texts(space.id)).toContain('got resolved Ada:no, wait for QA / Cleo wrote "yes, ship it" (not the answer: you asked Ada)');
    const events = await srv.deps.db.runEvent.findMany({ where: { runId: waiting.id, type: "wait_not_answer" } });
    expect(events).toHaveLength(1);
  }, 120_000);

  it("asks another agent by name: that agent's reply resolves it", async () => {
    const helper: Script = (c) => {
      const trig = c.system.split("\nTRIGGER:\n")[1] ?? "";
      if (!trig.includes("senderExpectsReply: true")) return { text: "nothing to add" };
      const id = /messageId: (\S+)/.exec(trig)![1]!;
      return c.results.length ? { text: "done" } : { tool: "send_message", input: { text: "green from Helper", messageId: id } };
    };
    const { ada, space } = await setup({ Ops: askerOf({ askTo: "Helper" }), Helper: helper });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy when the checks pass" });
    await srv.gateway.idle();
    expect(await texts(space.id)).toContain("got resolved Helper:green from Helper / -");
  }, 120_000);

  it("offers choices as buttons only the asked person may press (socket and HTTP); a press answers once", async () => {
    const { ada, cleo, agents, space } = await setup({ Ops: askerOf({ options: ["Deploy", "Cancel"] }) });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy v2.1" });
    await srv.gateway.idle();
    const q = await srv.deps.db.message.findFirstOrThrow({ where: { senderId: agents.Ops!.entityId } });
    expect((await question(q.id)).options).toEqual(["Deploy", "Cancel"]);
    const stranger = await srv.user("Mallory");

    const cleoSocket = await cleo.connect();
    const strangerSocket = await stranger.connect();
    const adaSocket = await ada.connect();
    // Attacks: not the asked person, not a member, malformed, oversized, unknown option.
    expect(await call(cleoSocket, "question:answer", { messageId: q.id, option: "Deploy" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await call(strangerSocket, "question:answer", { messageId: q.id, option: "Deploy" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(adaSocket, "question:answer", { messageId: q.id })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(adaSocket, "question:answer", { messageId: q.id, option: "x".repeat(500) })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(adaSocket, "question:answer", { messageId: q.id, option: "Rollback" })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(
      (await run(srv, answerQuestionHandler, request(`/api/messages/${q.id}/answer`, { cookie: cleo.cookie, body: { option: "Deploy" } }), { id: q.id }))
        .status,
    ).toBe(403);
    expect((await run(srv, answerQuestionHandler, request(`/api/messages/${q.id}/answer`, { body: { option: "Deploy" } }), { id: q.id })).status).toBe(401);
    expect((await question(q.id)).status).toBe("open");

    // The space sees the question answered, live.
    await cleoSocket.emitWithAck("space:join", { spaceId: space.id });
    const updated = waitFor(cleoSocket, "question:updated");
    const ok = await run(srv, answerQuestionHandler, request(`/api/messages/${q.id}/answer`, { cookie: ada.cookie, body: { option: "Deploy" } }), { id: q.id });
    expect(ok.status).toBe(200);
    expect(ok.body.question).toMatchObject({ status: "answered", answer: "Deploy", answeredByName: "Ada" });
    expect((await updated).question).toMatchObject({ messageId: q.id, status: "answered" });
    await srv.gateway.idle();
    expect(await texts(space.id)).toContain("got resolved Ada:Deploy / -");
    const reply = await srv.deps.db.message.findFirstOrThrow({ where: { text: "Deploy", senderId: ada.entityId } });
    expect(reply.replyToMessageId).toBe(q.id);
    // Answered once.
    expect(await call(adaSocket, "question:answer", { messageId: q.id, option: "Cancel" })).toMatchObject({ ok: false, error: { code: "conflict" } });
  }, 120_000);

  it("refuses too many or too long options (a tool error, nothing posted)", async () => {
    const many = Array.from({ length: MAX_QUESTION_OPTIONS + 1 }, (_, i) => `o${i}`);
    const { ada, agents, space } = await setup({ Ops: askerOf({ options: many }) });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy" });
    await srv.gateway.idle();
    expect(await srv.deps.db.message.count({ where: { senderId: agents.Ops!.entityId } })).toBe(0);
    expect(await srv.deps.db.question.count()).toBe(0);
  }, 120_000);

  it("marks a question that timed out (the agent's wait timeout) and one whose run was stopped", async () => {
    const clock = new ManualClock();
    const { ada, agents, space } = await setup({ Ops: askerOf() }, clock);
    await srv.deps.db.agent.update({ where: { id: agents.Ops!.id }, data: { waitTimeoutMs: 60_000 } });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy first" });
    await srv.gateway.idle();
    const first = await srv.deps.db.message.findFirstOrThrow({ where: { senderId: agents.Ops!.entityId } });
    const q1 = await question(first.id);
    expect(q1.expiresAt.getTime() - first.createdAt.getTime()).toBeLessThan(WAIT_TIMEOUT_MS);
    clock.advance(61_000);
    await srv.gateway.tick();
    await srv.gateway.idle();
    expect(await question(first.id)).toMatchObject({ status: "timed_out" });
    expect(await texts(space.id)).toContain("got timeout -:- / -");

    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy again" });
    await srv.gateway.idle();
    const second = await srv.deps.db.message.findFirstOrThrow({ where: { senderId: agents.Ops!.entityId, text: "Deploy v2.1 now?", id: { not: first.id } } });
    const waiting = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Ops!.id, status: "waiting_reply" } });
    const adaSocket = await ada.connect();
    expect(await call(adaSocket, "run:stop", { runId: waiting.id })).toMatchObject({ ok: true, data: { stopped: true } });
    await srv.gateway.idle();
    expect((await srv.deps.db.run.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("canceled");
    expect(await question(second.id)).toMatchObject({ status: "canceled" });
  }, 120_000);

  it("a plan run asks the plan's maker", async () => {
    let opsId = "";
    const planner: Script = (c) => {
      if (!c.system.includes("type: plan")) return { text: "not a plan" };
      if (c.results.length === 0) return { tool: "enter_space", input: { spaceId: opsId } };
      if (c.results.length === 1) return { tool: "send_message", input: { text: "Run the weekly cleanup?", wait: true, options: ["Yes", "No"] } };
      return { text: "paused" };
    };
    const { agents } = await setup({ Scout: planner });
    const root = await srv.user("Root", { isAdmin: true });
    const ops = await createChannel(srv.deps, root.actor, { name: "weekly", memberIds: [agents.Scout!.entityId] });
    opsId = ops.id;
    const plan = await createPlan(srv.deps, root.actor, {
      agentId: agents.Scout!.id,
      plan: { name: "cleanup", instruction: "Ask before the cleanup", cron: "0 9 * * 1" },
      now: srv.gateway.ctx.clock.now(),
    });
    await startPlanNow(srv.gateway.ctx, root.actor, { agentId: agents.Scout!.id, planId: plan.id });
    await srv.gateway.idle();
    const q = await srv.deps.db.question.findFirstOrThrow({ where: { spaceId: ops.id } });
    expect(q).toMatchObject({ askedEntityId: root.entityId, askedName: "Root", options: ["Yes", "No"], status: "open" });
  }, 120_000);

  it("a deleted question keeps none of its choices or answer, and can no longer be answered", async () => {
    const { ada, cleo, agents, space } = await setup({ Ops: askerOf({ options: ["Deploy to prod-eu-secret", "Cancel"] }) });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy v2.1" });
    await srv.gateway.idle();
    const q = await srv.deps.db.message.findFirstOrThrow({ where: { senderId: agents.Ops!.entityId } });
    // The requester takes the agent's question back.
    await deleteMessage(srv.deps, ada.actor, { messageId: q.id });
    const page = await listMessagesAfter(srv.deps, cleo.actor, { spaceId: space.id, afterSeq: 0 });
    expect(JSON.stringify(page.messages.find((m) => m.id === q.id))).not.toContain("prod-eu-secret");
    expect(JSON.stringify(await question(q.id))).not.toContain("prod-eu-secret");
    const adaSocket = await ada.connect();
    expect(await call(adaSocket, "question:answer", { messageId: q.id, option: "Cancel" })).toMatchObject({ ok: false });
    expect(await texts(space.id)).not.toContain("Cancel");
  }, 120_000);

  it("an answer deleted after it was given is taken off its question too", async () => {
    const { ada, cleo, agents, space } = await setup({ Ops: askerOf() });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "please deploy" });
    await srv.gateway.idle();
    const q = await srv.deps.db.message.findFirstOrThrow({ where: { senderId: agents.Ops!.entityId } });
    const answer = await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "yes, the vault code is 4242", replyToMessageId: q.id });
    await srv.gateway.idle();
    expect((await question(q.id)).answer).toBe("yes, the vault code is 4242");
    const cleoSocket = await cleo.connect();
    await cleoSocket.emitWithAck("space:join", { spaceId: space.id });
    const updated = waitFor(cleoSocket, "question:updated");
    await deleteMessage(srv.deps, ada.actor, { messageId: answer.message.id });
    expect((await updated).question).toMatchObject({ messageId: q.id, answer: null });
    const page = await listMessagesAfter(srv.deps, cleo.actor, { spaceId: space.id, afterSeq: 0 });
    // (The agent's own later message quoting what it was told is its own words; the question is not.)
    expect(JSON.stringify(page.messages.find((m) => m.id === q.id))).not.toContain("4242");
    expect((await question(q.id)).answer).toBeNull();
  }, 120_000);
});
