// GET /api/messages/:id/chain: signed in (cookie or token), readable messages only, rate limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/limits";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { request, run } from "@/server/testing/http";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";
import { getChainHandler } from "../chains";

let t: TestServer;
let ada: TestUser;
let ben: TestUser;
let messageId: string;

beforeAll(async () => {
  t = await startTestServer();
  ada = await t.user("Ada");
  ben = await t.user("Ben");
  const space = await createChannel(t.deps, ada.actor, { name: "private-plans" });
  messageId = (await sendMessage(t.deps, ada.actor, { spaceId: space.id, text: "only for Ada" })).message.id;
});
afterAll(() => t?.close());

const get = (id: string, auth: { cookie?: string; bearer?: string }) => run(t, getChainHandler, request(`/api/messages/${id}/chain`, auth), { id });

describe("chain API", () => {
  it("answers a reader with the tree, by cookie or API token", async () => {
    const res = await get(messageId, { cookie: ada.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ root: { id: messageId, text: "only for Ada", decisions: [] }, nodes: 1, truncated: false });
    const { token } = await createApiToken(t.deps, ada.actor, { name: "ci" });
    expect((await get(messageId, { bearer: token })).status).toBe(200);
  });

  it("401 without sign-in; 404 for a message the caller cannot read, as for one that does not exist; 400 for a malformed id", async () => {
    expect((await get(messageId, {})).status).toBe(401);
    const hidden = await get(messageId, { cookie: ben.cookie });
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain("only for Ada");
    expect((await get("no-such-message", { cookie: ben.cookie })).body.error.code).toBe("not_found");
    expect((await get("x".repeat(100), { cookie: ada.cookie })).status).toBe(400);
  });

  it("is rate limited per user (429 with Retry-After)", async () => {
    const flo = await t.user("Flo");
    for (let i = 0; i < RATE_LIMITS.chainViewsPerUser.points; i++) expect((await get(messageId, { cookie: flo.cookie })).status).toBe(404);
    const refused = await get(messageId, { cookie: flo.cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await get(messageId, { cookie: ada.cookie })).status).toBe(200);
  });
});
