// Members steer agents from the chat: the requester, the space's owners and admins stop a run
// (other members are refused); the requester regenerates an answer (a new run on the same
// trigger, recorded; the old answer stays, marked); the steps under an agent's message show only
// what concerns spaces the viewer is in.
import { afterEach, describe, expect, it } from "vitest";
import { call, type TestServer } from "../../testing/test-server";
import { addToSpace, type Script, startAgentScenario, triggeredByHuman } from "../../testing/agents";
import { request, run } from "../../testing/http";
import { sendMessage } from "../../domain/messages/send-message";
import { createChannel } from "../../domain/spaces/create-channel";
import { leaveSpace } from "../../domain/spaces/leave-space";
import { listMessagesAfter } from "../../domain/messages/list-messages-after";
import { regenerateHandler, runStepsHandler, stopRunHandler } from "../../http/steering";
import { RATE_LIMITS } from "@/lib/limits";

let srv: TestServer;
afterEach(async () => srv?.close());

async function setup(scripts: Record<string, Script>) {
  const scenario = await startAgentScenario(scripts, { spaceName: "ops" });
  srv = scenario.srv;
  const cleo = await srv.user("Cleo");
  const ben = await srv.user("Ben");
  await addToSpace(srv.deps.db, scenario.space.id, scenario.ada.entityId, [cleo.entityId, ben.entityId]);
  return { ...scenario, cleo, ben };
}

