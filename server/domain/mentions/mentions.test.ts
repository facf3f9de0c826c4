// Mentions over the real database and real sockets: stored as references and Mention rows in
// the send's statement, members only, the Mentions view per person, the live badge event to
// the mentioned person only, notify-level settings with their attacks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MENTIONS_PER_MESSAGE, RATE_LIMITS } from "@/lib/limits";
import { renderMentions } from "@/lib/mentions/format";
import type { MentionPageDto, SpaceDto } from "@/lib/realtime/dto";
import { call, startTestServer, waitFor, type ClientSocket, type TestServer, type TestUser } from "@/server/testing/test-server";
import { request, run } from "@/server/testing/http";
import { createChannel } from "../spaces/create-channel";
import { leaveSpace } from "../spaces/leave-space";
import { sendMessage } from "../messages/send-message";
import { listMentionsHandler, setNotifyLevelHandler } from "../../http/mentions";
import { listSpaces } from "../spaces/list-spaces";

let t: TestServer;
let ada: TestUser;
let ben: TestUser;
let cy: TestUser;
let eve: TestUser;
let spaceId: string;

beforeAll(async () => {
  t = await startTestServer({ unlimited: ["messagesPerUser"] });
  ada = await t.user("Ada");
  ben = await t.user("Ben");
  cy = await t.user("Cy");
  eve = await t.user("Eve");
  spaceId = (await createChannel(t.deps, ada.actor, { name: "design", memberIds: [ben.entityId, cy.entityId] })).id;
});
afterAll(() => t?.close());

const mentionsOf = async (u: TestUser, query = "") =>
  (await run(t, listMentionsHandler, request(`/api/mentions${query}`, { cookie: u.cookie }))).body as MentionPageDto;

