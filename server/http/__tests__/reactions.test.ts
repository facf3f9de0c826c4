// POST / DELETE /api/messages/:id/reactions called as Next would call them, against a real
// database and a live Socket.IO server: cookie and bearer, live to another member, and the
// attacks (no credentials, another site, a non-member, bad and oversized emoji, too many).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, waitFor, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { MAX_BODY_BYTES, RATE_LIMITS } from "@/lib/limits";
import { addReactionHandler, removeReactionHandler } from "../reactions";
import { request, run, type RequestOptions } from "@/server/testing/http";

let t: TestServer;
let ada: TestUser;
let ben: TestUser;
let eve: TestUser; // not a member
let spaceId: string;

beforeAll(async () => {
  t = await startTestServer();
  [ada, ben, eve] = [await t.user("Ada"), await t.user("Ben"), await t.user("Eve")];
  spaceId = (await createChannel(t.deps, ada.actor, { name: "general", memberIds: [ben.entityId] })).id;
});
afterAll(() => t?.close());

const post = async (text = "hello") => (await sendMessage(t.deps, ada.actor, { spaceId, text })).message;
const react = (id: string, opts: RequestOptions, method: "POST" | "DELETE" = "POST") =>
  run(t, method === "POST" ? addReactionHandler : removeReactionHandler, request(`/api/messages/${id}/reactions`, { method, ...opts }), { id });

describe("POST / DELETE /api/messages/:id/reactions", () => {
  it("adds with the session cookie and removes with an API token, live to another member", async () => {
    const m = await post();
    const b = await ben.connect();
    const live = waitFor(b, "reaction:updated");
    const added = await react(m.id, { cookie: ada.cookie, body: { emoji: "🎉" } });
    expect(added).toMatchObject({ status: 200, body: { reactions: [{ emoji: "🎉", count: 1, entityIds: [ada.entityId] }] } });
    expect(await live).toEqual({ spaceId, messageId: m.id, reactions: added.body.reactions });

    const { token } = await createApiToken(t.deps, ada.actor, { name: "script" });
    const gone = waitFor(b, "reaction:updated");
    const removed = await react(m.id, { bearer: token, body: { emoji: "🎉" } }, "DELETE");
    expect(removed).toMatchObject({ status: 200, body: { reactions: [] } });
    expect((await gone).reactions).toEqual([]);
  });

  it("answers 401 without credentials and 403 to a cookie request from another site", async () => {
    const m = await post();
    expect((await react(m.id, { body: { emoji: "👍" } })).status).toBe(401);
    const crossSite = await react(m.id, {
      cookie: ada.cookie,
      body: { emoji: "👍" },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(await t.deps.db.reaction.count({ where: { messageId: m.id } })).toBe(0);
  });

  it("answers a non-member 404, the same as for no such message", async () => {
    const m = await post();
    const refused = await react(m.id, { cookie: eve.cookie, body: { emoji: "👍" } });
    const missing = await react("no-such-message", { cookie: eve.cookie, body: { emoji: "👍" } });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(missing.body);
    expect((await react(m.id, { cookie: eve.cookie, body: { emoji: "👍" } }, "DELETE")).status).toBe(404);
  });

  it("answers 400 to what is not an emoji or not JSON, 413 to an oversized emoji or body, storing nothing", async () => {
    const m = await post();
    for (const body of [{ emoji: "hello" }, { emoji: "" }, { emoji: 1 }, {}, [], { emoji: ["👍"] }])
      expect((await react(m.id, { cookie: ada.cookie, body })).status).toBe(400);
    expect((await react(m.id, { cookie: ada.cookie, raw: "emoji=👍", headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(400);
    expect((await react(m.id, { cookie: ada.cookie, body: { emoji: "👍".repeat(40) } })).status).toBe(413);
    expect((await react(m.id, { cookie: ada.cookie, body: { emoji: "👍", pad: "x".repeat(MAX_BODY_BYTES) } })).status).toBe(413);
    expect(await t.deps.db.reaction.count({ where: { messageId: m.id } })).toBe(0);
  });

  it("answers 409 for a deleted message", async () => {
    const m = await post();
    await t.deps.db.message.update({ where: { id: m.id }, data: { deletedAt: new Date() } });
    expect((await react(m.id, { cookie: ada.cookie, body: { emoji: "👍" } })).status).toBe(409);
  });

  it("answers 429 with Retry-After past the rate limit", async () => {
    const m = await post();
    const statuses = [];
    for (let i = 0; i < RATE_LIMITS.reactionsPerEntity.points + 1; i++)
      statuses.push((await react(m.id, { cookie: ben.cookie, body: { emoji: "👀" } }, i % 2 ? "DELETE" : "POST")).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const last = await react(m.id, { cookie: ben.cookie, body: { emoji: "👀" } });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
