// Retrying a failed run: one new queued run with the same trigger, linked both ways and shown
// in the chain; only failed runs, only once (two retries at once make one run), admins only.
// A run's page also shows its place in the chain: the run that posted its trigger, and the
// runs its own messages triggered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";
import { getRunDetail } from "../get-run-detail";
import { retryRun } from "../retry-run";

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let scout: { id: string; entityId: string };
let critic: { id: string; entityId: string };
let spaceId: string;
let triggerId: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  member = await t.user("Ben");
  // Disabled and not members of the space: nothing here is claimed or triggered by the gateway.
  scout = await createAgent(t.deps.db, "Scout", { enabled: false });
  critic = await createAgent(t.deps.db, "Critic", { enabled: false });
  spaceId = (await createChannel(t.deps, admin.actor, { name: "ops" })).id;
  triggerId = (await sendMessage(t.deps, admin.actor, { spaceId, text: "deploy it" })).message.id;
});
afterAll(() => t?.close());

const failedRun = (extra: Record<string, unknown> = {}) =>
  t.deps.db.run.create({
    data: {
      agentId: scout.id,
      triggerType: "space_message",
      triggerMessageId: triggerId,
      triggerSpaceId: spaceId,
      triggerEntityId: admin.entityId,
      activeSpaceId: "elsewhere",
      chainDepth: 2,
      reach: [spaceId],
      requesterId: admin.userId,
      status: "failed",
      error: "provider said no",
      ...extra,
    } as never,
  });

describe("retrying a run", () => {
  it("creates one queued run with the same trigger, linked both ways and recorded on the trigger message", async () => {
    const old = await failedRun();
    const { runId } = await retryRun(t.deps, admin.actor, { runId: old.id });
    const retry = await t.deps.db.run.findUniqueOrThrow({ where: { id: runId } });
    expect(retry).toMatchObject({
      status: "queued",
      agentId: scout.id,
      triggerType: "space_message",
      triggerMessageId: triggerId,
      triggerSpaceId: spaceId,
      activeSpaceId: spaceId,
      chainDepth: 2,
      reach: [spaceId],
      requesterId: admin.userId,
      retryOfId: old.id,
      error: null,
    });
    const decision = await t.deps.db.triggerDecision.findFirstOrThrow({ where: { runId } });
    expect(decision).toMatchObject({ messageId: triggerId, decision: "triggered" });
    expect(decision.reason).toContain(old.id);

    const oldPage = await getRunDetail(t.deps, admin.actor, { runId: old.id });
    expect(oldPage.place.retriedBy).toMatchObject({ id: runId, status: "queued", agentName: "Scout" });
    const newPage = await getRunDetail(t.deps, admin.actor, { runId });
    expect(newPage.place.retryOf).toMatchObject({ id: old.id, status: "failed" });
    expect(newPage.run.retryOfId).toBe(old.id);

    await expect(retryRun(t.deps, admin.actor, { runId: old.id })).rejects.toMatchObject({ code: "conflict", message: /already retried/ });
    // A failed retry can itself be retried.
    await t.deps.db.run.update({ where: { id: runId }, data: { status: "failed" } });
    const again = await retryRun(t.deps, admin.actor, { runId });
    expect((await t.deps.db.run.findUniqueOrThrow({ where: { id: again.runId } })).retryOfId).toBe(runId);
  });

  it("two retries at once make one run; the other is a conflict", async () => {
    const old = await failedRun({ triggerType: "service", triggerMessageId: null, triggerSpaceId: null, serviceName: "ci", servicePayload: { build: 7 } });
    const results = await Promise.allSettled([1, 2, 3].map(() => retryRun(t.deps, admin.actor, { runId: old.id })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
    const retries = await t.deps.db.run.findMany({ where: { retryOfId: old.id } });
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ triggerType: "service", serviceName: "ci", servicePayload: { build: 7 }, activeSpaceId: null });
  });

  it("refuses runs that did not fail, unknown runs, bad ids and members", async () => {
    for (const status of ["queued", "running", "waiting_reply", "completed", "canceled"] as const) {
      const run = await failedRun({ status, triggerMessageId: null });
      await expect(retryRun(t.deps, admin.actor, { runId: run.id })).rejects.toMatchObject({ code: "conflict", message: /Only failed runs/ });
    }
    await expect(retryRun(t.deps, admin.actor, { runId: "nope" })).rejects.toMatchObject({ code: "not_found" });
    await expect(retryRun(t.deps, admin.actor, { runId: "../../etc" })).rejects.toMatchObject({
      code: "bad_request",
      details: { fields: { runId: expect.any(String) } },
    });
    const old = await failedRun({ triggerMessageId: null });
    await expect(retryRun(t.deps, member.actor, { runId: old.id })).rejects.toMatchObject({ code: "forbidden" });
    expect(await t.deps.db.run.count({ where: { retryOfId: old.id } })).toBe(0);
  });

  it("respects the agent's queued-run cap", async () => {
    const agent = await createAgent(t.deps.db, "Busy", { enabled: false });
    await t.deps.db.run.createMany({
      data: Array.from({ length: 20 }, () => ({ agentId: agent.id, triggerType: "service" as const, status: "queued" as const })),
    });
    const old = await failedRun({ agentId: agent.id, triggerMessageId: null });
    await expect(retryRun(t.deps, admin.actor, { runId: old.id })).rejects.toMatchObject({ code: "conflict", message: /queued runs/ });
  });
});

describe("a run's place in its chain", () => {
  it("names the run that posted its trigger and the runs its messages triggered", async () => {
    const parent = await t.deps.db.run.create({ data: { agentId: critic.id, triggerType: "space_message", triggerSpaceId: spaceId, status: "completed" } });
    const posted = await t.deps.db.message.create({
      data: { spaceId, senderId: critic.entityId, text: "Scout, your turn", seq: 1000, runId: parent.id, chainDepth: 1 },
    });
    const child = await t.deps.db.run.create({
      data: { agentId: scout.id, triggerType: "space_message", triggerMessageId: posted.id, triggerSpaceId: spaceId, status: "completed", chainDepth: 2 },
    });
    await t.deps.db.triggerDecision.createMany({
      data: [
        { messageId: posted.id, agentId: scout.id, decision: "triggered", reason: "queued at chain depth 2", runId: child.id },
        { messageId: posted.id, agentId: critic.id, decision: "refused", reason: "chain depth limit reached" },
      ],
    });
    const parentPage = await getRunDetail(t.deps, admin.actor, { runId: parent.id });
    expect(parentPage.place.children.map((r) => r.id)).toEqual([child.id]);
    expect(parentPage.place).toMatchObject({ parent: null, moreChildren: 0, chainMessageId: posted.id });
    const childPage = await getRunDetail(t.deps, admin.actor, { runId: child.id });
    expect(childPage.place.parent).toMatchObject({ messageId: posted.id, senderName: "Critic", run: { id: parent.id, agentName: "Critic" } });
    expect(childPage.place).toMatchObject({ children: [], chainMessageId: posted.id, retryOf: null, retriedBy: null });
  });
});