describe("mentions", () => {
  it("a typed @Name of a member is stored as a reference with a Mention row; only that person gets mention:new", async () => {
    const benSocket = await ben.connect();
    const cySocket = await cy.connect();
    const cyGot: unknown[] = [];
    cySocket.on("mention:new", (p) => cyGot.push(p));
    const got = waitFor(benSocket, "mention:new");
    const ack = await call(await ada.connect(), "message:send", { spaceId, text: "@Ben can you look? cc @Eve", clientMessageId: "m1" });
    expect(ack.ok).toBe(true);
    const message = ack.ok ? ack.data.message : null;
    // Eve is not a member: her name stays text and reaches no one.
    expect(message?.text).toBe(`<@${ben.entityId}> can you look? cc @Eve`);
    expect((await got).message.id).toBe(message?.id);
    const rows = await t.deps.db.mention.findMany({ where: { messageId: message!.id } });
    expect(rows.map((r) => r.mentionedEntityId)).toEqual([ben.entityId]);
    expect(rows[0]).toMatchObject({ spaceId, seq: message!.seq });
    await new Promise((r) => setTimeout(r, 100));
    expect(cyGot).toEqual([]);
  });

  it("a mention in a thread reply is recorded and reaches the mentioned person, once even when retried", async () => {
    // A space of its own: the tests below count Ben's mentions in #design.
    const own = (await createChannel(t.deps, ada.actor, { name: "thread-mentions", memberIds: [ben.entityId, cy.entityId] })).id;
    const root = await sendMessage(t.deps, ada.actor, { spaceId: own, text: "thread root for mentions" });
    const benSocket = await ben.connect();
    const got = waitFor(benSocket, "mention:new");
    const reply = await sendMessage(t.deps, cy.actor, { spaceId: own, text: "@Ben over to you", threadRootId: root.message.id, clientMessageId: "thread-m1" });
    expect(reply.message.threadRootId).toBe(root.message.id);
    expect((await got).message.id).toBe(reply.message.id);
    await sendMessage(t.deps, cy.actor, { spaceId: own, text: "@Ben over to you", threadRootId: root.message.id, clientMessageId: "thread-m1" });
    const rows = await t.deps.db.mention.findMany({ where: { messageId: reply.message.id } });
    expect(rows).toMatchObject([{ mentionedEntityId: ben.entityId, spaceId: own, seq: reply.message.seq }]);
    // Leave #thread-mentions: the Mentions view below counts only #design.
    await leaveSpace(t.deps, ben.actor, { spaceId: own });
  });

  it("a retried send writes its mentions once; an explicit token of a non-member writes none", async () => {
    const first = await sendMessage(t.deps, ada.actor, { spaceId, text: "again @ben", clientMessageId: "retry-1" });
    const again = await sendMessage(t.deps, ada.actor, { spaceId, text: "again @ben", clientMessageId: "retry-1" });
    expect(again.created).toBe(false);
    expect(await t.deps.db.mention.count({ where: { messageId: first.message.id } })).toBe(1);
    const outsider = await sendMessage(t.deps, ada.actor, { spaceId, text: `hey <@${eve.entityId}> and me <@${ada.entityId}>` });
    expect(await t.deps.db.mention.count({ where: { messageId: outsider.message.id } })).toBe(0);
  });

  it(`refuses a message mentioning more than ${MAX_MENTIONS_PER_MESSAGE} members`, async () => {
    const text = Array.from({ length: MAX_MENTIONS_PER_MESSAGE + 1 }, (_, i) => `<@id${i}>`).join(" ");
    await expect(sendMessage(t.deps, ada.actor, { spaceId, text })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("a non-member's many @names are refused as any non-member's send is: nothing about who is in the space", async () => {
    const people: TestUser[] = [];
    for (let i = 0; i <= MAX_MENTIONS_PER_MESSAGE; i++) people.push(await t.user(`Member${i}`));
    const crowded = await createChannel(t.deps, ada.actor, { name: "crowded", visibility: "private", memberIds: people.map((p) => p.entityId) });
    const text = people.map((_, i) => `@Member${i}`).join(" ");
    await expect(sendMessage(t.deps, eve.actor, { spaceId: crowded.id, text })).rejects.toMatchObject({ code: "not_found" });
    await expect(sendMessage(t.deps, eve.actor, { spaceId: "no-such-space", text })).rejects.toMatchObject({ code: "not_found" });
    // A member still meets the limit.
    await expect(sendMessage(t.deps, ada.actor, { spaceId: crowded.id, text })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("the Mentions view lists my mentions newest first, keyset paged; the space list counts unread ones", async () => {
    const all = await mentionsOf(ben);
    expect(all.mentions.length).toBe(2);
    expect(all.mentions[0]!.message.text).toContain("again");
    expect(all.mentions[0]!.spaceName).toBe("design");
    const page1 = await mentionsOf(ben, "?limit=1");
    expect(page1.mentions).toHaveLength(1);
    const page2 = await mentionsOf(ben, `?limit=1&before=${page1.nextCursor}`);
    expect(page2.mentions[0]!.message.id).toBe(all.mentions[1]!.message.id);
    expect(page2.nextCursor).toBeNull();
    expect((await mentionsOf(cy)).mentions).toEqual([]);
    const space = (await listSpaces(t.deps, ben.actor)).find((s) => s.id === spaceId);
    expect(space).toMatchObject({ mentionCount: 2, notifyLevel: "all" });
  });

  it("a rename changes how the stored reference reads, not the stored text", async () => {
    await t.deps.db.entity.update({ where: { id: ben.entityId }, data: { name: "Benjamin" } });
    const [m] = (await mentionsOf(ben)).mentions;
    expect(m!.message.text).toContain(`<@${ben.entityId}>`);
    expect(renderMentions(m!.message.text, { entities: { [ben.entityId]: "Benjamin" } })).toBe("again @Benjamin");
    await t.deps.db.entity.update({ where: { id: ben.entityId }, data: { name: "Ben" } });
  });

  it("leaving the space takes its mentions out of my view", async () => {
    const other = (await createChannel(t.deps, ada.actor, { name: "leavers", memberIds: [cy.entityId] })).id;
    await sendMessage(t.deps, ada.actor, { spaceId: other, text: "@Cy ping" });
    expect((await mentionsOf(cy)).mentions).toHaveLength(1);
    await leaveSpace(t.deps, cy.actor, { spaceId: other });
    expect((await mentionsOf(cy)).mentions).toHaveLength(0);
  });

  it("GET /api/mentions: 401 signed out, 400 for a malformed cursor or limit", async () => {
    expect((await run(t, listMentionsHandler, request("/api/mentions"))).status).toBe(401);
    expect((await run(t, listMentionsHandler, request("/api/mentions?before=bm9wZQ", { cookie: ben.cookie }))).status).toBe(400);
    expect((await run(t, listMentionsHandler, request("/api/mentions?limit=100000", { cookie: ben.cookie }))).status).toBe(400);
  });
});

describe("notify level", () => {
  const put = (u: TestUser | undefined, body: unknown, id = spaceId) =>
    run(t, setNotifyLevelHandler, request(`/api/spaces/${id}/notifications`, { method: "PUT", cookie: u?.cookie, body }), { id });

  it("a member mutes a space for themselves only; their other tabs hear it", async () => {
    const socket = await cy.connect();
    const heard = waitFor(socket, "space:notify");
    const res = await put(cy, { level: "mentions" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ spaceId, notifyLevel: "mentions" });
    expect(await heard).toEqual({ spaceId, notifyLevel: "mentions" });
    const levels = async (u: TestUser) => (await listSpaces(t.deps, u.actor)).find((s: SpaceDto) => s.id === spaceId)?.notifyLevel;
    expect(await levels(cy)).toBe("mentions");
    expect(await levels(ben)).toBe("all");
  });

  it("401 signed out, 400 for a bad level, 404 for a non-member (HTTP and socket)", async () => {
    expect((await put(undefined, { level: "none" })).status).toBe(401);
    expect((await put(cy, { level: "loud" })).status).toBe(400);
    expect((await put(cy, "x".repeat(70_000))).status).toBe(413);
    expect((await put(eve, { level: "none" })).status).toBe(404);
    const socket = await eve.connect();
    expect(await call(socket, "space:notify", { spaceId, level: "none" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(socket, "space:notify", { spaceId, level: 7 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(socket, "space:notify", null)).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(socket, "mentions:list", { limit: 10_000 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
  });

  it("is rate limited per person", async () => {
    const socket: ClientSocket = await ada.connect();
    let refused: unknown = null;
    for (let i = 0; i <= RATE_LIMITS.notifySettingsPerUser.points && !refused; i++) {
      const ack = await call(socket, "space:notify", { spaceId, level: i % 2 ? "all" : "none" });
      if (!ack.ok) refused = ack.error.code;
    }
    expect(refused).toBe("rate_limited");
  });

  it("the Mentions list is rate limited per person", async () => {
    let status = 200;
    for (let i = 0; i <= RATE_LIMITS.mentionReadsPerUser.points && status === 200; i++) {
      status = (await run(t, listMentionsHandler, request("/api/mentions?limit=1", { cookie: cy.cookie }))).status;
    }
    expect(status).toBe(429);
  });

  it("mentions:list over the socket is the same page", async () => {
    const ack = await call(await ben.connect(), "mentions:list", { limit: 1 });
    expect(ack.ok && ack.data.mentions).toHaveLength(1);
  });
});
