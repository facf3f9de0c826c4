// Threads through real Socket.IO clients and the HTTP handlers, on a real database: replies
// keep the space's seq, the root's summary stays right under concurrent replies, followers get
// unread counts, and every refusal (not a member, root elsewhere, nested, system line,
// malformed, too large, rate limited) carries its code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startTestServer, call, waitFor, TEST_REDIS_URL, type TestServer, type TestUser, type ClientSocket } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { addMembers } from "@/server/domain/spaces/add-members";
import { sendMessage } from "@/server/domain/messages/send-message";
import { MAX_MESSAGE_LENGTH, RATE_LIMITS } from "@/lib/limits";
import type { MessageDto } from "@/lib/realtime/dto";
import { request, run } from "@/server/testing/http";
import { getThreadHandler, listThreadsHandler, markThreadReadHandler } from "@/server/http/threads";
import { sendMessageHandler } from "@/server/http/send-message";

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser; // in "other" only
let spaceId: string;
let otherId: string;

beforeAll(async () => {
  t = await startTestServer({ unlimited: ["messagesPerUser"] });
  [alice, bob, carol] = [await t.user("Alice"), await t.user("Bob"), await t.user("Carol")];
  spaceId = (await createChannel(t.deps, alice.actor, { name: "general", memberIds: [bob.entityId] })).id;
  otherId = (await createChannel(t.deps, alice.actor, { name: "other", memberIds: [carol.entityId] })).id;
});
afterAll(() => t?.close());

const send = (s: ClientSocket, payload: Record<string, unknown>) => call(s, "message:send", { spaceId, ...payload });
const sent = async (s: ClientSocket, payload: Record<string, unknown>): Promise<MessageDto> => {
  const ack = await send(s, payload);
  if (!ack.ok) throw new Error(`${ack.error.code}: ${ack.error.message}`);
  return ack.data.message;
};

describe("replying in a thread", () => {
  it("a reply reaches the other member live with its root, then the root's new summary; the thread reads back in seq order", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    await Promise.all([call(a, "space:join", { spaceId }), call(b, "space:join", { spaceId })]);
    const root = await sent(a, { text: "Shall we ship Friday?" });
    expect(root.threadRootId).toBeNull();
    expect(root.thread).toBeNull();

    const live = waitFor(a, "message:new");
    const summary = waitFor(a, "thread:updated");
    const reply = await sent(b, { text: "Yes, after the review", threadRootId: root.id });
    expect(reply.threadRootId).toBe(root.id);
    expect(reply.seq).toBe(root.seq + 1); // the space's own seq
    expect((await live).message.id).toBe(reply.id);
    expect(await summary).toEqual({ spaceId, rootId: root.id, thread: { replyCount: 1, lastReplyAt: reply.createdAt, participantIds: [bob.entityId] } });

    await sent(a, { text: "Great", threadRootId: root.id });
    const page = await call(b, "thread:get", { rootId: root.id });
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(page.data.root.thread).toMatchObject({ replyCount: 2, participantIds: [bob.entityId, alice.entityId] });
    expect(page.data.replies.map((m) => m.text)).toEqual(["Yes, after the review", "Great"]);
    expect(page.data.hasMore).toBe(false);
  });

  it("'also send to channel' is a flag on the reply", async () => {
    const a = await alice.connect();
    const root = await sent(a, { text: "root for also" });
    const reply = await sent(a, { text: "both places", threadRootId: root.id, alsoInChannel: true });
    expect(reply.alsoInChannel).toBe(true);
    const plain = await sent(a, { text: "thread only", threadRootId: root.id });
    expect(plain.alsoInChannel).toBeUndefined();
  });

  it("concurrent replies all count on the root", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const root = await sent(a, { text: "count me" });
    await Promise.all(Array.from({ length: 10 }, (_, i) => sent(i % 2 ? a : b, { text: `r${i}`, threadRootId: root.id })));
    const row = await t.deps.db.message.findUniqueOrThrow({ where: { id: root.id } });
    expect(row.threadReplyCount).toBe(10);
    expect(new Set(row.threadParticipantIds)).toEqual(new Set([alice.entityId, bob.entityId]));
    expect(await t.deps.db.message.count({ where: { threadRootId: root.id } })).toBe(10);
  });

  it("a retried reply (same clientMessageId) is stored and counted once", async () => {
    const a = await alice.connect();
    const root = await sent(a, { text: "idempotent root" });
    const acks = await Promise.all(Array.from({ length: 5 }, () => send(a, { text: "once", threadRootId: root.id, clientMessageId: "thread-dup" })));
    expect(new Set(acks.map((x) => (x.ok ? x.data.message.id : "error"))).size).toBe(1);
    expect((await t.deps.db.message.findUniqueOrThrow({ where: { id: root.id } })).threadReplyCount).toBe(1);
  });

  it("reconnect catch-up (messages:since) delivers thread replies once each, in seq order", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const root = await sent(a, { text: "while you were away" });
    b.disconnect();
    for (const text of ["r1", "r2"]) await sent(a, { text, threadRootId: root.id });
    await sent(a, { text: "channel line" });
    const b2 = await bob.connect();
    const since = await call(b2, "messages:since", { spaceId, afterSeq: root.seq });
    expect(since.ok).toBe(true);
    if (!since.ok) return;
    expect(since.data.messages.map((m) => [m.text, m.threadRootId])).toEqual([
      ["r1", root.id],
      ["r2", root.id],
      ["channel line", null],
    ]);
  });
});

