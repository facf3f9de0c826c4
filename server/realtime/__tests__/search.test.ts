// search:query and messages:around over a real Socket.IO client: own spaces only, malformed and
// oversized payloads answered with their codes (the connection lives on), the rate limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestServer, type ClientSocket, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";
import { MAX_SEARCH_QUERY_LENGTH, RATE_LIMITS } from "@/lib/limits";
import { plainSnippet } from "@/lib/search/snippet";

let t: TestServer;
let ada: TestUser;
let ben: TestUser;
let general: string;
let hidden: string;

beforeAll(async () => {
  t = await startTestServer();
  [ada, ben] = [await t.user("Ada"), await t.user("Ben")];
  general = (await createChannel(t.deps, ada.actor, { name: "general", memberIds: [ben.entityId] })).id;
  hidden = (await createChannel(t.deps, ada.actor, { name: "hidden" })).id;
  for (const text of ["first budget note", "second budget note", "third line"]) await sendMessage(t.deps, ada.actor, { spaceId: general, text });
  await sendMessage(t.deps, ada.actor, { spaceId: hidden, text: "hidden budget plan" });
});
afterAll(() => t?.close());

describe("search:query", () => {
  let socket: ClientSocket;
  beforeAll(async () => {
    socket = await ben.connect();
  });

  it("acks a page of results from the member's spaces only", async () => {
    const ack = await call(socket, "search:query", { q: "budget" });
    if (!ack.ok) throw new Error(ack.error.message);
    expect(ack.data.results.map((r) => plainSnippet(r.snippet))).toEqual(["second budget note", "first budget note"]);
    expect(ack.data.results[0]).toMatchObject({ spaceId: general, spaceName: "general", sender: { name: "Ada" } });
  });

  it("answers malformed and oversized payloads with error acks, and keeps working", async () => {
    expect(await call(socket, "search:query", { q: 42 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(socket, "search:query", null)).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(socket, "search:query", { q: "x", limit: 1000 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(socket, "search:query", { q: "x".repeat(MAX_SEARCH_QUERY_LENGTH + 1) })).toMatchObject({
      ok: false,
      error: { code: "payload_too_large" },
    });
    expect(await call(socket, "search:query", { q: "in:" })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(socket, "search:query", { q: "budget" })).toMatchObject({ ok: true });
  });

  it("refuses past the person's search budget", async () => {
    const flood = await (await t.user("Flood")).connect();
    const acks = [];
    for (let i = 0; i <= RATE_LIMITS.searchesPerUser.points; i++) acks.push(await call(flood, "search:query", { q: "budget" }));
    expect(acks.filter((a) => a.ok)).toHaveLength(RATE_LIMITS.searchesPerUser.points);
    expect(acks.at(-1)).toMatchObject({ ok: false, error: { code: "rate_limited", retryAfterS: expect.any(Number) } });
  });
});

describe("messages:around", () => {
  it("loads the messages around a seq for a member, and refuses others as not found", async () => {
    const socket = await ben.connect();
    const ack = await call(socket, "messages:around", { spaceId: general, seq: 2 });
    if (!ack.ok) throw new Error(ack.error.message);
    expect(ack.data.messages.map((m) => m.text)).toEqual(["first budget note", "second budget note", "third line"]);
    expect(ack.data).toMatchObject({ hasMoreBefore: false, hasMoreAfter: false });
    expect(await call(socket, "messages:around", { spaceId: hidden, seq: 1 })).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await call(socket, "messages:around", { spaceId: general, seq: "1" })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await call(socket, "messages:around", { spaceId: general, seq: 2 ** 40 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
  });
});
