// The messages API called as Next would call it, against a real database and a live
// Socket.IO server: listing, paging, sending (idempotent, by token, broadcast), reading.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, waitFor, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { MAX_MESSAGE_LENGTH, MAX_PAGE_SIZE } from "@/lib/limits";
import type { MessageDto } from "@/lib/realtime/dto";
import { listSpacesHandler } from "../list-spaces";
import { listMessagesHandler } from "../list-messages";
import { sendMessageHandler } from "../send-message";
import { markReadHandler } from "../mark-read";
import { request, run } from "@/server/testing/http";

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser; // not a member of the spaces below
let spaceId: string;

beforeAll(async () => {
  t = await startTestServer();
  [alice, bob, carol] = [await t.user("Alice"), await t.user("Bob"), await t.user("Carol")];
  spaceId = (await createChannel(t.deps, alice.actor, { name: "general", memberIds: [bob.entityId] })).id;
});
afterAll(() => t?.close());

const post = (as: { cookie?: string; bearer?: string }, body: unknown, id = spaceId) =>
  run(t, sendMessageHandler, request(`/api/spaces/${id}/messages`, { ...as, body }), { id });
const history = (as: TestUser, query = "", id = spaceId) =>
  run(t, listMessagesHandler, request(`/api/spaces/${id}/messages${query}`, { cookie: as.cookie }), { id });

describe("GET /api/spaces", () => {
  it("lists the caller's spaces with unread counts", async () => {
    const space = await createChannel(t.deps, alice.actor, { name: "unread", memberIds: [bob.entityId] });
    for (const text of ["one", "two", "three"]) expect((await post({ cookie: alice.cookie }, { text }, space.id)).status).toBe(201);
    const unread = async (u: TestUser) => {
      const res = await run(t, listSpacesHandler, request("/api/spaces", { cookie: u.cookie }));
      expect(res.status).toBe(200);
      return res.body.spaces.find((s: { id: string }) => s.id === space.id)?.unreadCount;
    };
    expect(await unread(bob)).toBe(3);
    expect(await unread(alice)).toBe(0); // own messages are read
    expect(await unread(carol)).toBeUndefined();
  });
});

describe("GET /api/spaces/:id/messages", () => {
  let longId: string;
  beforeAll(async () => {
    // 210 rows written directly: only paging is under test here, not sending.
    longId = (await createChannel(t.deps, alice.actor, { name: "long" })).id;
    await t.deps.db.message.createMany({
      data: Array.from({ length: 210 }, (_, i) => ({ spaceId: longId, seq: i + 1, senderId: alice.entityId, text: `m${i + 1}` })),
    });
    await t.deps.db.space.update({ where: { id: longId }, data: { lastSeq: 210 } });
  });
  const texts = (ms: MessageDto[]) => ms.map((m) => m.text);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);

  it("pages back by seq, oldest first, 50 by default", async () => {
    const p1 = await history(alice, "", longId);
    expect(p1.status).toBe(200);
    expect(texts(p1.body.messages)).toEqual(range(161, 210));
    expect(p1.body.hasMore).toBe(true);
    const p2 = await history(alice, `?before=${p1.body.messages[0].seq}&limit=20`, longId);
    expect(texts(p2.body.messages)).toEqual(range(141, 160));
    const last = await history(alice, "?before=6", longId);
    expect(texts(last.body.messages)).toEqual(range(1, 5));
    expect(last.body.hasMore).toBe(false);
  });

  it("clamps a limit above the maximum instead of refusing it", async () => {
    const res = await history(alice, "?limit=5000", longId);
    expect(res.status).toBe(200);
    expect(res.body.messages).toHaveLength(MAX_PAGE_SIZE);
    expect(res.body.hasMore).toBe(true);
    const huge = await history(alice, "?before=99999999999999&limit=1", longId);
    expect(texts(huge.body.messages)).toEqual(["m210"]);
  });

  it.each(["?limit=0", "?limit=abc", "?limit=", "?before=-1", "?before=1.5", "?before=1e3", "?limit=10&before=x"])("refuses %s with 400", async (query) => {
    const res = await history(alice, query, longId);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
  });

  it("answers 404 to a non-member and for an unknown space", async () => {
    expect((await history(carol)).body).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    expect((await history(carol)).status).toBe(404);
    expect((await history(alice, "", "no-such-space")).status).toBe(404);
  });
});

