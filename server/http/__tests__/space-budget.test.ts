// PUT /api/spaces/:id/budget: admins only, validated, rate limited by the account-changes limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { request, run } from "@/server/testing/http";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { setSpaceBudgetHandler } from "../space-budget";

let t: TestServer;
let admin: TestUser;
let owner: TestUser;
let spaceId: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  owner = await t.user("Ben");
  spaceId = (await createChannel(t.deps, owner.actor, { name: "ops" })).id;
});
afterAll(() => t?.close());

const put = (cookie: string | undefined, body: unknown, id = spaceId) =>
  run(t, setSpaceBudgetHandler, request(`/api/spaces/${id}/budget`, { method: "PUT", cookie, body }), { id });

describe("space budget API", () => {
  it("an admin sets and clears it", async () => {
    expect(await put(admin.cookie, { dailyTokenBudget: 5000 })).toMatchObject({ status: 200, body: { spaceId, dailyTokenBudget: 5000 } });
    expect((await t.deps.db.space.findUniqueOrThrow({ where: { id: spaceId } })).dailyTokenBudget).toBe(5000);
    expect(await put(admin.cookie, { dailyTokenBudget: null })).toMatchObject({ status: 200, body: { dailyTokenBudget: null } });
  });

  it("401 signed out, 403 for the channel's own owner who is no admin, 400 for bad budgets, 404 for no such space", async () => {
    expect((await put(undefined, { dailyTokenBudget: 1 })).status).toBe(401);
    expect((await put(owner.cookie, { dailyTokenBudget: 1 })).status).toBe(403);
    for (const bad of [{ dailyTokenBudget: 0 }, { dailyTokenBudget: 1.5 }, { dailyTokenBudget: "10" }, {}, { dailyTokenBudget: 1, extra: true }])
      expect((await put(admin.cookie, bad)).status).toBe(400);
    expect((await put(admin.cookie, { dailyTokenBudget: 1 }, "nope")).status).toBe(404);
    expect((await put(admin.cookie, { dailyTokenBudget: 1 }, "x".repeat(65))).status).toBe(400);
  });
});
