// Admins manage an agent's goals, memories and plans: members are refused, bad input gets a
// message per field, every change is audited (before → after, with the item's reach), and
// admin-made items are visible to every run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { listAudit } from "../../audit/list-audit";
import { createGoal } from "../knowledge/create-goal";
import { updateGoal } from "../knowledge/update-goal";
import { deleteGoal } from "../knowledge/delete-goal";
import { listGoals } from "../knowledge/list-goals";
import { createMemory } from "../knowledge/create-memory";
import { updateMemory } from "../knowledge/update-memory";
import { deleteMemory } from "../knowledge/delete-memory";
import { listMemories } from "../knowledge/list-memories";
import { createPlan } from "../knowledge/create-plan";
import { updatePlan } from "../knowledge/update-plan";
import { deletePlan } from "../knowledge/delete-plan";
import { listPlans } from "../knowledge/list-plans";
import { setPlanPaused } from "../knowledge/pause-plan";
import { getMemories } from "../get-memories";
import { setMemories } from "../set-memories";
import { scopeOf } from "../provenance";
import { setPlans } from "../set-plans";

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let agentId: string;
const now = new Date("2026-03-10T15:00:00Z");

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  member = await t.user("Ben");
  agentId = (await createAgent(t.deps.db, "Scout")).id;
});
afterAll(() => t?.close());

const lastAudit = async () => (await listAudit(t.deps, admin.actor, { agentId, limit: 1 })).entries[0];

