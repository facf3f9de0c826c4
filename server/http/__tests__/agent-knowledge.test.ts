// The goals, memories and plans routes: admins only (403 for members, before any body is
// read), malformed bodies get 400 with a message per field, oversized ones 413, and start-now
// answers with the run it started.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { request, run } from "@/server/testing/http";
import { createGoalHandler, createMemoryHandler, deleteMemoryHandler, listGoalsHandler, listMemoriesHandler, updateMemoryHandler } from "../agent-knowledge";
import {
  createPlanHandler,
  listPlanRunsHandler,
  listPlansHandler,
  pausePlanHandler,
  resumePlanHandler,
  runPlanNowHandler,
  updatePlanHandler,
} from "../agent-plans";

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let agentId: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  member = await t.user("Ben");
  agentId = (await createAgent(t.deps.db, "Scout", { provider: "offline" })).id;
});
afterAll(() => t?.close());

const base = () => `/api/agents/${agentId}`;

describe("goals and memories over HTTP", () => {
  it("an admin creates and lists; a member is refused every route", async () => {
    const made = await run(t, createGoalHandler, request(`${base()}/goals`, { cookie: admin.cookie, body: { description: "Ship v2" } }), { id: agentId });
    expect(made.status).toBe(201);
    expect(made.body.goal).toMatchObject({ description: "Ship v2", madeByAdmin: true });
    expect((await run(t, listGoalsHandler, request(`${base()}/goals`, { cookie: admin.cookie }), { id: agentId })).body.goals).toHaveLength(1);

    expect((await run(t, listGoalsHandler, request(`${base()}/goals`, { cookie: member.cookie }), { id: agentId })).status).toBe(403);
    expect((await run(t, listMemoriesHandler, request(`${base()}/memories`, { cookie: member.cookie }), { id: agentId })).status).toBe(403);
    expect((await run(t, listPlansHandler, request(`${base()}/plans`, { cookie: member.cookie }), { id: agentId })).status).toBe(403);
    const memberPost = await run(t, createMemoryHandler, request(`${base()}/memories`, { cookie: member.cookie, body: { key: "k", value: "v" } }), {
      id: agentId,
    });
    expect(memberPost.status).toBe(403);
    expect(await t.deps.db.memory.count()).toBe(0);
    expect((await run(t, listGoalsHandler, request(`${base()}/goals`), { id: agentId })).status).toBe(401);
  });

  it("malformed bodies get 400 with a message per field; unknown fields are refused", async () => {
    const bad = await run(t, createMemoryHandler, request(`${base()}/memories`, { cookie: admin.cookie, body: { key: "", value: 5 } }), { id: agentId });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ key: expect.any(String), value: expect.any(String) });
    const extra = await run(t, createGoalHandler, request(`${base()}/goals`, { cookie: admin.cookie, body: { description: "x", reach: [] } }), { id: agentId });
    expect(extra.status).toBe(400);
    const notJson = await run(
      t,
      createGoalHandler,
      request(`${base()}/goals`, { cookie: admin.cookie, raw: "{", headers: { "content-type": "application/json" } }),
      {
        id: agentId,
      },
    );
    expect(notJson.status).toBe(400);
  });

  it("oversized bodies get 413", async () => {
    const huge = await run(t, createMemoryHandler, request(`${base()}/memories`, { cookie: admin.cookie, body: { key: "k", value: "x".repeat(70_000) } }), {
      id: agentId,
    });
    expect(huge.status).toBe(413);
  });

  it("edits and deletes a memory by id; an unknown id is 404", async () => {
    const made = await run(t, createMemoryHandler, request(`${base()}/memories`, { cookie: admin.cookie, body: { key: "tone", value: "brief" } }), {
      id: agentId,
    });
    const memoryId = made.body.memory.id;
    const edited = await run(
      t,
      updateMemoryHandler,
      request(`${base()}/memories/${memoryId}`, { method: "PATCH", cookie: admin.cookie, body: { value: "warm" } }),
      {
        id: agentId,
        memoryId,
      },
    );
    expect(edited.body.memory).toMatchObject({ key: "tone", value: "warm" });
    const gone = await run(t, deleteMemoryHandler, request(`${base()}/memories/${memoryId}`, { method: "DELETE", cookie: admin.cookie }), {
      id: agentId,
      memoryId,
    });
    expect(gone.status).toBe(204);
    const again = await run(t, deleteMemoryHandler, request(`${base()}/memories/${memoryId}`, { method: "DELETE", cookie: admin.cookie }), {
      id: agentId,
      memoryId,
    });
    expect(again.status).toBe(404);
  });
});

describe("plans over HTTP", () => {
  it("create (field errors on the schedule), pause, resume, start now and list its runs", async () => {
    const badCron = await run(t, createPlanHandler, request(`${base()}/plans`, { cookie: admin.cookie, body: { name: "p", instruction: "x", cron: "nope" } }), {
      id: agentId,
    });
    expect(badCron.status).toBe(400);
    expect(badCron.body.error.fields.cron).toMatch(/cron/);
    const made = await run(
      t,
      createPlanHandler,
      request(`${base()}/plans`, { cookie: admin.cookie, body: { name: "digest", instruction: "Post the digest", cron: "0 9 * * *" } }),
      { id: agentId },
    );
    expect(made.status).toBe(201);
    expect(made.body.plan).toMatchObject({ kind: "cron", cronText: "At 09:00 (UTC)", status: "active" });
    const p = { id: agentId, planId: made.body.plan.id };
    const at = (s: string) => `${base()}/plans/${p.planId}${s}`;

    expect((await run(t, pausePlanHandler, request(at("/pause"), { method: "POST", cookie: member.cookie }), p)).status).toBe(403);
    expect((await run(t, pausePlanHandler, request(at("/pause"), { method: "POST", cookie: admin.cookie }), p)).body.plan.status).toBe("paused");
    expect((await run(t, pausePlanHandler, request(at("/pause"), { method: "POST", cookie: admin.cookie }), p)).status).toBe(409);
    expect((await run(t, resumePlanHandler, request(at("/resume"), { method: "POST", cookie: admin.cookie }), p)).body.plan.status).toBe("active");

    const renamed = await run(t, updatePlanHandler, request(at(""), { method: "PATCH", cookie: admin.cookie, body: { name: "" } }), p);
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.fields.name).toBeTruthy();

    expect((await run(t, runPlanNowHandler, request(at("/run"), { method: "POST", cookie: member.cookie }), p)).status).toBe(403);
    const started = await run(t, runPlanNowHandler, request(at("/run"), { method: "POST", cookie: admin.cookie }), p);
    expect(started.status).toBe(201);
    const twice = await run(t, runPlanNowHandler, request(at("/run"), { method: "POST", cookie: admin.cookie }), p);
    expect(twice.body).toEqual({ runId: started.body.runId, started: false });
    await t.gateway.idle();
    const runs = await run(t, listPlanRunsHandler, request(at("/runs"), { cookie: admin.cookie }), p);
    expect(runs.body).toMatchObject({ total: 1, runs: [{ id: started.body.runId }] });
    expect((await run(t, listPlanRunsHandler, request(at("/runs"), { cookie: member.cookie }), p)).status).toBe(403);
  }, 120_000);
});
