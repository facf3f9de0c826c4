// Channels you can find: public channels are browsed and joined over the socket, settings
// changes are lines in the channel that reach the other members live, archived channels are
// read-only and out of the sidebar. And the attacks: a private channel is never found or
// joined by id, only managers change settings, nothing is posted to an archived channel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelSummaryDto, MessageDto } from "@/lib/realtime/dto";
import { MAX_DESCRIPTION_LENGTH, RATE_LIMITS } from "@/lib/limits";
import { call, startTestServer, waitFor, type ClientSocket, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { listSpaces } from "@/server/domain/spaces/list-spaces";
import { joinPublicChannel } from "@/server/domain/spaces/join-public-channel";
import { openGroupDirect } from "@/server/domain/spaces/open-group-direct";
import { listRunFilterOptions } from "@/server/domain/runs/run-filter-options";

let srv: TestServer;
let ada: TestUser;
let ben: TestUser;
let cleo: TestUser;
let root: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  ada = await srv.user("Ada");
  ben = await srv.user("Ben");
  cleo = await srv.user("Cleo");
  root = await srv.user("Root", { isAdmin: true });
});
afterAll(() => srv?.close());

const ok = <T>(ack: { ok: true; data: T } | { ok: false; error: { code: string; message: string } }): T => {
  if (!ack.ok) throw new Error(`${ack.error.code}: ${ack.error.message}`);
  return ack.data;
};
const browse = async (s: ClientSocket, query?: string) => ok(await call(s, "channels:browse", query === undefined ? {} : { query })).channels;
const nextLine = (s: ClientSocket, spaceId: string) =>
  new Promise<MessageDto>((resolve) => {
    const on = ({ message }: { message: MessageDto }) => {
      if (message.spaceId !== spaceId || message.kind !== "system") return;
      s.off("message:new", on);
      resolve(message);
    };
    s.on("message:new", on);
  });

describe("public channels: browse and join", () => {
  it("Ada creates a public channel; Ben finds it by name, topic and member count, joins, and is an ordinary member", async () => {
    const a = await ada.connect();
    const b = await ben.connect();
    const { space } = ok(await call(a, "space:create", { name: "Launch", topic: "Friday's launch", visibility: "public" }));
    expect(space).toMatchObject({ name: "launch", visibility: "public", archived: false, description: "" });
    await call(a, "message:send", { spaceId: space.id, text: "only members read this" });

    const found = (await browse(b, "LAUN")).find((c) => c.id === space.id);
    expect(found).toEqual<ChannelSummaryDto>({
      id: space.id,
      name: "launch",
      topic: "Friday's launch",
      description: "",
      visibility: "public",
      memberCount: 1,
      joined: false,
      archived: false,
    });
    // Browsing is not reading: no preview of a public channel's messages before joining.
    expect(await call(b, "messages:history", { spaceId: space.id })).toMatchObject({ ok: false, error: { code: "not_found" } });

    const line = nextLine(a, space.id);
    const updated = waitFor(a, "space:updated");
    const joined = ok(await call(b, "space:joinPublic", { spaceId: space.id })).space;
    expect(joined.members.map((m) => m.name).sort()).toEqual(["Ada", "Ben"]);
    expect((await line).text).toBe("Ben joined");
    expect((await updated).spaceId).toBe(space.id);
    // Now Ben reads and writes like any member, and the channel is in his sidebar.
    expect(ok(await call(b, "messages:history", { spaceId: space.id })).messages.map((m) => m.text)).toContain("only members read this");
    expect(ok(await call(b, "message:send", { spaceId: space.id, text: "hi" })).message.text).toBe("hi");
    expect((await listSpaces(srv.deps, ben.actor)).map((s) => s.id)).toContain(space.id);
    expect((await browse(b, "launch"))[0]).toMatchObject({ joined: true, memberCount: 2 });
    // Joining again is one membership and one line.
    ok(await call(b, "space:joinPublic", { spaceId: space.id }));
    expect(await srv.deps.db.message.count({ where: { spaceId: space.id, text: "Ben joined" } })).toBe(1);
  });

  it("a channel made public by its owner shows in others' browser; made private again, it is gone", async () => {
    const a = await ada.connect();
    const c = await cleo.connect();
    const { space } = ok(await call(a, "space:create", { name: "roadmap" }));
    expect(space.visibility).toBe("private");
    expect((await browse(c)).map((x) => x.id)).not.toContain(space.id);
    const line = nextLine(a, space.id);
    ok(await call(a, "space:update", { spaceId: space.id, visibility: "public" }));
    expect((await line).text).toMatch(/^Ada made the channel public/);
    expect((await browse(c)).map((x) => x.id)).toContain(space.id);
    ok(await call(a, "space:update", { spaceId: space.id, visibility: "private" }));
    expect((await browse(c)).map((x) => x.id)).not.toContain(space.id);
  });
});