describe("goals", () => {
  it("an admin creates, edits and deletes a goal, each audited before → after", async () => {
    const goal = await createGoal(t.deps, admin.actor, { agentId, goal: { description: "  Ship v2  ", priority: 3 } });
    expect(goal).toMatchObject({ description: "Ship v2", status: "active", priority: 3, longTerm: false, madeByAdmin: true, originSpace: null });
    expect(await lastAudit()).toMatchObject({ action: "goal.create", subject: 'goal "Ship v2"', before: null, after: { description: "Ship v2", priority: 3 } });

    const edited = await updateGoal(t.deps, admin.actor, { agentId, goalId: goal.id, changes: { status: "completed" } });
    expect(edited.status).toBe("completed");
    expect(await lastAudit()).toMatchObject({ action: "goal.update", before: { status: "active" }, after: { status: "completed" } });
    expect((await listGoals(t.deps, admin.actor, { agentId })).map((g) => g.id)).toContain(goal.id);

    await deleteGoal(t.deps, admin.actor, { agentId, goalId: goal.id });
    expect(await lastAudit()).toMatchObject({ action: "goal.delete", before: { description: "Ship v2" }, after: null });
    expect(await listGoals(t.deps, admin.actor, { agentId })).toEqual([]);
  });

  it("refuses members, bad fields (with a message per field) and goals of another agent", async () => {
    await expect(createGoal(t.deps, member.actor, { agentId, goal: { description: "x" } })).rejects.toMatchObject({ code: "forbidden" });
    await expect(listGoals(t.deps, member.actor, { agentId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(createGoal(t.deps, admin.actor, { agentId, goal: { description: " ", priority: 1.5 } })).rejects.toMatchObject({
      code: "bad_request",
      details: { fields: { description: expect.any(String), priority: expect.any(String) } },
    });
    const other = await createAgent(t.deps.db, "Other");
    const goal = await createGoal(t.deps, admin.actor, { agentId: other.id, goal: { description: "theirs" } });
    await expect(updateGoal(t.deps, admin.actor, { agentId, goalId: goal.id, changes: { priority: 1 } })).rejects.toMatchObject({ code: "not_found" });
    await expect(createGoal(t.deps, admin.actor, { agentId: "nope", goal: { description: "x" } })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("memories", () => {
  it("admin-made memories are visible to every run; edits keep a run-made memory's reach", async () => {
    const m = await createMemory(t.deps, admin.actor, { agentId, memory: { key: "tone", value: "brief" } });
    expect(m).toMatchObject({ madeByAdmin: true, adminOwned: true });
    // A run with no reach at all still sees the admin's memory.
    const runActor = { ...admin.actor, isAdmin: false, run: { originSpaceId: null, reach: [] } };
    expect(await getMemories(t.deps, runActor, { agentId })).toContainEqual(expect.objectContaining({ key: "tone", value: "brief" }));

    // A space the admin is in: an admin sees the words of what runs made for their own spaces.
    const s1 = (await t.deps.db.space.create({ data: { name: "s1", kind: "channel", memberships: { create: { entityId: admin.entityId } } } })).id;
    await setMemories(t.deps, { ...runActor, run: { originSpaceId: s1, reach: [s1] } }, { agentId, memories: [{ key: "secret", value: "from s1" }] });
    const secret = (await listMemories(t.deps, admin.actor, { agentId })).find((x) => x.key === "secret")!;
    expect(secret).toMatchObject({ madeByAdmin: false, adminOwned: false, originSpace: { id: s1 } });
    // The admin's edit makes it the admin's: the panel says the agent can no longer change it.
    expect(await updateMemory(t.deps, admin.actor, { agentId, memoryId: secret.id, changes: { value: "edited" } })).toMatchObject({ adminOwned: true });
    expect(await lastAudit()).toMatchObject({ action: "memory.update", before: { value: "from s1" }, after: { value: "edited" } });
    expect((await t.deps.db.auditEntry.findFirstOrThrow({ where: { agentId, action: "memory.update" } })).itemReach).toEqual([s1]);
    expect((await t.deps.db.memory.findUniqueOrThrow({ where: { id: secret.id } })).reach).toEqual([s1]);

    await deleteMemory(t.deps, admin.actor, { agentId, memoryId: secret.id });
    expect(await lastAudit()).toMatchObject({ action: "memory.delete", subject: 'memory "secret"', before: { key: "secret", value: "edited" } });
  });

  it("a taken key is a field error, never an overwrite", async () => {
    await expect(createMemory(t.deps, admin.actor, { agentId, memory: { key: "tone", value: "long" } })).rejects.toMatchObject({
      code: "bad_request",
      details: { fields: { key: expect.stringMatching(/already has a memory/) } },
    });
    await expect(createMemory(t.deps, admin.actor, { agentId, memory: { key: "k", value: "x".repeat(2001) } })).rejects.toMatchObject({
      details: { fields: { value: expect.any(String) } },
    });
    await expect(deleteMemory(t.deps, member.actor, { agentId, memoryId: "x" })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("plans", () => {
  it("shows kind, cron in words, next run and status; pause and resume are audited once each", async () => {
    const plan = await createPlan(t.deps, admin.actor, { agentId, plan: { name: "digest", instruction: "Post the digest", cron: "0 9 * * 1-5" }, now });
    expect(plan).toMatchObject({
      kind: "cron",
      cron: "0 9 * * 1-5",
      cronText: "At 09:00, Monday through Friday (UTC)",
      status: "active",
      nextRunAt: "2026-03-11T09:00:00.000Z",
      lastRunAt: null,
      madeByAdmin: true,
      runs: [],
      runCount: 0,
    });
    // Its runs act for the admin who made it.
    expect((await t.deps.db.plan.findUniqueOrThrow({ where: { id: plan.id } })).requesterId).toBe(admin.entityId);

    expect((await setPlanPaused(t.deps, admin.actor, { agentId, planId: plan.id, paused: true, now })).status).toBe("paused");
    await expect(setPlanPaused(t.deps, admin.actor, { agentId, planId: plan.id, paused: true, now })).rejects.toMatchObject({ code: "conflict" });
    expect(await lastAudit()).toMatchObject({ action: "plan.pause", before: { status: "active" }, after: { status: "paused" } });
    // Resumed a day later: the missed time does not fire, the next one is from now.
    const later = new Date("2026-03-12T10:00:00Z");
    const resumed = await setPlanPaused(t.deps, admin.actor, { agentId, planId: plan.id, paused: false, now: later });
    expect(resumed).toMatchObject({ status: "active", nextRunAt: "2026-03-13T09:00:00.000Z" });
    expect(await lastAudit()).toMatchObject({ action: "plan.resume" });
    await expect(setPlanPaused(t.deps, member.actor, { agentId, planId: plan.id, paused: true, now })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("edits a plan's schedule (field errors on the schedule's own field) and deletes it", async () => {
    const plan = await createPlan(t.deps, admin.actor, { agentId, plan: { name: "ping", instruction: "Ping", runAfter: "2 hours" }, now });
    expect(plan).toMatchObject({ kind: "runAfter", cronText: null, nextRunAt: "2026-03-10T17:00:00.000Z" });
    await expect(updatePlan(t.deps, admin.actor, { agentId, planId: plan.id, changes: { cron: "* * * * * *" }, now })).rejects.toMatchObject({
      details: { fields: { cron: expect.stringMatching(/once a minute/) } },
    });
    await expect(updatePlan(t.deps, admin.actor, { agentId, planId: plan.id, changes: { cron: "0 9 * * *", runAfter: "1 day" }, now })).rejects.toMatchObject({
      details: { fields: { schedule: expect.any(String) } },
    });
    await expect(createPlan(t.deps, admin.actor, { agentId, plan: { name: "ping", instruction: "x", runAfter: "1 day" }, now })).rejects.toMatchObject({
      details: { fields: { name: expect.any(String) } },
    });
    const at = await updatePlan(t.deps, admin.actor, {
      agentId,
      planId: plan.id,
      changes: { scheduledAt: "2026-04-01T08:00:00Z", instruction: "Ping all" },
      now,
    });
    expect(at).toMatchObject({ kind: "scheduledAt", nextRunAt: "2026-04-01T08:00:00.000Z", instruction: "Ping all" });
    expect(await lastAudit()).toMatchObject({
      action: "plan.update",
      before: { instruction: "Ping", runAfter: "2 hours" },
      after: { instruction: "Ping all", runAfter: null, scheduledAt: "2026-04-01T08:00:00.000Z" },
    });
    await deletePlan(t.deps, admin.actor, { agentId, planId: plan.id });
    expect((await listPlans(t.deps, admin.actor, { agentId })).map((p) => p.name)).toEqual(["digest"]);
    expect(await lastAudit()).toMatchObject({ action: "plan.delete", subject: 'plan "ping"' });
  });
});

describe("ownership and scope", () => {
  it("the migration's backfill computes the same scope as the code", async () => {
    const reach = ["cz9", "Cb1", "ca2", "c_3", "c-4", "a10", "a9"];
    const [row] = await t.deps.db.$queryRaw<
      { scope: string }[]
    >`SELECT array_to_string(ARRAY(SELECT r FROM unnest(${reach}::text[]) AS r ORDER BY r COLLATE "C"), ',') AS scope`;
    expect(row!.scope).toBe(scopeOf(reach));
  });

  it("an admin pausing a run-made plan makes it the admin's: the run can no longer re-set it", async () => {
    const run = { originSpaceId: "s1", reach: ["s1"], runId: "r1", requesterId: member.entityId };
    const runActor = { entityId: member.entityId, run };
    const [p] = await setPlans(t.deps, runActor, { agentId, plans: [{ name: "nightly", instruction: "tidy", cron: "0 3 * * *" }], now });
    await setPlanPaused(t.deps, admin.actor, { agentId, planId: p!.id, paused: true, now });
    await expect(setPlans(t.deps, runActor, { agentId, plans: [{ name: "nightly", instruction: "tidy", cron: "0 3 * * *" }], now })).rejects.toThrow(
      /plans\[0\]: an admin set this plan; it is read-only to agents/,
    );
    expect((await t.deps.db.plan.findUniqueOrThrow({ where: { id: p!.id } })).status).toBe("paused");
  });
});
