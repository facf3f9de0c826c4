// Editing and deleting messages over real Socket.IO clients against a real database: who may,
// validation, limits, the live message:updated to other members (and across two processes on
// one Redis), and the reconnect catch-up (messages:changed) for changes a client missed.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, call, waitFor, TEST_REDIS_URL, type TestServer, type TestUser, type ClientSocket } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { MAX_CHANGED_RANGE, MAX_MESSAGE_LENGTH, RATE_LIMITS } from "@/lib/limits";
import type { MessageDto } from "@/lib/realtime/dto";

let t: TestServer;
let alice: TestUser; // owner of #general
let bob: TestUser; // member
let carol: TestUser; // not a member of #general; owner of #other
let admin: TestUser; // workspace admin, member of #general
let outsiderAdmin: TestUser; // workspace admin, not a member
let spaceId: string;

beforeAll(async () => {
  t = await startTestServer({ unlimited: ["messagesPerUser", "messageChangesPerUser"] });
  [alice, bob, carol] = [await t.user("Alice"), await t.user("Bob"), await t.user("Carol")];
  admin = await t.user("Root", { isAdmin: true });
  outsiderAdmin = await t.user("Outsider", { isAdmin: true });
  spaceId = (await createChannel(t.deps, alice.actor, { name: "general", memberIds: [bob.entityId, admin.entityId] })).id;
  await createChannel(t.deps, carol.actor, { name: "other", memberIds: [bob.entityId] });
});
afterAll(() => t?.close());

async function send(s: ClientSocket, text: string, extra: Record<string, unknown> = {}): Promise<MessageDto> {
  const ack = await call(s, "message:send", { spaceId, text, ...extra });
  if (!ack.ok) throw new Error(ack.error.message);
  return ack.data.message;
}

