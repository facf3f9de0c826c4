// Search against the real database: only the searcher's spaces (never one left or never joined,
// admins included), deleted and system messages never, the filters, snippets and paging.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { addMembers } from "@/server/domain/spaces/add-members";
import { leaveSpace } from "@/server/domain/spaces/leave-space";
import { openDirectSpace } from "@/server/domain/spaces/open-direct-space";
import { sendMessage } from "@/server/domain/messages/send-message";
import { HIT_END, HIT_START, plainSnippet } from "@/lib/search/snippet";
import { MAX_SEARCH_SNIPPET_CHARS } from "@/lib/limits";
import { searchMessages, type SearchInput } from "../search-messages";

let t: TestServer;
let ada: TestUser;
let ben: TestUser;
let root: TestUser; // an admin in none of the spaces below
let general: string;
let design: string; // Ada only
let left: string; // Ben left it
let archived: string;

const say = async (who: TestUser, spaceId: string, text: string) => (await sendMessage(t.deps, who.actor, { spaceId, text })).message;
const search = (who: TestUser, input: Partial<SearchInput> & { q: string }) => searchMessages(t.deps, who.actor, input);
const texts = async (who: TestUser, q: string, extra: Partial<SearchInput> = {}) =>
  (await search(who, { q, ...extra })).results.map((r) => plainSnippet(r.snippet));

beforeAll(async () => {
  t = await startTestServer({ unlimited: ["messagesPerUser"] });
  [ada, ben, root] = [await t.user("Ada"), await t.user("Ben"), await t.user("Root", { isAdmin: true })];
  general = (await createChannel(t.deps, ada.actor, { name: "general", memberIds: [ben.entityId] })).id;
  design = (await createChannel(t.deps, ada.actor, { name: "design" })).id;
  left = (await createChannel(t.deps, ada.actor, { name: "old-project", memberIds: [ben.entityId] })).id;
  archived = (await createChannel(t.deps, ada.actor, { name: "archive", memberIds: [ben.entityId] })).id;
  await say(ada, general, "The deploy is scheduled for Friday");
  await say(ben, general, "I deployed the staging build yesterday");
  await say(ada, design, "The secret logo deploy plan");
  await say(ada, left, "Old project deploy notes");
  await say(ada, archived, "Archived deploy checklist");
  await t.deps.db.space.update({ where: { id: archived }, data: { archivedAt: new Date() } });
  await leaveSpace(t.deps, ben.actor, { spaceId: left });
});
afterAll(() => t?.close());

