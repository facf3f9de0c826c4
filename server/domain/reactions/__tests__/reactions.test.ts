// Reactions end to end through the socket contract, against a real database and real
// Socket.IO clients: live to every member, the emoji check, the per-message limits, the
// rate limit, members only, no reactions on deleted messages, and no agent woken.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestServer, waitFor, type ClientSocket, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";
import { addMembers } from "@/server/domain/spaces/add-members";
import { until } from "@/server/testing/until";
import { EMOJI } from "@/lib/emoji/emoji-set";
import { MAX_EMOJI_LENGTH, MAX_REACTION_EMOJI_PER_MESSAGE, MAX_REACTIONS_PER_ENTITY_PER_MESSAGE, RATE_LIMITS } from "@/lib/limits";
import { addReaction } from "../add-reaction";

let t: TestServer;
let ada: TestUser;
let ben: TestUser;
let eve: TestUser; // not a member
let spaceId: string;
let a: ClientSocket;
let b: ClientSocket;

beforeAll(async () => {
  t = await startTestServer();
  [ada, ben, eve] = [await t.user("Ada"), await t.user("Ben"), await t.user("Eve")];
  spaceId = (await createChannel(t.deps, ada.actor, { name: "general", memberIds: [ben.entityId] })).id;
  [a, b] = [await ada.connect(), await ben.connect()];
});
afterAll(() => t?.close());

const post = async (text: string, by = ada) => (await sendMessage(t.deps, by.actor, { spaceId, text })).message;

