// PATCH / DELETE /api/messages/:id called as Next would call them, against a real database and a
// live Socket.IO server: cookies and bearer tokens, who may, validation, limits, the broadcast.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, waitFor, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { sendMessage } from "@/server/domain/messages/send-message";
import { MAX_MESSAGE_LENGTH, RATE_LIMITS } from "@/lib/limits";
import { request, run } from "@/server/testing/http";
import { deleteMessageHandler, editMessageHandler } from "../message-changes";

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser; // not a member
let spaceId: string;

beforeAll(async () => {
  t = await startTestServer({ unlimited: ["messagesPerUser"] });
  [alice, bob, carol] = [await t.user("Alice"), await t.user("Bob"), await t.user("Carol")];
  spaceId = (await createChannel(t.deps, alice.actor, { name: "general", memberIds: [bob.entityId] })).id;
});
afterAll(() => t?.close());

const say = async (as: TestUser, text: string) => (await sendMessage(t.deps, as.actor, { spaceId, text })).message;
const patch = (as: { cookie?: string; bearer?: string }, id: string, body: unknown) =>
  run(t, editMessageHandler, request(`/api/messages/${id}`, { ...as, method: "PATCH", body }), { id });
const del = (as: { cookie?: string; bearer?: string }, id: string) =>
  run(t, deleteMessageHandler, request(`/api/messages/${id}`, { ...as, method: "DELETE" }), { id });

describe("PATCH /api/messages/:id", () => {
  it("edits the caller's message (cookie or bearer token) and broadcasts message:updated", async () => {
    const m = await say(alice, "draft");
    const b = await bob.connect();
    const live = waitFor(b, "message:updated");
    const res = await patch({ cookie: alice.cookie }, m.id, { text: "final" });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ id: m.id, text: "final", editedAt: expect.any(String), deletedAt: null });
    expect((await live).message.text).toBe("final");
    const { token } = await createApiToken(t.deps, alice.actor, { name: "cli" });
    expect((await patch({ bearer: token }, m.id, { text: "by token" })).body.message.text).toBe("by token");
  });

  it("401 without credentials; 403 for another's message; 404 for a non-member", async () => {
    const m = await say(alice, "alice only");
    expect((await patch({}, m.id, { text: "x" })).status).toBe(401);
    expect((await patch({ cookie: bob.cookie }, m.id, { text: "x" })).status).toBe(403);
    expect((await patch({ cookie: carol.cookie }, m.id, { text: "x" })).status).toBe(404);
    expect((await t.deps.db.message.findUniqueOrThrow({ where: { id: m.id } })).text).toBe("alice only");
  });

  it("400 for empty or malformed bodies, 413 for oversized text", async () => {
    const m = await say(alice, "fine");
    expect((await patch({ cookie: alice.cookie }, m.id, { text: " " })).status).toBe(400);
    expect((await patch({ cookie: alice.cookie }, m.id, { text: 5 })).status).toBe(400);
    expect((await patch({ cookie: alice.cookie }, m.id, ["text"])).status).toBe(400);
    expect((await patch({ cookie: alice.cookie }, m.id, { text: "x".repeat(MAX_MESSAGE_LENGTH + 1) })).status).toBe(413);
  });
});

describe("DELETE /api/messages/:id", () => {
  it("the author deletes: 200 with the placeholder state, text gone from the database", async () => {
    const m = await say(bob, "oops");
    const res = await del({ cookie: bob.cookie }, m.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ id: m.id, text: "", deletedAt: expect.any(String), sender: { id: bob.entityId } });
    expect((await t.deps.db.message.findUniqueOrThrow({ where: { id: m.id } })).text).toBe("");
  });

  it("403 for a member who is neither author, owner nor admin; 404 for a non-member; the owner may", async () => {
    const m = await say(alice, "owner's");
    expect((await del({ cookie: bob.cookie }, m.id)).status).toBe(403);
    expect((await del({ cookie: carol.cookie }, m.id)).status).toBe(404);
    const n = await say(bob, "bob's");
    expect((await del({ cookie: alice.cookie }, n.id)).status).toBe(200);
  });

  it("429 with Retry-After past the shared edit/delete limit", async () => {
    const { points } = RATE_LIMITS.messageChangesPerUser;
    const dan = await t.user("Dan");
    const room = (await createChannel(t.deps, dan.actor, { name: "dan" })).id;
    const m = (await sendMessage(t.deps, dan.actor, { spaceId: room, text: "v0" })).message;
    for (let i = 1; i <= points; i++) expect((await patch({ cookie: dan.cookie }, m.id, { text: `v${i}` })).status).toBe(200);
    const over = await del({ cookie: dan.cookie }, m.id);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await t.deps.db.message.findUniqueOrThrow({ where: { id: m.id } })).deletedAt).toBeNull();
  });
});
