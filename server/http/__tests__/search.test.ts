// GET /api/search and GET /api/spaces/:id/messages?around= as Next calls them: cookie and
// bearer callers, only their own spaces, validation, oversized queries, the rate limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { leaveSpace } from "@/server/domain/spaces/leave-space";
import { sendMessage } from "@/server/domain/messages/send-message";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { AROUND_MESSAGES, MAX_SEARCH_QUERY_LENGTH, RATE_LIMITS } from "@/lib/limits";
import type { MessageDto } from "@/lib/realtime/dto";
import { plainSnippet } from "@/lib/search/snippet";
import { searchHandler } from "../search";
import { listMessagesHandler } from "../list-messages";
import { request, run } from "@/server/testing/http";

let t: TestServer;
let ada: TestUser;
let ben: TestUser;
let general: string;
let secret: string;

beforeAll(async () => {
  t = await startTestServer({ unlimited: ["messagesPerUser"] });
  [ada, ben] = [await t.user("Ada"), await t.user("Ben")];
  general = (await createChannel(t.deps, ada.actor, { name: "general", memberIds: [ben.entityId] })).id;
  secret = (await createChannel(t.deps, ada.actor, { name: "secret", memberIds: [ben.entityId] })).id;
  for (let i = 1; i <= 60; i++) await sendMessage(t.deps, ada.actor, { spaceId: general, text: i === 30 ? "the needle is here" : `hay ${i}` });
  await sendMessage(t.deps, ada.actor, { spaceId: secret, text: "needle in the secret room" });
  await leaveSpace(t.deps, ben.actor, { spaceId: secret });
});
afterAll(() => t?.close());

const search = (as: { cookie?: string; bearer?: string }, query: string) => run(t, searchHandler, request(`/api/search?${query}`, as));
const texts = (body: { results: { snippet: string }[] }) => body.results.map((r) => plainSnippet(r.snippet));

describe("GET /api/search", () => {
  it("answers a signed-in member with results from their spaces, by cookie or token", async () => {
    const res = await search({ cookie: ada.cookie }, "q=needle");
    expect(res.status).toBe(200);
    expect(texts(res.body)).toEqual(["needle in the secret room", "the needle is here"]);
    expect(res.body.nextCursor).toBeNull();
    const { token } = await createApiToken(t.deps, ada.actor, { name: "bot" });
    expect(texts((await search({ bearer: token }, "q=needle&in=general")).body)).toEqual(["the needle is here"]);
  });

  it("never shows a space the caller left", async () => {
    const res = await search({ cookie: ben.cookie }, "q=needle");
    expect(texts(res.body)).toEqual(["the needle is here"]);
    expect((await search({ cookie: ben.cookie }, "q=in%3Asecret")).body.results).toEqual([]);
  });

  it("takes filters as parameters and pages with the cursor it gave", async () => {
    const first = await search({ cookie: ada.cookie }, "q=hay&from=%40Ada&limit=25");
    expect(first.body.results).toHaveLength(25);
    const next = await search({ cookie: ada.cookie }, `q=hay&from=Ada&limit=25&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(next.body.results).toHaveLength(25);
    expect(new Set([...texts(first.body), ...texts(next.body)]).size).toBe(50);
  });

  it("refuses strangers, bad input and oversized queries with their codes", async () => {
    expect((await search({}, "q=needle")).status).toBe(401);
    const bad = async (query: string) => {
      const res = await search({ cookie: ada.cookie }, query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
    };
    await bad("");
    await bad("q=");
    await bad("q=x&before=tomorrow");
    await bad("q=x&limit=0");
    await bad("q=x&limit=abc");
    await bad("q=x&cursor=nope");
    await bad(`q=${"x".repeat(MAX_SEARCH_QUERY_LENGTH + 1)}`);
    await bad(`q=x&in=${"y".repeat(101)}`);
    await bad("q=x%00");
  });

  it("is rate limited per person", async () => {
    const u = await t.user("Flood");
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.searchesPerUser.points; i++) statuses.push((await search({ cookie: u.cookie }, "q=x")).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const over = await search({ cookie: u.cookie }, "q=x");
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("rate_limited");
  });
});

describe("GET /api/spaces/:id/messages?around=", () => {
  const around = (as: TestUser, id: string, seq: string) =>
    run(t, listMessagesHandler, request(`/api/spaces/${id}/messages?around=${seq}`, { cookie: as.cookie }), { id });

  it("returns the message with its surroundings, oldest first", async () => {
    const hit = (await search({ cookie: ada.cookie }, "q=needle&in=general")).body.results[0];
    const res = await around(ada, general, String(hit.seq));
    expect(res.status).toBe(200);
    const seqs = (res.body.messages as MessageDto[]).map((m) => m.seq);
    expect(seqs).toContain(hit.seq);
    expect(seqs[0]).toBe(Math.max(1, hit.seq - AROUND_MESSAGES));
    expect(seqs.at(-1)).toBe(hit.seq + AROUND_MESSAGES);
    expect(res.body).toMatchObject({ hasMoreBefore: expect.any(Boolean), hasMoreAfter: true });
  });

  it("refuses non-members and bad seqs", async () => {
    expect((await around(ben, secret, "1")).status).toBe(404);
    expect((await around(ada, general, "0")).status).toBe(400);
    expect((await around(ada, general, "-3")).status).toBe(400);
  });
});
