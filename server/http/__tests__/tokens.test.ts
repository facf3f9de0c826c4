// Managing API tokens over HTTP: session cookie only, shown once, revocable, per user.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { createTokenHandler, listTokensHandler, revokeTokenHandler } from "../api-tokens";
import { listSpacesHandler } from "../list-spaces";
import { request, run } from "@/server/testing/http";

let t: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  [alice, bob] = [await t.user("Alice"), await t.user("Bob")];
});
afterAll(() => t?.close());

const create = (as: { cookie?: string; bearer?: string }, body: unknown) => run(t, createTokenHandler, request("/api/tokens", { ...as, body }));
const list = (as: { cookie?: string; bearer?: string }) => run(t, listTokensHandler, request("/api/tokens", as));
const revoke = (as: { cookie?: string; bearer?: string }, id: string) =>
  run(t, revokeTokenHandler, request(`/api/tokens/${id}`, { ...as, method: "DELETE" }), { id });

describe("/api/tokens", () => {
  it("creates a token shown once, lists it without the secret, and revokes it", async () => {
    const made = await create({ cookie: alice.cookie }, { name: "  laptop  " });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      token: expect.stringMatching(/^pk_/),
      id: expect.any(String),
      name: "laptop",
      prefix: made.body.token.slice(0, 10),
      createdAt: expect.any(String),
    });
    // The new token works for the API.
    expect((await run(t, listSpacesHandler, request("/api/spaces", { bearer: made.body.token }))).status).toBe(200);

    const listed = await list({ cookie: alice.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.tokens).toEqual([expect.objectContaining({ id: made.body.id, name: "laptop", prefix: made.body.prefix })]);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.token);

    const gone = await revoke({ cookie: alice.cookie }, made.body.id);
    expect(gone.status).toBe(204);
    expect(gone.body).toBeNull();
    expect((await list({ cookie: alice.cookie })).body.tokens).toEqual([]);
    expect((await run(t, listSpacesHandler, request("/api/spaces", { bearer: made.body.token }))).status).toBe(401);
    expect((await revoke({ cookie: alice.cookie }, made.body.id)).status).toBe(404);
  });

  it("refuses every token action made with a bearer token (403)", async () => {
    const { token, id } = await createApiToken(t.deps, alice.actor, { name: "leaked" });
    const minted = await create({ bearer: token }, { name: "more" });
    expect(minted.status).toBe(403);
    expect(minted.body.error.code).toBe("forbidden");
    expect((await list({ bearer: token })).status).toBe(403);
    expect((await revoke({ bearer: token }, id)).status).toBe(403);
    // Even with a session cookie alongside: the token is what authenticated the request.
    expect((await create({ bearer: token, cookie: alice.cookie }, { name: "more" })).status).toBe(403);
    expect(await t.deps.db.apiToken.count({ where: { userId: alice.userId } })).toBe(1 + 1); // "laptop" + "leaked"
  });

  it("keeps each user's tokens to themselves", async () => {
    const { id } = await createApiToken(t.deps, alice.actor, { name: "alice-only" });
    expect((await list({ cookie: bob.cookie })).body.tokens).toEqual([]);
    expect((await revoke({ cookie: bob.cookie }, id)).status).toBe(404);
    expect((await t.deps.db.apiToken.findUniqueOrThrow({ where: { id } })).revokedAt).toBeNull();
  });

  it("needs a name and a signed-in caller", async () => {
    expect((await create({ cookie: alice.cookie }, { name: "   " })).status).toBe(400);
    expect((await create({ cookie: alice.cookie }, {})).status).toBe(400);
    expect((await create({}, { name: "x" })).status).toBe(401);
    expect((await list({})).status).toBe(401);
  });
});
