// What every request passes before a handler runs: authentication (cookie or token),
// the body size limit, JSON parsing, and a log line for each refusal.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { revokeApiToken } from "@/server/domain/users/revoke-api-token";
import { MAX_BODY_BYTES } from "@/lib/limits";
import { log } from "@/server/log";
import { listSpacesHandler } from "../list-spaces";
import { listEntitiesHandler } from "../list-entities";
import { sendMessageHandler } from "../send-message";
import { request, run } from "@/server/testing/http";

let t: TestServer;
let alice: TestUser;
let spaceId: string;

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.user("Alice");
  spaceId = (await createChannel(t.deps, alice.actor, { name: "general" })).id;
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const send = (opts: Parameters<typeof request>[1]) =>
  run(t, sendMessageHandler, request(`/api/spaces/${spaceId}/messages`, { cookie: alice.cookie, ...opts }), { id: spaceId });

describe("authentication", () => {
  it("answers 401 without a cookie or token, and with a forged cookie", async () => {
    const none = await run(t, listSpacesHandler, request("/api/spaces"));
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
    const forged = await run(t, listSpacesHandler, request("/api/spaces", { cookie: "authjs.session-token=not-a-jwt" }));
    expect(forged.status).toBe(401);
    expect((await send({ cookie: undefined, body: { text: "hi" } })).status).toBe(401);
  });

  it("accepts a live API token and refuses it once revoked", async () => {
    const { token, id } = await createApiToken(t.deps, alice.actor, { name: "ci" });
    const ok = await run(t, listEntitiesHandler, request("/api/entities", { bearer: token }));
    expect(ok.status).toBe(200);
    expect(ok.body.entities).toEqual(expect.arrayContaining([expect.objectContaining({ id: alice.entityId, name: "Alice" })]));
    await revokeApiToken(t.deps, alice.actor, { id: id });
    expect((await run(t, listEntitiesHandler, request("/api/entities", { bearer: token }))).status).toBe(401);
    // A bad token is not rescued by a valid cookie sent alongside it.
    const both = await run(t, listSpacesHandler, request("/api/spaces", { bearer: token, cookie: alice.cookie }));
    expect(both.status).toBe(401);
    expect((await run(t, listSpacesHandler, request("/api/spaces", { bearer: "pk_unknown" }))).status).toBe(401);
  });

  it("logs each refusal with its status, never the credentials", async () => {
    const info = vi.spyOn(log, "info");
    await run(t, listSpacesHandler, request("/api/spaces?x=1", { bearer: "pk_secret-looking" }));
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ method: "GET", path: "/api/spaces", status: 401, code: "unauthorized" }),
      expect.stringContaining("http refused"),
    );
    expect(JSON.stringify(info.mock.calls)).not.toContain("pk_secret-looking");
  });
});

describe("request bodies", () => {
  it("answers 413 to a body over the limit, declared or not", async () => {
    const big = JSON.stringify({ text: "x".repeat(MAX_BODY_BYTES) });
    const undeclared = await send({ raw: big });
    expect(undeclared.status).toBe(413);
    expect(undeclared.body.error.code).toBe("payload_too_large");
    const declared = await send({ raw: "{}", headers: { "content-length": String(MAX_BODY_BYTES + 1) } });
    expect(declared.status).toBe(413);
  });

  it("stops reading a streamed body as soon as it passes the limit", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk); // endless: only the limit ends this request
      },
    });
    const res = await send({ raw: stream });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(MAX_BODY_BYTES / chunk.byteLength + 4);
  });

  it("logs a 413 refusal", async () => {
    const info = vi.spyOn(log, "info");
    await send({ raw: "{}", headers: { "content-length": String(MAX_BODY_BYTES * 2) } });
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ status: 413, userId: alice.userId }), expect.any(String));
  });

  it.each([
    ["malformed JSON", { raw: '{"text": "unterminated' }, /not valid JSON/],
    ["an empty body", { raw: "" }, /empty/],
    ["a non-object", { body: ["text"] }, /expected object/],
    ["invalid UTF-8", { raw: new Uint8Array([0x7b, 0xff, 0x7d]) }, /not valid JSON/],
    ["a form content type", { raw: "text=hi", headers: { "content-type": "application/x-www-form-urlencoded" } }, /Content-Type/],
    ["text/plain JSON (cross-site form)", { raw: '{"text":"hi"}', headers: { "content-type": "text/plain" } }, /Content-Type/],
  ] as const)("answers 400 to %s", async (_name, opts, message) => {
    const res = await send(opts as Parameters<typeof request>[1]);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: "bad_request", message: expect.stringMatching(message) });
  });

  it("accepts JSON with a charset parameter", async () => {
    const res = await send({ raw: '{"text":"hi"}', headers: { "content-type": "application/json; charset=utf-8" } });
    expect(res.status).toBe(201);
  });
});

describe("responses", () => {
  it("are JSON and never cached", async () => {
    const res = await run(t, listSpacesHandler, request("/api/spaces", { cookie: alice.cookie }));
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
