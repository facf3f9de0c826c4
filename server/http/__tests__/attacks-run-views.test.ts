// Attack: an admin who is not a member of Cleo's private channel tries to read it through the
// views of runs. Planner works in the channel for Cleo and reads it; the run's context, tool
// inputs, messages, errors and trigger text carry the channel's words. Every view of runs (run
// page, run list, live run events, chain tree, service runs, audit log) must show the admin
// that content only as withheld, while an admin who is a member still sees all of it. And the
// admin cannot put an agent into the channel to make such a run in the first place.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WITHHELD } from "@/lib/runs/withheld";
import { addToSpace, startAgentScenario } from "@/server/testing/agents";
import type { TestServer, TestUser } from "@/server/testing/test-server";
import { request, run } from "@/server/testing/http";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";
import { listRunFilterOptions } from "@/server/domain/runs/run-filter-options";
import { getServicePanel } from "@/server/domain/agents/service-keys/get-service-panel";
import { recordAudit } from "@/server/domain/audit/record-audit";
import { broadcastRun } from "@/server/agents/runs/broadcast-run";
import { getRunCallContextHandler, getRunHandler, listRunsHandler } from "../runs";
import { getChainHandler } from "../chains";
import { listAuditHandler } from "../audit";
import { addAgentSpaceHandler } from "../agent-spaces";
import { createMemoryHandler, listGoalsHandler, listMemoriesHandler, updateMemoryHandler } from "../agent-knowledge";
import { createPlanHandler, listPlansHandler } from "../agent-plans";

const SECRET = "SECRET-ROADMAP-7731";

let srv: TestServer;
let root: TestUser; // admin, not in the channel
let mia: TestUser; // admin, in the channel
let cleo: TestUser;
let planner: { id: string; entityId: string };
let general: string;
let secretId: string;
let runId: string;
let triggerId: string;
const seen = { root: [] as string[], mia: [] as string[] };

beforeAll(async () => {
  // Planner reads the channel (its context holds the trigger and history) and repeats what it read.
  const scenario = await startAgentScenario({
    Planner: (c) =>
      /FAIL-NOW/.test(c.system)
        ? { error: `model broke on ${SECRET}` }
        : c.results.length === 0
          ? { tool: "send_message", input: { text: `Summary: ${/SECRET-[A-Z]+-\d+/.exec(c.system)?.[0] ?? "nothing"}` } }
          : { text: `done with ${SECRET}` },
  });
  srv = scenario.srv;
  planner = scenario.agents.Planner!;
  general = scenario.space.id;
  root = await srv.user("Root", { isAdmin: true });
  mia = await srv.user("Mia", { isAdmin: true });
  cleo = await srv.user("Cleo");
  const secret = await createChannel(srv.deps, cleo.actor, { name: "cleo-private", memberIds: [mia.entityId, planner.entityId] });
  secretId = secret.id;
  const [rootSocket, miaSocket] = await Promise.all([root.connect(), mia.connect()]);
  for (const [socket, into] of [
    [rootSocket, seen.root],
    [miaSocket, seen.mia],
  ] as const) {
    socket.on("run:event", (p) => into.push(JSON.stringify(p)));
    socket.on("run:updated", (p) => into.push(JSON.stringify(p)));
  }
  const sent = await sendMessage(srv.deps, cleo.actor, { spaceId: secretId, text: `${SECRET}: we ship Friday. Planner, read the channel.` });
  triggerId = sent.message.id;
  await srv.gateway.idle();
  const r = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: planner.id, triggerSpaceId: secretId } });
  expect(r.status).toBe("completed");
  expect(r.contextSnapshot).toContain(SECRET);
  runId = r.id;
  // Both admins' sockets have heard the whole run (the last event is its end).
  for (let i = 0; i < 200 && !seen.root.some((s) => s.includes('"completed"')); i++) await new Promise((res) => setTimeout(res, 20));
  for (let i = 0; i < 200 && !seen.mia.some((s) => s.includes('"completed"')); i++) await new Promise((res) => setTimeout(res, 20));
});
afterAll(() => srv?.close());

const getRun = (u: TestUser, id: string) => run(srv, getRunHandler, request(`/api/runs/${id}`, { cookie: u.cookie }), { id });