describe("searchMessages", () => {
  it("finds words in every space the searcher is in, stemmed, newest first", async () => {
    expect(await texts(ada, "deploy")).toEqual([
      "Archived deploy checklist",
      "Old project deploy notes",
      "The secret logo deploy plan",
      "I deployed the staging build yesterday",
      "The deploy is scheduled for Friday",
    ]);
  });

  it("never finds a message in a space the searcher was never in, or has left; archived spaces they are in stay searchable", async () => {
    expect(await texts(ben, "deploy")).toEqual(["Archived deploy checklist", "I deployed the staging build yesterday", "The deploy is scheduled for Friday"]);
    expect(await texts(ben, "secret logo")).toEqual([]);
    expect(await texts(ben, "old project")).toEqual([]);
  });

  it("gives admins nothing from spaces they are not in", async () => {
    expect(await texts(root, "deploy")).toEqual([]);
    expect(await texts(root, "from:ada")).toEqual([]);
  });

  it("drops a deleted message from results at once", async () => {
    const m = await say(ada, general, "ephemeral kumquat");
    expect(await texts(ada, "kumquat")).toEqual(["ephemeral kumquat"]);
    await t.deps.db.message.update({ where: { id: m.id }, data: { deletedAt: new Date() } });
    expect(await texts(ada, "kumquat")).toEqual([]);
    expect(await texts(ada, "from:ada in:general")).not.toContain("ephemeral kumquat");
  });

  it("never returns system lines (membership changes)", async () => {
    const space = await createChannel(t.deps, ada.actor, { name: "sysline" });
    await addMembers(t.deps, ada.actor, { spaceId: space.id, entityIds: [ben.entityId] });
    const lines = await t.deps.db.message.findMany({ where: { spaceId: space.id, kind: "system" } });
    expect(lines.length).toBeGreaterThan(0);
    expect(await texts(ada, "in:sysline")).toEqual([]);
    expect(await texts(ada, "added")).toEqual([]);
  });

  it("filters by space (#channel, or a direct space by the other person's name) and sender", async () => {
    expect(await texts(ada, "deploy in:#general")).toEqual(["I deployed the staging build yesterday", "The deploy is scheduled for Friday"]);
    expect(await texts(ada, "deploy in:GENERAL from:@ben")).toEqual(["I deployed the staging build yesterday"]);
    expect(await texts(ada, "deploy", { from: "Ada", in: "design" })).toEqual(["The secret logo deploy plan"]);
    const dm = await openDirectSpace(t.deps, ada.actor, { entityId: ben.entityId });
    await say(ben, dm.id, "private deploy question");
    expect(await texts(ada, "in:@Ben deploy")).toEqual(["private deploy question"]);
    expect(await texts(ada, "in:nowhere deploy")).toEqual([]);
  });

  it("filters by day, in UTC: before the day starts, after it ends", async () => {
    const space = await createChannel(t.deps, ada.actor, { name: "dated" });
    for (const [text, at] of [
      ["quarterly report one", "2026-01-30T23:59:00Z"],
      ["quarterly report two", "2026-01-31T12:00:00Z"],
      ["quarterly report three", "2026-02-01T00:00:00Z"],
    ] as const) {
      const m = await say(ada, space.id, text);
      await t.deps.db.message.update({ where: { id: m.id }, data: { createdAt: new Date(at) } });
    }
    expect(await texts(ada, "quarterly before:2026-01-31")).toEqual(["quarterly report one"]);
    expect(await texts(ada, "quarterly after:2026-01-31")).toEqual(["quarterly report three"]);
    expect(await texts(ada, "quarterly", { after: "2026-01-30", before: "2026-02-01" })).toEqual(["quarterly report two"]);
  });

  it("marks matched words in a bounded snippet; the text's own markup and marks stay plain text", async () => {
    await say(ada, general, `zanzibar <img src=x onerror=alert(1)> ${HIT_START}fake${HIT_END} ${"filler ".repeat(200)}`);
    const [r] = (await search(ada, { q: "zanzibar" })).results;
    expect(r!.snippet).toContain(`${HIT_START}zanzibar${HIT_END}`);
    expect(r!.snippet).toContain("<img src=x onerror=alert(1)>");
    expect(r!.snippet).not.toContain(`${HIT_START}fake`);
    expect(plainSnippet(r!.snippet).length).toBeLessThanOrEqual(MAX_SEARCH_SNIPPET_CHARS + 1);
    expect(r).toMatchObject({ spaceId: general, spaceName: "general", spaceKind: "channel", sender: { id: ada.entityId, name: "Ada" } });
  });

  it("pages by keyset: every match once, newest first", async () => {
    const space = await createChannel(t.deps, ada.actor, { name: "paging" });
    for (let i = 1; i <= 7; i++) await say(ada, space.id, `pagination item ${i}`);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await search(ada, { q: "pagination", limit: 3, cursor });
      seen.push(...page.results.map((r) => plainSnippet(r.snippet)));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `pagination item ${i}`));
  });

  it("refuses a query with nothing to search for, a bad operator value or a forged cursor", async () => {
    await expect(search(ada, { q: "   " })).rejects.toMatchObject({ code: "bad_request" });
    await expect(search(ada, { q: "x before:2026-02-31" })).rejects.toMatchObject({ code: "bad_request", message: "before: needs a date as YYYY-MM-DD" });
    await expect(search(ada, { q: "x", after: "soon" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(search(ada, { q: "x", cursor: "1'; DROP TABLE" })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("treats query syntax as words, never as SQL or tsquery operators it cannot parse", async () => {
    for (const q of ['\'); DROP TABLE "Message"; --', "a & | ! <-> :*", '"unclosed', "-", "or or or"]) {
      await expect(search(ada, { q })).resolves.toMatchObject({ results: expect.any(Array) });
    }
  });

  it("searches only within the given spaces when asked (an agent run's reach), never beyond membership", async () => {
    expect(await texts(ada, "deploy", { withinSpaceIds: [general] })).toHaveLength(2);
    expect(await texts(ben, "deploy", { withinSpaceIds: [design, left] })).toEqual([]);
    expect(await texts(ada, "deploy", { withinSpaceIds: [] })).toEqual([]);
  });
});