describe("topic and description", () => {
  it("the owner sets them; each change is a line that reaches another member live, and the space says so", async () => {
    const a = await ada.connect();
    const b = await ben.connect();
    const space = await createChannel(srv.deps, ada.actor, { name: "topics", memberIds: [ben.entityId] });
    const lines: string[] = [];
    const got = new Promise<void>((resolve) =>
      b.on("message:new", ({ message }) => {
        if (message.spaceId === space.id && message.kind === "system") lines.push(message.text);
        if (lines.length === 2) resolve();
      }),
    );
    const updated = waitFor(b, "space:updated");
    const after = ok(await call(a, "space:update", { spaceId: space.id, topic: "Ship it", description: "Where we plan the launch" })).space;
    expect(after).toMatchObject({ topic: "Ship it", description: "Where we plan the launch" });
    await got;
    expect(lines).toEqual(["Ada set the topic: Ship it", "Ada set the description: Where we plan the launch"]);
    expect((await updated).spaceId).toBe(space.id);
    // Setting the same again changes nothing and says nothing.
    ok(await call(a, "space:update", { spaceId: space.id, topic: "Ship it" }));
    expect(await srv.deps.db.message.count({ where: { spaceId: space.id, kind: "system", text: { startsWith: "Ada set the topic" } } })).toBe(1);
  });

  it("attack: a plain member, a non-member and an admin who is not a member cannot change them", async () => {
    const space = await createChannel(srv.deps, ada.actor, { name: "guarded", visibility: "public", memberIds: [ben.entityId] });
    const b = await ben.connect();
    const c = await cleo.connect();
    const r = await root.connect();
    expect(await call(b, "space:update", { spaceId: space.id, topic: "mine now" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await call(c, "space:update", { spaceId: space.id, topic: "mine now" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(r, "space:update", { spaceId: space.id, topic: "mine now" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(b, "space:archive", { spaceId: space.id, archived: true })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect((await srv.deps.db.space.findUniqueOrThrow({ where: { id: space.id } })).topic).toBe("");
    // A workspace admin who is a member may.
    await joinPublicChannel(srv.deps, root.actor, { spaceId: space.id });
    expect(await call(r, "space:update", { spaceId: space.id, topic: "by the admin" })).toMatchObject({ ok: true });
  });

  it("attack: malformed, empty, unknown-field and oversized updates get an error ack; the socket lives on", async () => {
    const a = await ada.connect();
    const space = await createChannel(srv.deps, ada.actor, { name: "malformed" });
    for (const bad of [
      null,
      42,
      {},
      { spaceId: space.id },
      { spaceId: space.id, visibility: "secret" },
      { spaceId: space.id, owner: "me" },
      { spaceId: 5, topic: "x" },
    ]) {
      expect(await call(a, "space:update", bad), JSON.stringify(bad)).toMatchObject({ ok: false, error: { code: "bad_request" } });
    }
    expect(await call(a, "space:update", { spaceId: space.id, description: "x".repeat(MAX_DESCRIPTION_LENGTH + 1) })).toMatchObject({
      ok: false,
      error: { code: "payload_too_large" },
    });
    expect(await call(a, "space:update", { spaceId: space.id, topic: "x".repeat(251) })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "channels:browse", { query: "x".repeat(81) })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "space:joinPublic", { spaceId: "" })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(a.connected).toBe(true);
  });
});

describe("attack: private channels stay unknown", () => {
  it("joining a private channel, a direct space, an archived public channel or a made-up id by id: the same not_found, nothing stored", async () => {
    const c = await cleo.connect();
    const secret = await createChannel(srv.deps, ada.actor, { name: "secret-plans", topic: "do not tell" });
    const retired = await createChannel(srv.deps, ada.actor, { name: "retired-public", visibility: "public" });
    ok(await call(await ada.connect(), "space:archive", { spaceId: retired.id, archived: true }));
    const dm = ok(await call(await ada.connect(), "space:direct", { entityId: ben.entityId })).space;
    const refusals = [];
    for (const spaceId of [secret.id, dm.id, retired.id, "c0000000000000000000000000"]) refusals.push(await call(c, "space:joinPublic", { spaceId }));
    for (const r of refusals) expect(r).toEqual({ ok: false, error: { code: "not_found", message: "Space not found or you are not a member" } });
    expect(await srv.deps.db.membership.count({ where: { entityId: cleo.entityId, spaceId: { in: [secret.id, dm.id, retired.id] } } })).toBe(0);
    const names = (await browse(c)).map((x) => x.name);
    expect(names).not.toContain("secret-plans");
    expect(names).not.toContain("retired-public");
    expect((await browse(c, "secret")).length).toBe(0);
  });

  it("an agent never joins by itself", async () => {
    const agent = await createAgent(srv.deps.db, "Joiner", { provider: "offline" });
    const open = await createChannel(srv.deps, ada.actor, { name: "open-doors", visibility: "public" });
    await expect(joinPublicChannel(srv.deps, { entityId: agent.entityId }, { spaceId: open.id })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("browsing and joining are rate limited", async () => {
    const flooder = await srv.user("Flooder");
    const f = await flooder.connect();
    for (let i = 0; i < RATE_LIMITS.channelBrowsesPerUser.points; i++) await call(f, "channels:browse", {});
    expect(await call(f, "channels:browse", {})).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    for (let i = 0; i < RATE_LIMITS.publicJoinsPerUser.points; i++) await call(f, "space:joinPublic", { spaceId: "nope" });
    expect(await call(f, "space:joinPublic", { spaceId: "nope" })).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    expect(f.connected).toBe(true);
  });
});

describe("archive", () => {
  it("archived: read-only with code archived, out of the sidebar, listed under archived in the browser, still readable; unarchive restores it", async () => {
    const a = await ada.connect();
    const b = await ben.connect();
    const space = await createChannel(srv.deps, ada.actor, { name: "old-project", visibility: "public", memberIds: [ben.entityId] });
    ok(await call(a, "message:send", { spaceId: space.id, text: "before the archive" }));
    const line = nextLine(b, space.id);
    const updated = waitFor(b, "space:updated");
    const archived = ok(await call(a, "space:archive", { spaceId: space.id, archived: true })).space;
    expect(archived.archived).toBe(true);
    expect((await line).text).toBe("Ada archived the channel");
    expect((await updated).spaceId).toBe(space.id);

    expect(await call(b, "message:send", { spaceId: space.id, text: "still here?" })).toMatchObject({ ok: false, error: { code: "archived" } });
    expect(await call(b, "space:update", { spaceId: space.id, topic: "x" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await call(a, "space:update", { spaceId: space.id, topic: "x" })).toMatchObject({ ok: false, error: { code: "archived" } });
    expect((await listSpaces(srv.deps, ben.actor)).map((s) => s.id)).not.toContain(space.id);
    expect((await browse(b, "old-project"))[0]).toMatchObject({ archived: true, joined: true });
    // Members still open and read it.
    expect(ok(await call(b, "space:join", { spaceId: space.id })).space.archived).toBe(true);
    expect(ok(await call(b, "messages:history", { spaceId: space.id })).messages.map((m) => m.text)).toContain("before the archive");
    // A non-member neither sees it in the browser nor joins it.
    const c = await cleo.connect();
    expect((await browse(c, "old-project")).length).toBe(0);

    ok(await call(a, "space:archive", { spaceId: space.id, archived: false }));
    expect(ok(await call(b, "message:send", { spaceId: space.id, text: "back" })).message.text).toBe("back");
    expect((await listSpaces(srv.deps, ben.actor)).map((s) => s.id)).toContain(space.id);
  });

  it("an archived channel's members still open a search result and a thread in it; nothing is written there by any path", async () => {
    const a = await ada.connect();
    const b = await ben.connect();
    const space = await createChannel(srv.deps, ada.actor, { name: "retired-threads", memberIds: [ben.entityId] });
    const root = ok(await call(a, "message:send", { spaceId: space.id, text: "quarterly figures thread" })).message;
    const reply = ok(await call(b, "message:send", { spaceId: space.id, text: "figures look fine", threadRootId: root.id })).message;
    ok(await call(a, "space:archive", { spaceId: space.id, archived: true }));

    const found = ok(await call(b, "search:query", { q: "quarterly" })).results;
    expect(found.map((r) => r.messageId)).toContain(root.id);
    expect(ok(await call(b, "messages:around", { spaceId: space.id, seq: root.seq })).messages.map((m) => m.id)).toContain(root.id);
    expect(ok(await call(b, "thread:get", { rootId: root.id })).replies.map((m) => m.id)).toEqual([reply.id]);
    // Read-only: a thread reply, a reaction, an edit, a delete.
    expect(await call(b, "message:send", { spaceId: space.id, text: "late", threadRootId: root.id })).toMatchObject({ ok: false, error: { code: "archived" } });
    expect(await call(b, "reaction:add", { messageId: root.id, emoji: "👍" })).toMatchObject({ ok: false });
    expect(await call(b, "message:edit", { messageId: reply.id, text: "changed" })).toMatchObject({ ok: false });
    expect(await call(b, "message:delete", { messageId: reply.id })).toMatchObject({ ok: false });
    expect(await srv.deps.db.reaction.count({ where: { messageId: root.id } })).toBe(0);
    expect((await srv.deps.db.message.findUniqueOrThrow({ where: { id: reply.id } })).text).toBe("figures look fine");
    // Still nothing for someone who is not a member.
    const c = await cleo.connect();
    expect(await call(c, "messages:around", { spaceId: space.id, seq: root.seq })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(c, "thread:get", { rootId: root.id })).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("unarchiving a channel whose name was taken meanwhile is a conflict", async () => {
    const a = await ada.connect();
    const space = await createChannel(srv.deps, ada.actor, { name: "reused" });
    ok(await call(a, "space:archive", { spaceId: space.id, archived: true }));
    await createChannel(srv.deps, ben.actor, { name: "reused" });
    expect(await call(a, "space:archive", { spaceId: space.id, archived: false })).toMatchObject({ ok: false, error: { code: "conflict" } });
  });
});

describe("group direct messages", () => {
  it("Ada opens one with Ben and an agent: all three see it live, named by the others; the same set reopens it; it keeps its members", async () => {
    const agent = await createAgent(srv.deps.db, "Helper", { provider: "offline" });
    const a = await ada.connect();
    const b = await ben.connect();
    const heard = waitFor(b, "space:updated");
    const { space } = ok(await call(a, "space:group", { entityIds: [ben.entityId, agent.entityId] }));
    expect(space.kind).toBe("direct");
    expect(space.name).toBe("Ben, Helper");
    expect(space.members).toHaveLength(3);
    expect((await heard).spaceId).toBe(space.id);
    const forBen = ok(await call(b, "space:join", { spaceId: space.id })).space;
    expect(forBen.name).toBe("Ada, Helper");
    // Agents in it answer every message, as in any direct message.
    expect(space.members.find((m) => m.type === "agent")?.replyMode).toBe("every");
    // The same set, in any order and from any member, is the same conversation.
    expect(ok(await call(b, "space:group", { entityIds: [agent.entityId, ada.entityId, ada.entityId] })).space.id).toBe(space.id);
    ok(await call(b, "space:leave", { spaceId: space.id }));
    expect(ok(await call(a, "space:group", { entityIds: [agent.entityId, ben.entityId] })).space.members).toHaveLength(3);
    // Members are fixed: someone new means a new conversation.
    expect(await call(a, "space:addMembers", { spaceId: space.id, entityIds: [cleo.entityId] })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    // One other is the plain direct message.
    expect(ok(await call(a, "space:group", { entityIds: [cleo.entityId] })).space.members).toHaveLength(2);
  });

  it("the admin run list's space filter names a group direct message by its other members", async () => {
    const group = await openGroupDirect(srv.deps, root.actor, { entityIds: [ada.entityId, ben.entityId] });
    const { spaces } = await listRunFilterOptions(srv.deps, root.actor);
    expect(spaces).toContainEqual({ id: group.id, name: "Ada, Ben", kind: "direct" });
  });

  it("attack: more than 8 members, unknown members, nobody else, garbage: refused, nothing stored", async () => {
    const a = await ada.connect();
    const many = [];
    for (let i = 0; i < 8; i++) many.push((await srv.user(`Crowd${i}`)).entityId);
    const before = await srv.deps.db.space.count();
    expect(await call(a, "space:group", { entityIds: many })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    await expect(openGroupDirect(srv.deps, ada.actor, { entityIds: many })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/at most 8 members/),
    });
    expect(await call(a, "space:group", { entityIds: [ben.entityId, "c-nobody"] })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(a, "space:group", { entityIds: [] })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "space:group", { entityIds: [ada.entityId] })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(a, "space:group", "everyone")).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await srv.deps.db.space.count()).toBe(before);
    // Seven others (eight in all) is allowed.
    expect(ok(await call(a, "space:group", { entityIds: many.slice(0, 7) })).space.members).toHaveLength(8);
  });
});