describe("refusals", () => {
  let root: MessageDto;
  let a: ClientSocket;
  beforeAll(async () => {
    a = await alice.connect();
    root = await sent(a, { text: "a root" });
  });

  it("a root in another space, a reply as root, a system line as root: bad_request, nothing stored", async () => {
    const elsewhere = (await sendMessage(t.deps, alice.actor, { spaceId: otherId, text: "over there" })).message;
    const before = await t.deps.db.space.findUniqueOrThrow({ where: { id: spaceId } });
    expect(await send(a, { text: "x", threadRootId: elsewhere.id })).toMatchObject({
      ok: false,
      error: { code: "bad_request", message: expect.stringMatching(/not in this space/) },
    });
    const reply = await sent(a, { text: "a reply", threadRootId: root.id });
    expect(await send(a, { text: "nested", threadRootId: reply.id })).toMatchObject({
      ok: false,
      error: { code: "bad_request", message: expect.stringMatching(/cannot start a thread/) },
    });
    await addMembers(t.deps, alice.actor, { spaceId, entityIds: [carol.entityId] });
    const system = await t.deps.db.message.findFirstOrThrow({ where: { spaceId, kind: "system" }, orderBy: { seq: "desc" } });
    expect(await send(a, { text: "on a notice", threadRootId: system.id })).toMatchObject({
      ok: false,
      error: { code: "bad_request", message: expect.stringMatching(/system line/) },
    });
    expect(await send(a, { text: "x", threadRootId: "no-such-message" })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await send(a, { text: "x", threadRootId: root.id, replyToMessageId: root.id })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await send(a, { text: "x", alsoInChannel: true })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    // Only the reply and the membership line took seqs: every refusal rolled back whole.
    expect((await t.deps.db.space.findUniqueOrThrow({ where: { id: spaceId } })).lastSeq).toBe(before.lastSeq + 2);
    await t.deps.db.membership.deleteMany({ where: { spaceId, entityId: carol.entityId } });
  });

  it("a deleted root takes no more replies", async () => {
    const gone = await sent(a, { text: "soon deleted" });
    await t.deps.db.message.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect(await send(a, { text: "late", threadRootId: gone.id })).toMatchObject({ ok: false, error: { code: "bad_request" } });
  });

  it("a non-member can neither reply nor read the thread, and learns nothing about it", async () => {
    const c = await carol.connect();
    expect(await call(c, "message:send", { spaceId, text: "sneak", threadRootId: root.id })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(c, "thread:get", { rootId: root.id })).toMatchObject({ ok: false, error: { code: "not_found", message: "Thread not found" } });
    expect(await call(c, "thread:get", { rootId: "nope" })).toMatchObject({ ok: false, error: { code: "not_found", message: "Thread not found" } });
    expect(await call(c, "thread:read", { rootId: root.id, seq: 5 })).toMatchObject({ ok: false, error: { code: "not_found" } });
    const res = await run(t, getThreadHandler, request(`/api/messages/${root.id}/thread`, { cookie: carol.cookie }), { id: root.id });
    expect(res.status).toBe(404);
  });

  it("malformed and oversized events get error acks, the socket stays up", async () => {
    expect(await call(a, "thread:get", { rootId: 42 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "thread:get", { rootId: root.id, afterSeq: 1, beforeSeq: 9 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "thread:get", { rootId: root.id, limit: 10_000 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "thread:read", { rootId: root.id, seq: -1 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    // Seqs are 32-bit: a larger one is malformed input, not a database error.
    expect(await call(a, "thread:read", { rootId: root.id, seq: 2 ** 31 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "thread:get", { rootId: root.id, afterSeq: 2 ** 40 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "messages:changed", { spaceId, fromSeq: 2 ** 40, toSeq: 2 ** 40 + 1 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "threads:list", { before: "yesterday" })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await send(a, { text: "x".repeat(MAX_MESSAGE_LENGTH + 1), threadRootId: root.id })).toMatchObject({
      ok: false,
      error: { code: "payload_too_large" },
    });
    expect(await send(a, { text: "x", threadRootId: "y".repeat(65) })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(a.connected).toBe(true);
  });

  it("thread reads are rate limited per user (rate_limited ack, then 429 over HTTP)", async () => {
    const limited = await startTestServer();
    try {
      const u = await limited.user("Dora");
      const s = await u.connect();
      const sid = (await createChannel(limited.deps, u.actor, { name: "x" })).id;
      const r = (await sendMessage(limited.deps, u.actor, { spaceId: sid, text: "root" })).message;
      const n = RATE_LIMITS.threadReadsPerUser.points;
      const acks = [];
      for (let i = 0; i < n + 2; i++) acks.push(await call(s, "thread:get", { rootId: r.id }));
      expect(acks.filter((x) => x.ok)).toHaveLength(n);
      expect(acks.at(-1)).toMatchObject({ ok: false, error: { code: "rate_limited" } });
      // HTTP counts per user account; spend it there too.
      let status = 0;
      for (let i = 0; i < n + 1 && status !== 429; i++) status = (await run(limited, listThreadsHandler, request("/api/threads", { cookie: u.cookie }))).status;
      expect(status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("over HTTP", () => {
  it("POST with threadRootId replies; GET /api/messages/:id/thread pages by seq; GET /api/threads lists unread; POST read clears it", async () => {
    const post = (u: TestUser, body: unknown) =>
      run(t, sendMessageHandler, request(`/api/spaces/${spaceId}/messages`, { cookie: u.cookie, body }), { id: spaceId });
    const root = (await post(alice, { text: "HTTP root" })).body.message as MessageDto;
    for (let i = 1; i <= 5; i++) expect((await post(bob, { text: `b${i}`, threadRootId: root.id, alsoInChannel: i === 5 })).status).toBe(201);
    expect((await post(bob, { text: "x", threadRootId: 7 })).status).toBe(400);

    const get = (q: string) => run(t, getThreadHandler, request(`/api/messages/${root.id}/thread${q}`, { cookie: alice.cookie }), { id: root.id });
    const newest = await get("?limit=2");
    expect(newest.body.replies.map((m: MessageDto) => m.text)).toEqual(["b4", "b5"]);
    expect(newest.body.hasMore).toBe(true);
    const older = await get(`?limit=2&beforeSeq=${newest.body.replies[0].seq}`);
    expect(older.body.replies.map((m: MessageDto) => m.text)).toEqual(["b2", "b3"]);
    const after = await get(`?afterSeq=${older.body.replies[1].seq}`);
    expect(after.body.replies.map((m: MessageDto) => m.text)).toEqual(["b4", "b5"]);
    expect(after.body.replies[1].alsoInChannel).toBe(true);
    expect((await get("?limit=0")).status).toBe(400);
    expect((await get("?afterSeq=1&beforeSeq=3")).status).toBe(400);

    const threads = async (u: TestUser) => (await run(t, listThreadsHandler, request("/api/threads", { cookie: u.cookie }))).body;
    const mine = await threads(alice);
    const entry = mine.threads.find((x: { root: MessageDto }) => x.root.id === root.id);
    expect(entry).toMatchObject({ spaceId, spaceName: "general", unreadCount: 5 });
    expect(mine.threads[0].root.id).toBe(root.id); // newest reply first
    expect((await threads(bob)).threads.find((x: { root: MessageDto }) => x.root.id === root.id).unreadCount).toBe(0);
    expect((await threads(carol)).threads.some((x: { root: MessageDto }) => x.root.id === root.id)).toBe(false);

    const read = await run(
      t,
      markThreadReadHandler,
      request(`/api/threads/${root.id}/read`, { cookie: alice.cookie, body: { seq: after.body.replies[1].seq } }),
      { id: root.id },
    );
    expect(read.body).toEqual({ rootId: root.id, lastReadSeq: after.body.replies[1].seq });
    expect((await threads(alice)).threads.find((x: { root: MessageDto }) => x.root.id === root.id).unreadCount).toBe(0);
    const bad = await run(t, markThreadReadHandler, request(`/api/threads/${root.id}/read`, { cookie: alice.cookie, body: { seq: "x" } }), { id: root.id });
    expect(bad.status).toBe(400);
    expect((await run(t, listThreadsHandler, request("/api/threads"))).status).toBe(401);
  });
});

describe("two processes", () => {
  it("a reply and the root's summary reach a member on the other process", async () => {
    const prefix = `parley-threads-${randomBytes(4).toString("hex")}`;
    const one = await startTestServer({ redis: { url: TEST_REDIS_URL, prefix } });
    const two = await startTestServer({ redis: { url: TEST_REDIS_URL, prefix }, database: one.database });
    try {
      const [ada, ben] = [await one.user("Ada"), await two.user("Ben")];
      const sid = (await createChannel(one.deps, ada.actor, { name: "across", memberIds: [ben.entityId] })).id;
      const [a, b] = [await ada.connect(), await ben.connect()];
      await Promise.all([call(a, "space:join", { spaceId: sid }), call(b, "space:join", { spaceId: sid })]);
      const root = await call(b, "message:send", { spaceId: sid, text: "root on two" });
      if (!root.ok) throw new Error("root refused");
      const live = waitFor(b, "message:new");
      const summary = waitFor(b, "thread:updated");
      expect((await call(a, "message:send", { spaceId: sid, text: "reply on one", threadRootId: root.data.message.id })).ok).toBe(true);
      expect((await live).message).toMatchObject({ text: "reply on one", threadRootId: root.data.message.id });
      expect((await summary).thread.replyCount).toBe(1);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
