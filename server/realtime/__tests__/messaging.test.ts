// Humans chatting through real Socket.IO clients against a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, call, waitFor, type TestServer, type TestUser, type ClientSocket } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import type { MessageDto } from "@/lib/realtime/dto";

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let spaceId: string;

beforeAll(async () => {
  // These tests post many messages per person in seconds; the limit has its own tests (attacks-limits).
  t = await startTestServer({ unlimited: ["messagesPerUser"] });
  alice = await t.user("Alice");
  bob = await t.user("Bob");
  spaceId = (await createChannel(t.deps, alice.actor, { name: "general", memberIds: [bob.entityId] })).id;
});
afterAll(() => t?.close());

const send = (s: ClientSocket, text: string, extra: Record<string, unknown> = {}) => call(s, "message:send", { spaceId, text, ...extra });

describe("live messages", () => {
  it("a message is acked to the sender and reaches the other member live", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const received = waitFor(b, "message:new");
    const ack = await send(a, "hello **bob**", { clientMessageId: "k-hello" });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const got = await received;
    expect(got.message.id).toBe(ack.data.message.id);
    expect(got.message.text).toBe("hello **bob**");
    expect(got.message.sender).toMatchObject({ id: alice.entityId, name: "Alice", type: "human" });
    expect(got.message.seq).toBeGreaterThan(0);
  });

  it("one socket's events are handled in the order it sent them (a burst holds one place in the database queue)", async () => {
    const a = await alice.connect();
    const acks = await Promise.all(Array.from({ length: 8 }, (_, i) => send(a, `burst ${i}`)));
    const seqs = acks.map((ack) => (ack.ok ? ack.data.message.seq : -1));
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(8);
  });

  it("everyone sees the same gap-free order under concurrent senders", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const seenByA: MessageDto[] = [];
    const seenByB: MessageDto[] = [];
    a.on("message:new", (p) => seenByA.push(p.message));
    b.on("message:new", (p) => seenByB.push(p.message));
    await Promise.all(Array.from({ length: 15 }, (_, i) => [send(a, `a${i}`), send(b, `b${i}`)]).flat());
    await expect.poll(() => seenByA.length + seenByB.length).toBe(60);
    const order = (list: MessageDto[]) => list.map((m) => m.seq);
    expect(order(seenByA)).toEqual(order(seenByB));
    const seqs = order(seenByA);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1]! + 1);
  });

  it("the same clientMessageId sent 10 times concurrently stores one message and acks it 10 times", async () => {
    const a = await alice.connect();
    const acks = await Promise.all(Array.from({ length: 10 }, () => send(a, "once", { clientMessageId: "dup-1" })));
    const ids = new Set(acks.map((x) => (x.ok ? x.data.message.id : "error")));
    expect(ids.size).toBe(1);
    expect(ids.has("error")).toBe(false);
    expect(await t.deps.db.message.count({ where: { clientMessageId: "dup-1" } })).toBe(1);
  });

  it("a reply carries the quoted message", async () => {
    const a = await alice.connect();
    const first = await send(a, "the original");
    if (!first.ok) throw new Error("send failed");
    const reply = await send(a, "my answer", { replyToMessageId: first.data.message.id });
    expect(reply.ok && reply.data.message.replyTo).toMatchObject({ id: first.data.message.id, text: "the original", senderName: "Alice" });
  });

  it("a reply to a message of another space is refused", async () => {
    const a = await alice.connect();
    const other = await createChannel(t.deps, alice.actor, { name: "elsewhere" });
    const there = await call(a, "message:send", { spaceId: other.id, text: "over here" });
    if (!there.ok) throw new Error("send failed");
    const before = await t.deps.db.space.findUniqueOrThrow({ where: { id: spaceId }, select: { lastSeq: true } });
    const ack = await send(a, "reply", { replyToMessageId: there.data.message.id });
    expect(ack).toMatchObject({ ok: false, error: { code: "bad_request" } });
    // Refused inside the storing statement: no seq was spent on it.
    expect(await t.deps.db.space.findUniqueOrThrow({ where: { id: spaceId }, select: { lastSeq: true } })).toEqual(before);
  });

  it("a retry of a stored message gets that message back and spends no seq", async () => {
    const a = await alice.connect();
    const first = await send(a, "sent once", { clientMessageId: "retry-1" });
    if (!first.ok) throw new Error("send failed");
    const again = await send(a, "sent once", { clientMessageId: "retry-1" });
    expect(again.ok && again.data.message).toEqual(first.data.message);
    // Even when what it quotes no longer checks out: a retry is answered with what was stored.
    const odd = await send(a, "sent once", { clientMessageId: "retry-1", replyToMessageId: "no-such-message" });
    expect(odd.ok && odd.data.message).toEqual(first.data.message);
    const next = await send(a, "the next one");
    expect(next.ok && next.data.message.seq).toBe(first.data.message.seq + 1);
  });

  it("a clientMessageId already used in another space is a conflict, and nothing is stored", async () => {
    const a = await alice.connect();
    const other = await createChannel(t.deps, alice.actor, { name: "keys elsewhere" });
    const there = await call(a, "message:send", { spaceId: other.id, text: "first use", clientMessageId: "shared-key" });
    expect(there.ok).toBe(true);
    const ack = await send(a, "second use", { clientMessageId: "shared-key" });
    expect(ack).toMatchObject({ ok: false, error: { code: "conflict" } });
    expect(await t.deps.db.message.count({ where: { clientMessageId: "shared-key" } })).toBe(1);
  });

  it("an archived space takes no more messages: its members are told it is archived", async () => {
    const a = await alice.connect();
    const old = await createChannel(t.deps, alice.actor, { name: "archived soon" });
    await t.deps.db.space.update({ where: { id: old.id }, data: { archivedAt: new Date() } });
    const ack = await call(a, "message:send", { spaceId: old.id, text: "anyone?" });
    expect(ack).toMatchObject({ ok: false, error: { code: "archived" } });
    expect(await t.deps.db.message.count({ where: { spaceId: old.id } })).toBe(0);
  });

  // Two connections are needed to race; the embedded database has one, so it cannot happen there.
  it.runIf(Boolean(process.env.DATABASE_URL))("a send that meets a removal in progress waits for it, then stores nothing", async () => {
    const carol = await t.user("Carol");
    const room = await createChannel(t.deps, alice.actor, { name: "removal race", memberIds: [carol.entityId] });
    const c = await carol.connect();
    const { db } = t.deps;
    let ack: Awaited<ReturnType<typeof call>> | undefined;
    await db.$transaction(async (tx) => {
      await tx.membership.deleteMany({ where: { spaceId: room.id, entityId: carol.entityId } });
      void call(c, "message:send", { spaceId: room.id, text: "sent while being removed" }).then((a) => (ack = a));
      // The send is blocked on the row the removal holds, not merely slow.
      await expect
        .poll(async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`)[0]!.n, {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
    });
    await expect.poll(() => ack, { timeout: 10_000 }).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await db.message.count({ where: { spaceId: room.id, senderId: carol.entityId } })).toBe(0);
  });
});

describe("history and replay", () => {
  it("pages back by seq without overlap and says when there is more", async () => {
    const space = await createChannel(t.deps, alice.actor, { name: "long" });
    const a = await alice.connect();
    for (let i = 1; i <= 120; i++) await call(a, "message:send", { spaceId: space.id, text: `m${i}` });
    const p1 = await call(a, "messages:history", { spaceId: space.id });
    if (!p1.ok) throw new Error("history failed");
    expect(p1.data.messages).toHaveLength(50);
    expect(p1.data.messages.at(-1)!.text).toBe("m120");
    expect(p1.data.hasMore).toBe(true);
    const p2 = await call(a, "messages:history", { spaceId: space.id, beforeSeq: p1.data.messages[0]!.seq });
    const p3 = await call(a, "messages:history", { spaceId: space.id, beforeSeq: p2.ok ? p2.data.messages[0]!.seq : 0 });
    if (!p2.ok || !p3.ok) throw new Error("history failed");
    expect(p2.data.messages.map((m) => m.text)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 21}`));
    expect(p3.data.messages.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 1}`));
    expect(p3.data.hasMore).toBe(false);
  });

  it("a client that reconnects gets exactly the messages it missed, in order, once", async () => {
    const a = await alice.connect();
    let b = await bob.connect();
    const before = await send(a, "before the drop");
    if (!before.ok) throw new Error("send failed");
    const lastSeen = before.data.message.seq;
    b.disconnect();
    for (const text of ["missed 1", "missed 2", "missed 3"]) await send(a, text);
    b = await bob.connect();
    const replay = await call(b, "messages:since", { spaceId, afterSeq: lastSeen });
    if (!replay.ok) throw new Error("replay failed");
    expect(replay.data.messages.map((m) => m.text)).toEqual(["missed 1", "missed 2", "missed 3"]);
    expect(replay.data.hasMore).toBe(false);
  });
});

describe("read receipts and unread counts", () => {
  it("counts others' messages after my cursor, and the cursor only moves forward", async () => {
    const space = await createChannel(t.deps, alice.actor, { name: "reads", memberIds: [bob.entityId] });
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const sent: MessageDto[] = [];
    for (const text of ["one", "two", "three"]) {
      const ack = await call(a, "message:send", { spaceId: space.id, text });
      if (ack.ok) sent.push(ack.data.message);
    }
    const unread = async (s: ClientSocket) => {
      const list = await call(s, "spaces:list", {});
      return list.ok ? list.data.spaces.find((x) => x.id === space.id)?.unreadCount : -1;
    };
    expect(await unread(b)).toBe(3);
    expect(await unread(a)).toBe(0); // own messages are read

    const seenByAlice = waitFor(a, "read:updated");
    const mark = await call(b, "read:mark", { spaceId: space.id, lastMessageId: sent[1]!.id });
    expect(mark).toMatchObject({ ok: true, data: { lastSeenSeq: sent[1]!.seq } });
    expect(await seenByAlice).toMatchObject({ entityId: bob.entityId, lastSeenSeq: sent[1]!.seq });
    expect(await unread(b)).toBe(1);

    const back = await call(b, "read:mark", { spaceId: space.id, lastMessageId: sent[0]!.id });
    expect(back).toMatchObject({ ok: true, data: { lastSeenSeq: sent[1]!.seq } });
    expect(await unread(b)).toBe(1);
  });
});

describe("typing and presence", () => {
  it("shows who is typing to the other members", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const typing = waitFor(b, "typing:updated");
    expect(await call(a, "typing:set", { spaceId, typing: true })).toMatchObject({ ok: true });
    expect(await typing).toMatchObject({ spaceId, typing: true, entity: { id: alice.entityId } });
    const cleared = waitFor(b, "typing:updated");
    a.disconnect();
    expect(await cleared).toMatchObject({ typing: false });
  });

  it("announces a person coming online and going offline", async () => {
    const carol = await t.user("Carol");
    const a = await alice.connect();
    const online = waitFor(a, "presence:updated");
    const c = await carol.connect();
    expect(await online).toEqual({ online: [carol.entityId], offline: [] });
    const offline = waitFor(a, "presence:updated");
    c.disconnect();
    expect(await offline).toEqual({ online: [], offline: [carol.entityId] });
  });
});