describe("attack: an admin reads a private channel through run views", () => {
  it("cannot add an agent to the channel: 403, and the agent stays out", async () => {
    const scout = await srv.deps.db.agent.create({
      data: { provider: "offline", modelId: "parley-offline-1", persona: "", entity: { create: { type: "agent", name: "Scout" } } },
    });
    const res = await run(srv, addAgentSpaceHandler, request(`/api/agents/${scout.id}/spaces`, { cookie: root.cookie, body: { spaceId: secretId } }), {
      id: scout.id,
    });
    expect(res.status).toBe(403);
    expect(await srv.deps.db.membership.count({ where: { spaceId: secretId, entityId: scout.entityId } })).toBe(0);
  });

  it("the run page withholds the context, timeline inputs and results, messages and trigger; a member admin sees them", async () => {
    const res = await getRun(root, runId);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(JSON.stringify(body)).not.toContain(SECRET);
    expect(body.context).toBe(WITHHELD);
    expect(body.trigger.message.text).toBe(WITHHELD);
    expect(body.trigger.space.name).toBe(WITHHELD);
    expect(body.messages.map((m: { text: string }) => m.text)).toEqual([WITHHELD]);
    const call = body.events.find((e: { type: string }) => e.type === "tool_call");
    expect(call.data).toMatchObject({ name: "send_message", input: WITHHELD });
    expect(body.events.find((e: { type: string }) => e.type === "tool_result").data.output).toBe(WITHHELD);
    // How the run went is still there: its status, steps, tokens, tool names.
    expect(body.run).toMatchObject({ id: runId, status: "completed" });
    expect(body.events.map((e: { type: string }) => e.type)).toContain("model_step");

    const full = await getRun(mia, runId);
    expect(full.body.context).toContain(SECRET);
    expect(full.body.trigger.message.text).toContain(SECRET);
    expect(JSON.stringify(full.body.events)).toContain(SECRET);
  });

  it("each model call's context is withheld from the non-member admin, refused to a member, whole for the member admin", async () => {
    const getCall = (u: TestUser, n: string) =>
      run(srv, getRunCallContextHandler, request(`/api/runs/${runId}/contexts/${n}`, { cookie: u.cookie }), { id: runId, n });
    const withheld = await getCall(root, "1");
    expect(withheld.status).toBe(200);
    expect(withheld.body).toMatchObject({ call: 1, context: WITHHELD });
    expect(JSON.stringify(withheld.body)).not.toContain(SECRET);
    expect((await getCall(cleo, "1")).status).toBe(403);
    const full = await getCall(mia, "1");
    expect(full.body.context).toContain(SECRET);
  });

  it("the run list withholds the trigger's words and space name", async () => {
    const res = await run(srv, listRunsHandler, request(`/api/runs?agentId=${planner.id}`, { cookie: root.cookie }));
    const item = res.body.runs.find((r: { id: string }) => r.id === runId);
    expect(item).toMatchObject({ triggerExcerpt: WITHHELD, triggerSpaceName: WITHHELD });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    const mine = await run(srv, listRunsHandler, request(`/api/runs?agentId=${planner.id}`, { cookie: mia.cookie }));
    expect(mine.body.runs.find((r: { id: string }) => r.id === runId).triggerExcerpt).toContain(SECRET);
  });

  it("the run list's filter offers the admin only their own spaces, not the channel's name", async () => {
    const forRoot = await listRunFilterOptions(srv.deps, root.actor);
    expect(forRoot.spaces.map((s) => s.id)).not.toContain(secretId);
    expect(JSON.stringify(forRoot)).not.toContain("cleo-private");
    expect((await listRunFilterOptions(srv.deps, mia.actor)).spaces).toContainEqual(expect.objectContaining({ id: secretId, name: "cleo-private" }));
  });

  it("live run events reach the non-member admin withheld, the member admin whole", () => {
    expect(seen.root.length).toBeGreaterThan(0);
    expect(seen.root.join("\n")).not.toContain(SECRET);
    expect(seen.root.join("\n")).toContain(WITHHELD);
    expect(seen.mia.join("\n")).toContain(SECRET);
  });

  it("the chain tree of the channel's message is not found for the non-member admin", async () => {
    const res = await run(srv, getChainHandler, request(`/api/messages/${triggerId}/chain`, { cookie: root.cookie }), { id: triggerId });
    expect(res.status).toBe(404);
  });

  it("a failed run's error is withheld in the chain tree, the service runs and the run page", async () => {
    // A service run that failed with the channel's words in its error (a tool error echoing what it read).
    const failed = await srv.deps.db.run.create({
      data: {
        agentId: planner.id,
        triggerType: "service",
        serviceName: "ci",
        status: "failed",
        reach: [secretId],
        error: `read ${SECRET}`,
        partialOutput: SECRET,
      },
    });
    const rootPanel = await getServicePanel(srv.deps, root.actor, { agentId: planner.id });
    expect(rootPanel.runs.find((r) => r.id === failed.id)).toMatchObject({ error: WITHHELD, partialOutput: WITHHELD });
    const miaPanel = await getServicePanel(srv.deps, mia.actor, { agentId: planner.id });
    expect(miaPanel.runs.find((r) => r.id === failed.id)?.error).toContain(SECRET);
    expect(JSON.stringify((await getRun(root, failed.id)).body)).not.toContain(SECRET);
  });

  it("the reply a run's wait got in the channel is withheld in the run list, run page, service runs and live events", async () => {
    // A service run asked in Cleo's channel with send_message(wait: true), and Cleo answered.
    const reply = { entityId: cleo.entityId, entityName: "Cleo", entityType: "human", text: `${SECRET}: yes, ship it`, timestamp: new Date().toISOString() };
    const waited = await srv.deps.db.run.create({
      data: {
        agentId: planner.id,
        triggerType: "service",
        serviceName: "deploys",
        status: "completed",
        reach: [secretId],
        waitState: { spaceId: secretId, afterSeq: 0, since: reply.timestamp, timeoutAt: reply.timestamp, reply },
      },
    });
    await broadcastRun(srv.deps, waited.id);
    const list = await run(srv, listRunsHandler, request(`/api/runs?agentId=${planner.id}`, { cookie: root.cookie }));
    const page = await getRun(root, waited.id);
    const panel = await getServicePanel(srv.deps, root.actor, { agentId: planner.id });
    for (let i = 0; i < 200 && !seen.root.some((s) => s.includes(waited.id)); i++) await new Promise((res) => setTimeout(res, 20));
    const live = seen.root.filter((s) => s.includes(waited.id));
    expect(live.length).toBeGreaterThan(0);
    for (const [view, body] of [
      ["list", list.body.runs.find((r: { id: string }) => r.id === waited.id)],
      ["page", page.body.run],
      ["panel", panel.runs.find((r) => r.id === waited.id)],
      ["live", JSON.parse(live[0]!).run],
    ] as const) {
      expect(JSON.stringify(body), view).not.toContain(SECRET);
      expect(body.waitState, view).toMatchObject({ spaceId: secretId, reply: WITHHELD });
    }
    const mine = await getRun(mia, waited.id);
    expect(mine.body.run.waitState.reply.text).toContain(SECRET);
  });

  it("the chain tree of a message the admin can read withholds the error of a run that reached the private channel", async () => {
    // Cleo asks in #general, which Root and Mia read too: the run's reach is #general and Cleo's channel.
    await addToSpace(srv.deps.db, general, cleo.entityId, [cleo.entityId, root.entityId, mia.entityId]);
    const asked = await sendMessage(srv.deps, cleo.actor, { spaceId: general, text: "Planner, FAIL-NOW please" });
    await srv.gateway.idle();
    const failed = await srv.deps.db.run.findFirstOrThrow({ where: { triggerMessageId: asked.message.id } });
    expect(failed.reach).toContain(secretId);
    expect(failed.error).toContain(SECRET);
    const chainOf = (u: TestUser) =>
      run(srv, getChainHandler, request(`/api/messages/${asked.message.id}/chain`, { cookie: u.cookie }), { id: asked.message.id });
    const forRoot = await chainOf(root);
    expect(forRoot.status).toBe(200);
    expect(JSON.stringify(forRoot.body)).not.toContain(SECRET);
    expect(forRoot.body.root.decisions[0].run).toMatchObject({ id: failed.id, error: WITHHELD });
    expect(JSON.stringify((await chainOf(mia)).body)).toContain(SECRET);
  });

  it("the audit log withholds a memory's words and key when it was made for a space the admin is not in", async () => {
    await recordAudit(srv.deps.db, mia.actor, {
      action: "memory.update",
      agentId: planner.id,
      subject: `memory "${SECRET}"`,
      before: { value: "old" },
      after: { value: SECRET },
      itemReach: [secretId],
    });
    const res = await run(srv, listAuditHandler, request(`/api/audit?agentId=${planner.id}`, { cookie: root.cookie }));
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect(res.body.entries[0]).toMatchObject({ subject: WITHHELD, after: { value: WITHHELD }, before: { value: WITHHELD } });
    const mine = await run(srv, listAuditHandler, request(`/api/audit?agentId=${planner.id}`, { cookie: mia.cookie }));
    expect(mine.body.entries[0].after).toEqual({ value: SECRET });
  });

  it("the agent's knowledge page withholds the words of memories, goals and plans a run made in the channel", async () => {
    // What Planner's run in Cleo's channel wrote down: its words came from the channel.
    const made = { originSpaceId: secretId, reach: [secretId], agentId: planner.id };
    const scope = secretId;
    const memory = await srv.deps.db.memory.create({ data: { ...made, scope, key: `roadmap-${SECRET}`, value: `${SECRET}: ship Friday` } });
    await srv.deps.db.goal.create({ data: { ...made, description: `Keep ${SECRET} quiet` } });
    await srv.deps.db.plan.create({ data: { ...made, scope, name: `remind ${SECRET}`, instruction: `Post ${SECRET} on Friday`, runAfter: "1h" } });
    const lists = [listMemoriesHandler, listGoalsHandler, listPlansHandler] as const;
    const read = (u: TestUser, h: (typeof lists)[number], what: string) =>
      run(srv, h, request(`/api/agents/${planner.id}/${what}`, { cookie: u.cookie }), { id: planner.id });
    for (const [h, what] of [
      [listMemoriesHandler, "memories"],
      [listGoalsHandler, "goals"],
      [listPlansHandler, "plans"],
    ] as const) {
      const res = await read(root, h, what);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      expect(JSON.stringify(res.body)).not.toContain("cleo-private");
      expect(JSON.stringify(res.body)).toContain(WITHHELD);
      expect(JSON.stringify((await read(mia, h, what)).body)).toContain(SECRET);
    }
    expect((await read(root, listMemoriesHandler, "memories")).body.memories.find((m: { id: string }) => m.id === memory.id)).toMatchObject({
      key: WITHHELD,
      value: WITHHELD,
      originSpace: { id: secretId, name: WITHHELD },
    });
    // Nor does an edit's answer carry the words the admin did not write; and the edit form,
    // which sends back every field it showed, does not overwrite the value with the marker.
    const edited = await run(
      srv,
      updateMemoryHandler,
      request(`/api/agents/${planner.id}/memories/${memory.id}`, { method: "PATCH", cookie: root.cookie, body: { key: "renamed", value: WITHHELD } }),
      { id: planner.id, memoryId: memory.id },
    );
    expect(edited.status).toBe(200);
    expect(JSON.stringify(edited.body)).not.toContain(SECRET);
    expect(await srv.deps.db.memory.findUniqueOrThrow({ where: { id: memory.id } })).toMatchObject({ key: "renamed", value: `${SECRET}: ship Friday` });
    // Guessing names: a key or plan name only a hidden item has is free to the admin (no
    // "already has a memory with this key" to confirm a guess); to a member admin it is taken.
    const make = (u: TestUser, h: typeof createMemoryHandler, what: string, body: object) =>
      run(srv, h, request(`/api/agents/${planner.id}/${what}`, { cookie: u.cookie, body }), { id: planner.id });
    expect((await make(mia, createMemoryHandler, "memories", { key: "renamed", value: "x" })).status).toBe(400);
    expect((await make(root, createMemoryHandler, "memories", { key: "renamed", value: "x" })).status).toBe(201);
    const plan = { name: `remind ${SECRET}`, instruction: "x", runAfter: "1 day" };
    expect((await make(mia, createPlanHandler, "plans", plan)).status).toBe(400);
    expect((await make(root, createPlanHandler, "plans", plan)).status).toBe(201);
  });
});