describe("reaction:add / reaction:remove", () => {
  it("reaches another member live, counts who reacted, and toggles off", async () => {
    const m = await post("ship it?");
    const seen = waitFor(b, "reaction:updated");
    const ack = await call(a, "reaction:add", { messageId: m.id, emoji: "👍" });
    expect(ack).toEqual({ ok: true, data: { reactions: [{ emoji: "👍", count: 1, entityIds: [ada.entityId] }] } });
    expect(await seen).toEqual({ spaceId, messageId: m.id, reactions: [{ emoji: "👍", count: 1, entityIds: [ada.entityId] }] });

    const both = waitFor(a, "reaction:updated");
    await call(b, "reaction:add", { messageId: m.id, emoji: "👍" });
    expect((await both).reactions).toEqual([{ emoji: "👍", count: 2, entityIds: [ada.entityId, ben.entityId] }]);

    // The same reaction again is the same reaction: nothing changes, nothing is sent.
    expect(await call(b, "reaction:add", { messageId: m.id, emoji: "👍" })).toMatchObject({ ok: true, data: { reactions: [{ count: 2 }] } });

    const off = waitFor(b, "reaction:updated");
    expect(await call(a, "reaction:remove", { messageId: m.id, emoji: "👍" })).toMatchObject({ ok: true });
    expect((await off).reactions).toEqual([{ emoji: "👍", count: 1, entityIds: [ben.entityId] }]);
    expect(await t.deps.db.reaction.count({ where: { messageId: m.id } })).toBe(1);
  });

  it("history pages carry each message's reactions", async () => {
    const m = await post("lunch?");
    await call(a, "reaction:add", { messageId: m.id, emoji: "🎉" });
    await call(b, "reaction:add", { messageId: m.id, emoji: "😂" });
    await call(b, "reaction:add", { messageId: m.id, emoji: "🎉" });
    const page = await call(b, "messages:history", { spaceId });
    expect(page.ok && page.data.messages.find((x) => x.id === m.id)?.reactions).toEqual([
      { emoji: "🎉", count: 2, entityIds: [ada.entityId, ben.entityId] },
      { emoji: "😂", count: 1, entityIds: [ben.entityId] },
    ]);
  });

  it("stores one form of an emoji written with or without its variation selector", async () => {
    const m = await post("love it");
    expect(await call(a, "reaction:add", { messageId: m.id, emoji: "\u2764" })).toMatchObject({ ok: true, data: { reactions: [{ emoji: "❤️" }] } });
    expect(await call(b, "reaction:add", { messageId: m.id, emoji: "❤️" })).toMatchObject({ ok: true, data: { reactions: [{ emoji: "❤️", count: 2 }] } });
  });

  it("refuses what is not one known emoji, oversized input and malformed payloads, storing nothing", async () => {
    const m = await post("react to me");
    for (const emoji of ["x", "👍👍", ":thumbsup:", " 👍", "<script>", "\u{1F3FB}"]) {
      expect(await call(a, "reaction:add", { messageId: m.id, emoji })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    }
    const big = await call(a, "reaction:add", { messageId: m.id, emoji: "👍".repeat(MAX_EMOJI_LENGTH) });
    expect(big).toMatchObject({ ok: false, error: { code: "payload_too_large" } });
    for (const payload of [null, {}, { messageId: m.id }, { messageId: m.id, emoji: 5 }, { messageId: "x".repeat(65), emoji: "👍" }, "👍"]) {
      expect(await call(a, "reaction:add", payload)).toMatchObject({ ok: false, error: { code: "bad_request" } });
    }
    expect(await t.deps.db.reaction.count({ where: { messageId: m.id } })).toBe(0);
    // The socket still works after all that.
    expect(await call(a, "reaction:add", { messageId: m.id, emoji: "✅" })).toMatchObject({ ok: true });
  });

  it("answers a non-member the same as for a message that does not exist, and tells them nothing", async () => {
    const m = await post("members only");
    const e = await eve.connect();
    let leaked = false;
    e.on("reaction:updated", () => {
      leaked = true;
    });
    const refused = await call(e, "reaction:add", { messageId: m.id, emoji: "👀" });
    const missing = await call(e, "reaction:add", { messageId: "no-such-message", emoji: "👀" });
    expect(refused).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(refused).toEqual(missing);
    expect(await call(e, "reaction:remove", { messageId: m.id, emoji: "👀" })).toEqual(missing);
    await call(a, "reaction:add", { messageId: m.id, emoji: "👀" });
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toBe(false);
    expect(await t.deps.db.reaction.count({ where: { messageId: m.id, entityId: eve.entityId } })).toBe(0);
  });

  it("refuses reactions on a deleted message", async () => {
    const m = await post("regret");
    await t.deps.db.message.update({ where: { id: m.id }, data: { deletedAt: new Date() } });
    expect(await call(a, "reaction:add", { messageId: m.id, emoji: "👍" })).toMatchObject({ ok: false, error: { code: "conflict" } });
    expect(await t.deps.db.reaction.count({ where: { messageId: m.id } })).toBe(0);
  });

  it("holds the per-person and per-message limits", async () => {
    const m = await post("so many feelings");
    const emoji = EMOJI.slice(0, MAX_REACTION_EMOJI_PER_MESSAGE + 1).map((e) => e.emoji);
    const people = [await t.user("P1"), await t.user("P2"), await t.user("P3")];
    await addMembers(t.deps, ada.actor, { spaceId, entityIds: people.map((p) => p.entityId) });
    const [p1, p2, p3] = people as [TestUser, TestUser, TestUser];
    for (const e of emoji.slice(0, MAX_REACTIONS_PER_ENTITY_PER_MESSAGE)) await addReaction(t.deps, p1.actor, { messageId: m.id, emoji: e });
    await expect(addReaction(t.deps, p1.actor, { messageId: m.id, emoji: emoji[MAX_REACTIONS_PER_ENTITY_PER_MESSAGE]! })).rejects.toMatchObject({
      code: "rate_limited",
    });
    for (const e of emoji.slice(MAX_REACTIONS_PER_ENTITY_PER_MESSAGE, MAX_REACTION_EMOJI_PER_MESSAGE))
      await addReaction(t.deps, p2.actor, { messageId: m.id, emoji: e });
    // The message is full: a new emoji is refused, joining an existing one is not.
    await expect(addReaction(t.deps, p3.actor, { messageId: m.id, emoji: emoji[MAX_REACTION_EMOJI_PER_MESSAGE]! })).rejects.toMatchObject({
      code: "rate_limited",
    });
    const joined = await addReaction(t.deps, p3.actor, { messageId: m.id, emoji: emoji[0]! });
    expect(joined.reactions).toHaveLength(MAX_REACTION_EMOJI_PER_MESSAGE);
    expect(joined.reactions[0]).toMatchObject({ count: 2 });
  });

  it("holds the per-person limit under concurrent adds", async () => {
    const m = await post("race");
    const many = EMOJI.slice(30, 30 + MAX_REACTIONS_PER_ENTITY_PER_MESSAGE + 5).map((e) => e.emoji);
    const racer = await t.user("Racer");
    await addMembers(t.deps, ada.actor, { spaceId, entityIds: [racer.entityId] });
    await Promise.allSettled(many.map((emoji) => addReaction(t.deps, racer.actor, { messageId: m.id, emoji })));
    expect(await t.deps.db.reaction.count({ where: { messageId: m.id } })).toBe(MAX_REACTIONS_PER_ENTITY_PER_MESSAGE);
  });

  it("rate limits reacting per person, with when to retry", async () => {
    const m = await post("spam target");
    const spammer = await t.user("Spammer");
    await addMembers(t.deps, ada.actor, { spaceId, entityIds: [spammer.entityId] });
    const s = await spammer.connect();
    const acks = [];
    for (let i = 0; i < RATE_LIMITS.reactionsPerEntity.points + 1; i++)
      acks.push(await call(s, i % 2 ? "reaction:remove" : "reaction:add", { messageId: m.id, emoji: "👍" }));
    expect(acks.slice(0, -1).every((x) => x.ok)).toBe(true);
    expect(acks.at(-1)).toMatchObject({ ok: false, error: { code: "rate_limited", retryAfterS: expect.any(Number) } });
  });

  it("wakes no agent", async () => {
    const scout = await createAgent(t.deps.db, "Scout", { provider: "offline" });
    const room = (await createChannel(t.deps, ada.actor, { name: "with-scout", memberIds: [ben.entityId, scout.entityId] })).id;
    const m = (await sendMessage(t.deps, ben.actor, { spaceId: room, text: "hello all" })).message;
    // The message itself is decided on (and may start a run); the reactions after it must add nothing.
    await until("the message's trigger decision", () => t.deps.db.triggerDecision.count({ where: { messageId: m.id } }));
    const before = await Promise.all([t.deps.db.run.count(), t.deps.db.triggerDecision.count()]);
    expect(await call(a, "reaction:add", { messageId: m.id, emoji: "👀" })).toMatchObject({ ok: true });
    await call(b, "reaction:add", { messageId: m.id, emoji: "👍" });
    await new Promise((r) => setTimeout(r, 100));
    expect(await Promise.all([t.deps.db.run.count(), t.deps.db.triggerDecision.count()])).toEqual(before);
  });
});