describe("message:edit", () => {
  it("the author edits; the other member gets message:updated with the new state", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const m = await send(a, "helo");
    const live = waitFor(b, "message:updated");
    const ack = await call(a, "message:edit", { messageId: m.id, text: "hello" });
    expect(ack).toMatchObject({ ok: true, data: { message: { id: m.id, text: "hello", seq: m.seq, deletedAt: null } } });
    const got = (await live).message;
    expect(got).toMatchObject({ id: m.id, text: "hello", sender: { id: alice.entityId } });
    expect(got.editedAt).not.toBeNull();
    // Stored, and recorded before → after.
    const changes = await t.deps.db.messageChange.findMany({ where: { messageId: m.id } });
    expect(changes).toMatchObject([{ kind: "edit", before: "helo", after: "hello", byEntityId: alice.entityId }]);
  });

  it("refuses others' messages, non-members, system lines and deleted messages", async () => {
    const [a, b, c] = await Promise.all([alice.connect(), bob.connect(), carol.connect()]);
    const m = await send(a, "mine");
    expect(await call(b, "message:edit", { messageId: m.id, text: "bob was here" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    // Not a member: answered as if there were no such message.
    expect(await call(c, "message:edit", { messageId: m.id, text: "carol" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(a, "message:edit", { messageId: "no-such-message", text: "x" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    // A line the server wrote ("Alice added Bob"), stored as such (a seq far from the ones sends use).
    const system = await t.deps.db.message.create({ data: { spaceId, seq: 90_000, senderId: alice.entityId, text: "Alice added Bob", kind: "system" } });
    expect(await call(a, "message:edit", { messageId: system.id, text: "rewritten" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await call(a, "message:delete", { messageId: m.id });
    expect(await call(a, "message:edit", { messageId: m.id, text: "back" })).toMatchObject({ ok: false, error: { code: "conflict" } });
    expect((await t.deps.db.message.findUniqueOrThrow({ where: { id: m.id } })).text).toBe("");
  });

  it("validates: empty, oversized and malformed payloads get an error ack, never a crash", async () => {
    const a = await alice.connect();
    const m = await send(a, "to edit");
    expect(await call(a, "message:edit", { messageId: m.id, text: "   " })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "message:edit", { messageId: m.id, text: "x".repeat(MAX_MESSAGE_LENGTH + 1) })).toMatchObject({
      ok: false,
      error: { code: "payload_too_large" },
    });
    expect(await call(a, "message:edit", { messageId: 42, text: "x" })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "message:edit", null)).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "message:delete", { messageId: "x".repeat(65) })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "messages:changed", { spaceId, fromSeq: 10, toSeq: 10 + MAX_CHANGED_RANGE })).toMatchObject({
      ok: false,
      error: { code: "bad_request" },
    });
    expect(a.connected).toBe(true);
    expect((await t.deps.db.message.findUniqueOrThrow({ where: { id: m.id } })).text).toBe("to edit");
  });
});

describe("message:delete", () => {
  it("the author deletes: text blanked where stored, sender and time stay, others see the placeholder state live", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const m = await send(a, "a secret I regret");
    const reply = await send(b, "what secret?", { replyToMessageId: m.id });
    expect(reply.replyTo?.text).toBe("a secret I regret");
    const live = waitFor(b, "message:updated");
    const ack = await call(a, "message:delete", { messageId: m.id });
    expect(ack).toMatchObject({ ok: true, data: { message: { id: m.id, text: "", sender: { id: alice.entityId }, createdAt: m.createdAt } } });
    expect((await live).message.deletedAt).not.toBeNull();
    const row = await t.deps.db.message.findUniqueOrThrow({ where: { id: m.id } });
    expect(row.text).toBe("");
    // A reply quoting it now quotes "message deleted", without the text.
    const history = await call(b, "messages:history", { spaceId });
    const quoted = history.ok ? history.data.messages.find((x) => x.id === reply.id) : null;
    expect(quoted?.replyTo).toMatchObject({ id: m.id, text: "", deleted: true });
    expect(JSON.stringify(history)).not.toContain("I regret");
    // Deleting again changes nothing and says so with the same state.
    expect(await call(a, "message:delete", { messageId: m.id })).toMatchObject({ ok: true, data: { message: { id: m.id, text: "" } } });
  });

  it("an edited then deleted message keeps no copy of any of its texts", async () => {
    const a = await alice.connect();
    const m = await send(a, "first words");
    await call(a, "message:edit", { messageId: m.id, text: "second words" });
    await call(a, "message:delete", { messageId: m.id });
    const changes = await t.deps.db.messageChange.findMany({ where: { messageId: m.id }, orderBy: { createdAt: "asc" } });
    expect(changes.map((c) => [c.kind, c.before, c.after])).toEqual([
      ["edit", null, null],
      ["delete", null, null],
    ]);
  });

  it("a member may not delete another's message; the space owner and a member admin may", async () => {
    const [a, b, r] = await Promise.all([alice.connect(), bob.connect(), admin.connect()]);
    const m1 = await send(a, "alice's");
    expect(await call(b, "message:delete", { messageId: m1.id })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const m2 = await send(b, "bob's, deleted by the owner");
    expect(await call(a, "message:delete", { messageId: m2.id })).toMatchObject({ ok: true });
    const m3 = await send(b, "bob's, deleted by an admin");
    expect(await call(r, "message:delete", { messageId: m3.id })).toMatchObject({ ok: true });
  });

  it("an admin who is not a member, and the owner of another space, may not", async () => {
    const [b, c, o] = await Promise.all([bob.connect(), carol.connect(), outsiderAdmin.connect()]);
    const m = await send(b, "stays");
    expect(await call(o, "message:delete", { messageId: m.id })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(c, "message:delete", { messageId: m.id })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect((await t.deps.db.message.findUniqueOrThrow({ where: { id: m.id } })).deletedAt).toBeNull();
  });
});

describe("reconnect", () => {
  it("messages:changed gives the edits and deletions of a loaded range that a client missed while away", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const m1 = await send(a, "one");
    const m2 = await send(a, "two");
    const m3 = await send(a, "three");
    b.disconnect(); // Bob is away and misses the broadcasts
    await call(a, "message:edit", { messageId: m1.id, text: "one, edited" });
    await call(a, "message:delete", { messageId: m3.id });
    const back = await bob.connect();
    const ack = await call(back, "messages:changed", { spaceId, fromSeq: m1.seq, toSeq: m3.seq });
    if (!ack.ok) throw new Error(ack.error.message);
    expect(ack.data.messages.map((m) => [m.id, m.text, m.deletedAt !== null])).toEqual([
      [m1.id, "one, edited", false],
      [m3.id, "", true],
    ]);
    expect(ack.data.messages.some((m) => m.id === m2.id)).toBe(false);
    // A non-member asks in vain.
    expect(await call(await carol.connect(), "messages:changed", { spaceId, fromSeq: 0, toSeq: 10 })).toMatchObject({
      ok: false,
      error: { code: "not_found" },
    });
  });
});

describe("limits", () => {
  it("edits and deletions share a per-user rate limit; past it the ack says rate_limited and nothing changes", async () => {
    const limited = await startTestServer({ unlimited: ["messagesPerUser"] });
    try {
      const dora = await limited.user("Dora");
      const room = (await createChannel(limited.deps, dora.actor, { name: "limited" })).id;
      const d = await dora.connect();
      const sent = await call(d, "message:send", { spaceId: room, text: "v0" });
      if (!sent.ok) throw new Error("send failed");
      const id = sent.data.message.id;
      const { points } = RATE_LIMITS.messageChangesPerUser;
      for (let i = 1; i <= points; i++) expect(await call(d, "message:edit", { messageId: id, text: `v${i}` })).toMatchObject({ ok: true });
      expect(await call(d, "message:edit", { messageId: id, text: "over" })).toMatchObject({
        ok: false,
        error: { code: "rate_limited", retryAfterS: expect.any(Number) },
      });
      expect(await call(d, "message:delete", { messageId: id })).toMatchObject({ ok: false, error: { code: "rate_limited" } });
      expect((await limited.deps.db.message.findUniqueOrThrow({ where: { id } })).text).toBe(`v${points}`);
    } finally {
      await limited.close();
    }
  });
});

describe("two processes on one Redis", () => {
  it("an edit and a deletion on one process reach a member connected to the other", async () => {
    const prefix = `parley-test-${randomBytes(4).toString("hex")}`;
    const one = await startTestServer({ redis: { url: TEST_REDIS_URL, prefix } });
    const two = await startTestServer({ redis: { url: TEST_REDIS_URL, prefix }, database: one.database });
    try {
      const ann = await one.user("Ann");
      const ben = await two.user("Ben");
      const room = (await createChannel(one.deps, ann.actor, { name: "across", memberIds: [ben.entityId] })).id;
      const [a, b] = [await ann.connect(), await ben.connect()];
      const sent = await call(a, "message:send", { spaceId: room, text: "across" });
      if (!sent.ok) throw new Error("send failed");
      const edited = waitFor(b, "message:updated");
      expect(await call(a, "message:edit", { messageId: sent.data.message.id, text: "across, edited" })).toMatchObject({ ok: true });
      expect((await edited).message.text).toBe("across, edited");
      const deleted = waitFor(b, "message:updated");
      expect(await call(a, "message:delete", { messageId: sent.data.message.id })).toMatchObject({ ok: true });
      expect((await deleted).message).toMatchObject({ text: "", deletedAt: expect.any(String) });
    } finally {
      await two.close();
      await one.close();
    }
  });
});
