// The two endpoints without auth: sign-up and the health check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, waitFor, type TestServer } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { verifyCredentials } from "@/server/domain/users/verify-credentials";
import type { Db } from "@/server/db/client";
import { signupHandler } from "../signup";
import { healthHandler } from "../health";
import { httpDeps, request, run } from "@/server/testing/http";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  await t.user("Existing"); // so sign-ups below are not the workspace's first (admin) account
});
afterAll(() => t?.close());

// Each from its own address: sign-ups are rate limited per IP (attacks-edge.test.ts tests that).
let ip = 0;
const signup = (body: unknown) => run(t, signupHandler, request("/api/signup", { body, headers: { "x-parley-client-ip": `192.0.2.${++ip}` } }));

describe("POST /api/signup", () => {
  it("creates an account that can sign in; the same email again gets the same answer and changes nothing", async () => {
    const res = await signup({ email: "Dana@Example.com", name: " Dana ", password: "correct horse" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true });
    const dana = await t.deps.db.user.findUniqueOrThrow({ where: { email: "dana@example.com" }, include: { entity: true } });
    expect(dana.entity.name).toBe("Dana");
    expect(await verifyCredentials(t.deps.db, "dana@example.com", "correct horse")).toMatchObject({ id: dana.id });

    const again = await signup({ email: "dana@example.com", name: "Other", password: "another one" });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ accepted: true });
    // The owner's password and name stand; the second password signs in to nothing.
    expect(await verifyCredentials(t.deps.db, "dana@example.com", "correct horse")).toMatchObject({ id: dana.id });
    expect(await verifyCredentials(t.deps.db, "dana@example.com", "another one")).toBeNull();
    expect(await t.deps.db.user.count({ where: { email: "dana@example.com" } })).toBe(1);
  });

  it("a new account joins #general and its members merge it live, without refetching the space", async () => {
    const existing = await t.user("Member");
    const general = await createChannel(t.deps, existing.actor, { name: "general" });
    const socket = await existing.connect();
    // space:updated makes every client refetch the whole space: one sign-up must not cause that.
    const updated: unknown[] = [];
    socket.on("space:updated", (p) => updated.push(p));
    const told = waitFor(socket, "space:members");
    const res = await signup({ email: "newbie@example.com", name: "Newbie", password: "long enough" });
    expect(res.status).toBe(202);
    const { entityId } = await t.deps.db.user.findUniqueOrThrow({ where: { email: "newbie@example.com" } });
    expect(await told).toEqual({
      spaceId: general.id,
      added: [expect.objectContaining({ id: entityId, name: "Newbie", type: "human", role: "member", lastSeenSeq: 0 })],
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(updated).toEqual([]);
    const members = await t.deps.db.membership.count({ where: { spaceId: general.id } });
    expect(members).toBe(2);
  });

  it.each([
    ["a short password", { email: "e@x.dev", name: "E", password: "short" }, /at least 8/],
    ["an invalid email", { email: "not-an-email", name: "E", password: "long enough" }, /email/],
    ["a missing name", { email: "f@x.dev", name: "  ", password: "long enough" }, /Name/],
    ["a missing password", { email: "g@x.dev", name: "G" }, /password/],
  ])("answers 400 to %s", async (_name, body, message) => {
    const res = await signup(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it("ignores isAdmin in the body", async () => {
    const res = await signup({ email: "mallory@x.dev", name: "Mallory", password: "long enough", isAdmin: true });
    expect(res.status).toBe(202);
    expect((await t.deps.db.user.findUniqueOrThrow({ where: { email: "mallory@x.dev" } })).isAdmin).toBe(false);
  });
});

describe("GET /api/health", () => {
  it("answers 200 without auth", async () => {
    const res = await run(t, healthHandler, request("/api/health"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it("still answers 200 when the database fails: liveness, so an outage does not restart every process (readiness says 503)", async () => {
    const broken = { $queryRaw: () => Promise.reject(new Error("connection refused")) } as unknown as Db;
    const res = await healthHandler(request("/api/health"), { ...httpDeps(t), db: broken }, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});