describe("POST /api/spaces/:id/messages", () => {
  it("answers 201, then 200 with the same message for the same clientMessageId", async () => {
    const first = await post({ cookie: alice.cookie }, { text: "once", clientMessageId: "http-k1" });
    expect(first.status).toBe(201);
    expect(first.body.message).toMatchObject({ text: "once", spaceId, sender: { id: alice.entityId } });
    const again = await post({ cookie: alice.cookie }, { text: "once", clientMessageId: "http-k1" });
    expect(again.status).toBe(200);
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(await t.deps.db.message.count({ where: { clientMessageId: "http-k1" } })).toBe(1);
  });

  it("sends with an API token and reaches another member's socket live", async () => {
    const { token } = await createApiToken(t.deps, alice.actor, { name: "bot" });
    const b = await bob.connect();
    const received = waitFor(b, "message:new");
    const res = await post({ bearer: token }, { text: "from a script" });
    expect(res.status).toBe(201);
    const got = await received;
    expect(got.message.id).toBe(res.body.message.id);
    expect(got.message).toMatchObject({ text: "from a script", sender: { id: alice.entityId, name: "Alice" } });
  });

  it("answers 400 to a NUL character in the body or the query, and stores nothing", async () => {
    const sent = await post({ cookie: alice.cookie }, { text: "before\u0000after" });
    expect(sent.status).toBe(400);
    expect(sent.body.error.message).toContain("NUL");
    expect(await t.deps.db.message.count({ where: { text: { startsWith: "before" } } })).toBe(0);
    expect((await history(alice, "?before=%00")).status).toBe(400);
  });

  it("ignores a forged senderId: the sender is always the caller", async () => {
    const res = await post({ cookie: bob.cookie }, { text: "it's me", senderId: alice.entityId, spaceId: "elsewhere" });
    expect(res.status).toBe(201);
    expect(res.body.message.sender.id).toBe(bob.entityId);
    expect(res.body.message.spaceId).toBe(spaceId);
  });

  it("answers 404 to a non-member and stores nothing", async () => {
    const res = await post({ cookie: carol.cookie }, { text: "let me in" });
    expect(res.status).toBe(404);
    expect(await t.deps.db.message.count({ where: { text: "let me in" } })).toBe(0);
  });

  it("answers 413 to text over the length limit and 400 to an empty one", async () => {
    const long = await post({ cookie: alice.cookie }, { text: "x".repeat(MAX_MESSAGE_LENGTH + 1) });
    expect(long.status).toBe(413);
    expect(long.body.error.code).toBe("payload_too_large");
    expect((await post({ cookie: alice.cookie }, { text: "   " })).status).toBe(400);
    expect((await post({ cookie: alice.cookie }, { text: 42 })).body.error.message).toMatch(/^text: /);
  });

  it("accepts a reply and refuses a reply to a message of another space", async () => {
    const parent = await post({ cookie: alice.cookie }, { text: "parent" });
    const reply = await post({ cookie: bob.cookie }, { text: "child", replyToMessageId: parent.body.message.id });
    expect(reply.body.message.replyTo).toMatchObject({ id: parent.body.message.id, text: "parent" });
    const other = await createChannel(t.deps, alice.actor, { name: "other" });
    const bad = await post({ cookie: alice.cookie }, { text: "x", replyToMessageId: parent.body.message.id }, other.id);
    expect(bad.status).toBe(400);
  });
});

describe("POST /api/spaces/:id/read", () => {
  it("moves the cursor forward only and tells the other members", async () => {
    const space = await createChannel(t.deps, alice.actor, { name: "reads", memberIds: [bob.entityId] });
    const sent: MessageDto[] = [];
    for (const text of ["r1", "r2", "r3"]) sent.push((await post({ cookie: alice.cookie }, { text }, space.id)).body.message);
    const mark = (m: MessageDto) =>
      run(t, markReadHandler, request(`/api/spaces/${space.id}/read`, { cookie: bob.cookie, body: { lastMessageId: m.id } }), { id: space.id });

    const a = await alice.connect();
    const seen = waitFor(a, "read:updated");
    const forward = await mark(sent[1]!);
    expect(forward.status).toBe(200);
    expect(forward.body).toEqual({ spaceId: space.id, entityId: bob.entityId, lastSeenSeq: sent[1]!.seq, lastSeenMessageId: sent[1]!.id });
    expect(await seen).toMatchObject({ entityId: bob.entityId, lastSeenSeq: sent[1]!.seq });

    const back = await mark(sent[0]!);
    expect(back.status).toBe(200);
    expect(back.body.lastSeenSeq).toBe(sent[1]!.seq);
  });

  it("refuses a message of another space (400) and a non-member (404)", async () => {
    const other = await createChannel(t.deps, alice.actor, { name: "reads-2" });
    const elsewhere = (await post({ cookie: alice.cookie }, { text: "over there" }, other.id)).body.message as MessageDto;
    const mark = (u: TestUser) =>
      run(t, markReadHandler, request(`/api/spaces/${spaceId}/read`, { cookie: u.cookie, body: { lastMessageId: elsewhere.id } }), { id: spaceId });
    expect((await mark(alice)).status).toBe(400);
    expect((await mark(carol)).status).toBe(404);
  });
});