describe("steering agents from the chat", () => {
  it("the requester and the space's owner may stop a run; another member may not", async () => {
    // Thinks until its call is aborted, as a long answer does.
    const slow: Script = (c) =>
      triggeredByHuman(c) ? new Promise((_, reject) => c.signal?.addEventListener("abort", () => reject(new Error("aborted")))) : { text: "-" };
    const { ada, cleo, ben, agents, space } = await setup({ Slow: slow });
    await sendMessage(srv.deps, cleo.actor, { spaceId: space.id, text: "write me a long essay" });
    let r = await srv.deps.db.run.findFirst({ where: { agentId: agents.Slow!.id, status: "running" } });
    for (let i = 0; !r && i < 100; i++) {
      await new Promise((res) => setTimeout(res, 50));
      r = await srv.deps.db.run.findFirst({ where: { agentId: agents.Slow!.id, status: "running" } });
    }
    expect(r).not.toBeNull();
    const stranger = await srv.user("Mallory");
    const benSocket = await ben.connect();
    expect(await call(benSocket, "run:stop", { runId: r!.id })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await call(await stranger.connect(), "run:stop", { runId: r!.id })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(benSocket, "run:stop", { runId: 42 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect((await run(srv, stopRunHandler, request(`/api/runs/${r!.id}/stop`, { method: "POST", cookie: ben.cookie }), { id: r!.id })).status).toBe(403);
    expect((await run(srv, stopRunHandler, request(`/api/runs/${r!.id}/stop`, { method: "POST" }), { id: r!.id })).status).toBe(401);
    expect((await srv.deps.db.run.findUniqueOrThrow({ where: { id: r!.id } })).status).toBe("running");

    // Ada owns the channel (she is not the requester): she may stop it.
    const ok = await run(srv, stopRunHandler, request(`/api/runs/${r!.id}/stop`, { method: "POST", cookie: ada.cookie }), { id: r!.id });
    expect(ok).toMatchObject({ status: 200, body: { stopped: true } });
    await srv.gateway.idle();
    expect(await srv.deps.db.run.findUniqueOrThrow({ where: { id: r!.id } })).toMatchObject({
      status: "canceled",
      statusReason: "stopped by Ada from the chat",
    });
    // Ended: stopping again is a conflict.
    expect(await call(await cleo.connect(), "run:stop", { runId: r!.id })).toMatchObject({ ok: false, error: { code: "conflict" } });
  }, 120_000);

  it("stops, regenerations, step lists and answers are rate limited", async () => {
    const { ben } = await setup({});
    const s = await ben.connect();
    const exhaust = async (event: "run:stop" | "run:regenerate" | "run:steps" | "question:answer", payload: unknown, points: number) => {
      let last: unknown;
      for (let i = 0; i <= points; i++) last = await call(s, event, payload);
      expect(last).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    };
    // Stop and regenerate share one budget: the stops spend it, the regeneration is refused.
    for (let i = 0; i < RATE_LIMITS.runSteersPerUser.points; i++)
      expect(await call(s, "run:stop", { runId: "nope" })).toMatchObject({ error: { code: "not_found" } });
    expect(await call(s, "run:regenerate", { messageId: "nope" })).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    await exhaust("run:steps", { messageId: "nope" }, RATE_LIMITS.runStepViewsPerUser.points);
    await exhaust("question:answer", { messageId: "nope", option: "Deploy" }, RATE_LIMITS.questionAnswersPerUser.points);
  }, 120_000);

  it("the requester regenerates an answer: a new run on the same trigger, recorded; the old answer stays, marked", async () => {
    let n = 0;
    const answerer: Script = (c) =>
      triggeredByHuman(c) ? (c.results.length ? { text: "done" } : { tool: "send_message", input: { text: `answer ${++n}` } }) : { text: "-" };
    const { cleo, ben, agents, space } = await setup({ Bot: answerer });
    const trigger = (await sendMessage(srv.deps, cleo.actor, { spaceId: space.id, text: "what is 6 x 7?" })).message;
    await srv.gateway.idle();
    const first = await srv.deps.db.message.findFirstOrThrow({ where: { text: "answer 1" } });

    expect(await call(await ben.connect(), "run:regenerate", { messageId: first.id })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await call(await ben.connect(), "run:regenerate", { messageId: trigger.id })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    const res = await run(srv, regenerateHandler, request(`/api/messages/${first.id}/regenerate`, { method: "POST", cookie: cleo.cookie }), { id: first.id });
    expect(res.status).toBe(201);
    await srv.gateway.idle();
    const runs = await srv.deps.db.run.findMany({ where: { agentId: agents.Bot!.id, triggerMessageId: trigger.id }, orderBy: { queuedAt: "asc" } });
    expect(runs).toHaveLength(2);
    expect(runs[1]).toMatchObject({ id: res.body.runId, regenerateOfId: runs[0]!.id, status: "completed" });
    const decision = await srv.deps.db.triggerDecision.findFirstOrThrow({ where: { runId: res.body.runId } });
    expect(decision.reason).toMatch(/^regenerated/);
    const page = await listMessagesAfter(srv.deps, cleo.actor, { spaceId: space.id, afterSeq: 0 });
    expect(page.messages.find((m) => m.id === first.id)?.regenerated).toBe(true);
    expect(page.messages.find((m) => m.text === "answer 2")?.regenerated).toBeUndefined();
    // Once per answer.
    const again = await run(srv, regenerateHandler, request(`/api/messages/${first.id}/regenerate`, { method: "POST", cookie: cleo.cookie }), { id: first.id });
    expect(again.status).toBe(409);
  }, 120_000);

  it("lists what the run did, only about spaces the viewer is in", async () => {
    let secretId = "";
    const reader: Script = (c) => {
      if (!triggeredByHuman(c)) return { text: "-" };
      if (c.results.length === 0) return { tool: "read_messages", input: { spaceId: secretId, limit: 5 } };
      if (c.results.length === 1) return { tool: "set_plans", input: { plans: [{ name: "check", instruction: "check again", runAfter: "1 day" }] } };
      if (c.results.length === 2) return { tool: "send_message", input: { text: "summary posted" } };
      return { text: "done" };
    };
    const { ada, cleo, agents, space } = await setup({ Reader: reader });
    const secret = await createChannel(srv.deps, ada.actor, { name: "secret", memberIds: [agents.Reader!.entityId] });
    secretId = secret.id;
    await sendMessage(srv.deps, ada.actor, { spaceId: secret.id, text: "the launch code is 1234" });
    await srv.gateway.idle();
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "summarize please" });
    await srv.gateway.idle();
    const m = await srv.deps.db.message.findFirstOrThrow({ where: { text: "summary posted", spaceId: space.id } });

    const forAda = await run(srv, runStepsHandler, request(`/api/messages/${m.id}/steps`, { cookie: ada.cookie }), { id: m.id });
    // Reader is in #secret in the default reply mode (addressed only): it did not answer there, so #secret holds Ada's one message.
    expect(forAda.body.steps.map((s: { label: string }) => s.label)).toEqual(["read #secret (1 message)", "set a reminder", "posted in #ops"]);
    const forCleo = await call(await cleo.connect(), "run:steps", { messageId: m.id });
    expect(forCleo).toMatchObject({ ok: true });
    const labels = (forCleo as { data: { steps: { label: string }[] } }).data.steps.map((s) => s.label);
    expect(labels).toEqual(["set a reminder", "posted in #ops"]);
    expect(JSON.stringify(forCleo)).not.toMatch(/secret|1234/);
    // Not a member of the message's space: nothing.
    const stranger = await srv.user("Mallory");
    expect((await run(srv, runStepsHandler, request(`/api/messages/${m.id}/steps`, { cookie: stranger.cookie }), { id: m.id })).status).toBe(404);
  }, 120_000);

  it("a regenerated run reaches no space its requester has left since the first answer", async () => {
    const answerer: Script = (c) =>
      triggeredByHuman(c) ? (c.results.length ? { text: "done" } : { tool: "send_message", input: { text: "an answer" } }) : { text: "-" };
    const { cleo, agents, space } = await setup({ Bot: answerer });
    const secret = await createChannel(srv.deps, cleo.actor, { name: "secret", visibility: "private", memberIds: [agents.Bot!.entityId] });
    await sendMessage(srv.deps, cleo.actor, { spaceId: space.id, text: "what is 6 x 7?" });
    await srv.gateway.idle();
    const first = await srv.deps.db.message.findFirstOrThrow({ where: { text: "an answer" } });
    const firstRun = await srv.deps.db.run.findUniqueOrThrow({ where: { id: first.runId! } });
    expect(firstRun.reach).toContain(secret.id);
    await leaveSpace(srv.deps, cleo.actor, { spaceId: secret.id });
    const res = await run(srv, regenerateHandler, request(`/api/messages/${first.id}/regenerate`, { method: "POST", cookie: cleo.cookie }), { id: first.id });
    expect(res.status).toBe(201);
    // The stored reach is the first run's; the run narrows it to its requester's spaces as it starts.
    await srv.gateway.idle();
    const again = await srv.deps.db.run.findUniqueOrThrow({ where: { id: res.body.runId } });
    expect(again.reach).toContain(space.id);
    expect(again.reach).not.toContain(secret.id);
  }, 120_000);
});
