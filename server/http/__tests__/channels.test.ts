// Channels over HTTP (server/http/channels.ts): create, settings and archive, members, the
// channel browser and joining, with cookies and API tokens; the changes reach members' sockets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/limits";
import { startTestServer, waitFor, type TestServer, type TestUser } from "@/server/testing/test-server";
import { request, run } from "@/server/testing/http";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { addMembersHandler, browseChannelsHandler, createChannelHandler, joinPublicChannelHandler, removeMemberHandler, updateSpaceHandler } from "../channels";
import { sendMessageHandler } from "../send-message";

let t: TestServer;
let ada: TestUser;
let ben: TestUser;
let cleo: TestUser;
let benToken: string;

beforeAll(async () => {
  t = await startTestServer();
  ada = await t.user("Ada");
  ben = await t.user("Ben");
  cleo = await t.user("Cleo");
  benToken = (await createApiToken(t.deps, ben.actor, { name: "bot" })).token;
});
afterAll(() => t?.close());

const create = (cookie: string | undefined, body: unknown) => run(t, createChannelHandler, request("/api/spaces", { method: "POST", cookie, body }));
const patch = (cookie: string | undefined, id: string, body: unknown) =>
  run(t, updateSpaceHandler, request(`/api/spaces/${id}`, { method: "PATCH", cookie, body }), { id });
const join = (opts: { cookie?: string; bearer?: string }, id: string) =>
  run(t, joinPublicChannelHandler, request(`/api/spaces/${id}/join`, { method: "POST", ...opts }), { id });
const browse = (opts: { cookie?: string; bearer?: string }, query = "") => run(t, browseChannelsHandler, request(`/api/channels${query}`, opts));

describe("channels API", () => {
  it("Ada creates a public channel; Ben (API token) finds it and joins; Ada's socket hears it", async () => {
    const created = await create(ada.cookie, { name: "Launch Room", topic: "Friday", visibility: "public" });
    expect(created.status).toBe(201);
    const id = created.body.space.id as string;
    expect(created.body.space).toMatchObject({ name: "launch-room", topic: "Friday", visibility: "public" });

    const listed = await browse({ bearer: benToken }, "?public=true&q=launch");
    expect(listed.status).toBe(200);
    expect(listed.body.channels).toEqual([expect.objectContaining({ id, name: "launch-room", memberCount: 1, joined: false })]);

    const a = await ada.connect();
    const heard = waitFor(a, "space:updated");
    const joined = await join({ bearer: benToken }, id);
    expect(joined.status).toBe(200);
    expect(joined.body.space.members).toHaveLength(2);
    expect((await heard).spaceId).toBe(id);
  });

  it("PATCH changes topic, description, visibility and name, and archives: posting is then 409 archived", async () => {
    const id = (await create(ada.cookie, { name: "patchable" })).body.space.id as string;
    const res = await patch(ada.cookie, id, { topic: "t", description: "d", visibility: "public", name: "patched" });
    expect(res.status).toBe(200);
    expect(res.body.space).toMatchObject({ name: "patched", topic: "t", description: "d", visibility: "public" });
    expect((await patch(ada.cookie, id, { archived: true })).body.space.archived).toBe(true);
    const post = await run(t, sendMessageHandler, request(`/api/spaces/${id}/messages`, { cookie: ada.cookie, body: { text: "hello?" } }), { id });
    expect(post.status).toBe(409);
    expect(post.body.error.code).toBe("archived");
    expect((await patch(ada.cookie, id, { archived: false })).body.space.archived).toBe(false);
  });

  it("members: POST adds, DELETE removes (owner), each a line in the channel", async () => {
    const space = await createChannel(t.deps, ada.actor, { name: "crew" });
    const added = await run(t, addMembersHandler, request(`/api/spaces/${space.id}/members`, { cookie: ada.cookie, body: { entityIds: [ben.entityId] } }), {
      id: space.id,
    });
    expect(added.status).toBe(200);
    expect(added.body.space.members.map((m: { name: string }) => m.name).sort()).toEqual(["Ada", "Ben"]);
    const removed = await run(t, removeMemberHandler, request(`/api/spaces/${space.id}/members/${ben.entityId}`, { method: "DELETE", cookie: ada.cookie }), {
      id: space.id,
      entityId: ben.entityId,
    });
    expect(removed.status).toBe(204);
    const lines = await t.deps.db.message.findMany({ where: { spaceId: space.id, kind: "system" }, orderBy: { seq: "asc" } });
    expect(lines.map((l) => l.text)).toEqual(["Ada added Ben", "Ada removed Ben"]);
  });

  it("attack: 401 signed out; private channel by id is 404; non-owner PATCH is 403; bad bodies are 400 naming the field", async () => {
    const secret = await createChannel(t.deps, ada.actor, { name: "hush", memberIds: [ben.entityId] });
    expect((await create(undefined, { name: "x" })).status).toBe(401);
    expect((await browse({})).status).toBe(401);
    expect((await join({ cookie: cleo.cookie }, secret.id)).status).toBe(404);
    expect((await join({ cookie: cleo.cookie }, "made-up")).body.error).toEqual({ code: "not_found", message: "Space not found or you are not a member" });
    expect((await browse({ cookie: cleo.cookie }, "?q=hush")).body.channels).toEqual([]);
    expect((await patch(ben.cookie, secret.id, { topic: "mine" })).status).toBe(403);
    expect((await patch(cleo.cookie, secret.id, { archived: true })).status).toBe(404);
    const bad = await patch(ada.cookie, secret.id, { visibility: "everyone" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("visibility");
    expect((await patch(ada.cookie, secret.id, {})).status).toBe(400);
    expect((await patch(ada.cookie, secret.id, { owner: ben.entityId })).status).toBe(400);
    expect((await create(ada.cookie, { name: "" })).status).toBe(400);
    expect((await create(ada.cookie, { name: "x", visibility: "hidden" })).status).toBe(400);
    expect((await browse({ cookie: ada.cookie }, `?q=${"x".repeat(81)}`)).status).toBe(400);
    expect((await browse({ cookie: ada.cookie }, "?public=maybe")).status).toBe(400);
    const oversized = await patch(ada.cookie, secret.id, { description: "x".repeat(1001) });
    expect(oversized.status).toBe(400);
    expect(oversized.body.error.fields).toHaveProperty("description");
  });

  it("attack: channel creation and joins are rate limited (429 with Retry-After)", async () => {
    const flood = await t.user("Flood");
    for (let i = 0; i < RATE_LIMITS.channelsPerUser.points; i++) await create(flood.cookie, { name: `flood-${i}` });
    const refused = await create(flood.cookie, { name: "one-more" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    for (let i = 0; i < RATE_LIMITS.publicJoinsPerUser.points; i++) await join({ cookie: flood.cookie }, "nope");
    expect((await join({ cookie: flood.cookie }, "nope")).status).toBe(429);
  });
});
