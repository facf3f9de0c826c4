// Hostile clients: non-members, forged senders, garbage and oversized payloads, no session.
// Each must get a clear refusal while the connection (or at least the process) survives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { io as connect } from "socket.io-client";
import { startTestServer, call, connectOutcome, waitFor, type TestServer, type TestUser, type ClientSocket } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { MAX_BODY_BYTES, MAX_MESSAGE_LENGTH } from "@/lib/limits";

let t: TestServer;
let alice: TestUser;
let eve: TestUser;
let secretSpace: string;

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.user("Alice");
  eve = await t.user("Eve");
  secretSpace = (await createChannel(t.deps, alice.actor, { name: "secret" })).id;
  await call(await alice.connect(), "message:send", { spaceId: secretSpace, text: "the launch code is 1234" });
});
afterAll(() => t?.close());

const stillWorks = async (s: ClientSocket) => {
  const ack = await call(s, "spaces:list", {});
  expect(ack.ok).toBe(true);
};

describe("non-members", () => {
  it("cannot read a space's history, replay it, or join its room", async () => {
    const e = await eve.connect();
    for (const [event, payload] of [
      ["messages:history", { spaceId: secretSpace }],
      ["messages:since", { spaceId: secretSpace, afterSeq: 0 }],
      ["space:join", { spaceId: secretSpace }],
      ["read:mark", { spaceId: secretSpace, lastMessageId: "x" }],
      ["typing:set", { spaceId: secretSpace, typing: true }],
    ] as const) {
      const ack = await call(e, event, payload);
      expect(ack, event).toMatchObject({ ok: false, error: { code: "not_found" } });
      expect(JSON.stringify(ack)).not.toContain("launch code");
    }
  });

  it("do not receive the space's live messages", async () => {
    const e = await eve.connect();
    const a = await alice.connect();
    const leaked: unknown[] = [];
    e.on("message:new", (p) => leaked.push(p));
    await call(e, "space:join", { spaceId: secretSpace });
    await call(a, "message:send", { spaceId: secretSpace, text: "still secret" });
    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toEqual([]);
  });

  it("cannot post into the space", async () => {
    const e = await eve.connect();
    const ack = await call(e, "message:send", { spaceId: secretSpace, text: "let me in" });
    expect(ack).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await t.deps.db.message.count({ where: { spaceId: secretSpace, text: "let me in" } })).toBe(0);
  });

  it("a removed member stops receiving the space's events at once", async () => {
    const bob = await t.user("Bob");
    const space = await createChannel(t.deps, alice.actor, { name: "temp", memberIds: [bob.entityId] });
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const removed = waitFor(b, "space:removed");
    expect(await call(a, "space:removeMember", { spaceId: space.id, entityId: bob.entityId })).toMatchObject({ ok: true });
    await removed;
    const leaked: unknown[] = [];
    b.on("message:new", (p) => leaked.push(p));
    await call(a, "message:send", { spaceId: space.id, text: "after removal" });
    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toEqual([]);
  });
});

describe("forged and malformed input", () => {
  it("ignores a forged sender: the message is always from the authenticated entity", async () => {
    const a = await alice.connect();
    const ack = await call(a, "message:send", { spaceId: secretSpace, text: "who am i", senderId: eve.entityId, sender: { id: eve.entityId } });
    expect(ack.ok && ack.data.message.sender.id).toBe(alice.entityId);
  });

  it("answers garbage payloads with error acks and keeps the connection", async () => {
    const a = await alice.connect();
    for (const payload of [
      undefined,
      null,
      42,
      "text",
      [],
      { spaceId: 5 },
      { spaceId: secretSpace },
      { spaceId: secretSpace, text: "   " },
      { spaceId: secretSpace, text: 7 },
    ]) {
      const ack = await call(a, "message:send", payload);
      expect(ack, JSON.stringify(payload)).toMatchObject({ ok: false, error: { code: "bad_request" } });
    }
    expect(await call(a, "messages:history", { spaceId: secretSpace, limit: 10_000 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "read:mark", { spaceId: secretSpace })).toMatchObject({ ok: false });
    // No ack callback at all: nothing to answer, nothing crashes.
    (a.emit as unknown as (e: string, p: unknown) => void)("message:send", { bad: true });
    (a.emit as unknown as (e: string) => void)("no-such-event");
    expect(a.connected).toBe(true);
    await stillWorks(a);
  });

  it("answers an unknown event that asks for an ack with an error ack, and ignores one that does not", async () => {
    const a = await alice.connect();
    for (const event of ["no-such-event", "message:purge", "__proto__", "toString", ""]) {
      const ack = await call(a, event as never, { spaceId: secretSpace });
      expect(ack, event).toMatchObject({ ok: false, error: { code: "bad_request" } });
    }
    (a.emit as unknown as (e: string, p: unknown) => void)("no-such-event", { spaceId: secretSpace });
    expect(a.connected).toBe(true);
    await stillWorks(a);
  });

  it("refuses a NUL character anywhere in a payload as a bad request (the database would fail on it), and stores nothing", async () => {
    const a = await alice.connect();
    for (const [event, payload] of [
      ["message:send", { spaceId: secretSpace, text: "nul\u0000here" }],
      ["typing:set", { spaceId: "x\u0000", typing: true }],
      ["space:create", { name: "n\u0000", memberIds: [] }],
    ] as const) {
      expect(await call(a, event, payload)).toMatchObject({ ok: false, error: { code: "bad_request", message: expect.stringContaining("NUL") } });
    }
    expect(await t.deps.db.message.count({ where: { text: { contains: "nul" } } })).toBe(0);
  });

  it("refuses a message over the length limit with payload_too_large", async () => {
    const a = await alice.connect();
    const ack = await call(a, "message:send", { spaceId: secretSpace, text: "x".repeat(MAX_MESSAGE_LENGTH + 1) });
    expect(ack).toMatchObject({ ok: false, error: { code: "payload_too_large" } });
    expect((await call(a, "message:send", { spaceId: secretSpace, text: "x".repeat(MAX_MESSAGE_LENGTH) })).ok).toBe(true);
  });

  it("drops a connection that sends an oversized frame, and the server serves others", async () => {
    const a = await alice.connect();
    const closed = new Promise<string>((resolve) => a.on("disconnect", (reason) => resolve(reason)));
    a.emit("message:send", { spaceId: secretSpace, text: "y".repeat(MAX_BODY_BYTES * 2) } as never, () => {});
    expect(await closed).toBeTruthy();
    await stillWorks(await alice.connect());
  });
});

describe("authentication", () => {
  const refused = (opts: Parameters<typeof connect>[1]) => connectOutcome(t.url, opts);

  it("refuses a socket without a session", async () => {
    expect(await refused({})).toBe("unauthorized");
  });
  it("refuses a forged session cookie", async () => {
    expect(await refused({ extraHeaders: { cookie: "authjs.session-token=eyJhbGciOiJkaXIifQ.forged" } })).toBe("unauthorized");
  });
  it("refuses an unknown API token", async () => {
    expect(await refused({ auth: { token: "pk_not-a-real-token" } })).toBe("unauthorized");
  });
});
