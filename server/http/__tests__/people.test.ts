// People administration over HTTP, against the real database and real sockets: admins only,
// the last admin stays, deactivation ends cookies, tokens and sockets at once and refuses
// sign-in, invite links work once (and despite SIGNUP=closed), reset links work once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/limits";
import { connectOutcome, startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { request, run } from "@/server/testing/http";
import { CLIENT_IP_HEADER } from "../client-ip";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { verifyCredentials } from "@/server/domain/users/verify-credentials";
import { signUp } from "@/server/domain/users/sign-up";
import { sendMessage } from "@/server/domain/messages/send-message";
import { listMessagesBefore } from "@/server/domain/messages/list-messages-before";
import { listSpacesHandler } from "../list-spaces";
import {
  acceptInviteHandler,
  changePersonHandler,
  createInviteHandler,
  issueResetHandler,
  listInvitesHandler,
  listPeopleHandler,
  revokeInviteHandler,
  usePasswordResetHandler,
} from "../people";

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let ipN = 0;
const freshIp = () => ({ [CLIENT_IP_HEADER]: `10.9.0.${++ipN}` });

beforeAll(async () => {
  t = await startTestServer({ unlimited: ["peopleChangesPerUser"] });
  [admin, member] = [await t.user("Ada", { isAdmin: true }), await t.user("Mel")];
});
afterAll(() => t?.close());

const patch = (cookie: string, id: string, body: unknown) =>
  run(t, changePersonHandler, request(`/api/admin/people/${id}`, { method: "PATCH", cookie, body }), { id });
const makeInvite = (cookie: string, body: unknown = {}) => run(t, createInviteHandler, request("/api/admin/people/invites", { cookie, body }));
const accept = (body: unknown, headers = freshIp()) => run(t, acceptInviteHandler, request("/api/invites/accept", { body, headers }));

describe("people administration: who may", () => {
  it("refuses members (403) and strangers (401) on every admin route", async () => {
    const c = member.cookie;
    expect((await run(t, listPeopleHandler, request("/api/admin/people", { cookie: c }))).status).toBe(403);
    expect((await patch(c, admin.userId, { role: "member" })).status).toBe(403);
    expect((await patch(c, member.userId, { role: "admin" })).status).toBe(403);
    expect((await makeInvite(c)).status).toBe(403);
    expect((await run(t, listInvitesHandler, request("/api/admin/people/invites", { cookie: c }))).status).toBe(403);
    expect((await run(t, issueResetHandler, request("/x", { method: "POST", cookie: c }), { id: admin.userId })).status).toBe(403);
    expect((await run(t, revokeInviteHandler, request("/x", { method: "DELETE", cookie: c }), { id: "x" })).status).toBe(403);
    expect((await run(t, listPeopleHandler, request("/api/admin/people"))).status).toBe(401);
    expect((await t.deps.db.user.findUniqueOrThrow({ where: { id: member.userId } })).isAdmin).toBe(false);
  });

  it("refuses changes made with an API token, even an admin's (403)", async () => {
    const { token } = await createApiToken(t.deps, admin.actor, { name: "ci" });
    expect((await run(t, changePersonHandler, request("/x", { method: "PATCH", bearer: token, body: { active: false } }), { id: member.userId })).status).toBe(
      403,
    );
    expect((await run(t, createInviteHandler, request("/x", { bearer: token, body: {} }))).status).toBe(403);
  });

  it("refuses malformed and oversized input (400)", async () => {
    expect((await patch(admin.cookie, member.userId, {})).status).toBe(400);
    expect((await patch(admin.cookie, member.userId, { role: "owner" })).status).toBe(400);
    expect((await patch(admin.cookie, member.userId, { role: "admin", isAdmin: true })).status).toBe(400);
    expect((await makeInvite(admin.cookie, { maxUses: 0 })).status).toBe(400);
    expect((await makeInvite(admin.cookie, { expiresInDays: 1000 })).status).toBe(400);
    expect((await makeInvite(admin.cookie, { spaceIds: Array.from({ length: 21 }, (_, i) => `s${i}`) })).status).toBe(400);
    expect((await makeInvite(admin.cookie, { spaceIds: ["no-such-space"] })).status).toBe(400);
    expect((await run(t, listPeopleHandler, request(`/api/admin/people?q=${"x".repeat(101)}`, { cookie: admin.cookie }))).status).toBe(400);
    expect((await accept({ token: "x".repeat(201), email: "a@b.dev", name: "A", password: "password123" })).status).toBe(400);
  });
});

describe("people list", () => {
  it("lists people with role, status and spaces, searches by name or email, and pages by keyset", async () => {
    const res = await run(t, listPeopleHandler, request("/api/admin/people?q=ada", { cookie: admin.cookie }));
    expect(res.status).toBe(200);
    expect(res.body.people).toEqual([expect.objectContaining({ userId: admin.userId, role: "admin", status: "active", spaceCount: expect.any(Number) })]);
    const byEmail = await run(t, listPeopleHandler, request(`/api/admin/people?q=${encodeURIComponent("mel-")}`, { cookie: admin.cookie }));
    expect(byEmail.body.people.map((p: { userId: string }) => p.userId)).toEqual([member.userId]);
    const all = await run(t, listPeopleHandler, request("/api/admin/people", { cookie: admin.cookie }));
    const after = all.body.people[0].email;
    const next = await run(t, listPeopleHandler, request(`/api/admin/people?after=${encodeURIComponent(after)}`, { cookie: admin.cookie }));
    expect(next.body.people.every((p: { email: string }) => p.email > after)).toBe(true);
  });
});

describe("roles", () => {
  it("the last admin cannot be demoted or deactivated (409); with another admin they can, and it is audited", async () => {
    const demote = await patch(admin.cookie, admin.userId, { role: "member" });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toMatch(/last admin/);
    expect((await patch(admin.cookie, admin.userId, { active: false })).status).toBe(409);

    const other = await t.user("Otto");
    expect((await patch(admin.cookie, other.userId, { role: "admin" })).status).toBe(200);
    // Two admins demoting each other at once: the lock lets exactly one through.
    const [a, b] = await Promise.all([patch(admin.cookie, other.userId, { role: "member" }), patch(admin.cookie, admin.userId, { role: "member" })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await t.deps.db.user.count({ where: { isAdmin: true, deactivatedAt: null } })).toBeGreaterThanOrEqual(1);
    // Put Ada back as the admin for the other tests.
    await t.deps.db.user.update({ where: { id: admin.userId }, data: { isAdmin: true } });
    const audit = await t.deps.db.auditEntry.findMany({ where: { action: "person.role" } });
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});

describe("deactivation", () => {
  it("ends the cookie, the API token and the socket at once, refuses sign-in, and reactivation restores sign-in", async () => {
    const dee = await t.user("Dee");
    const room = await t.deps.db.space.create({
      data: { kind: "channel", name: "dee-room", memberships: { create: [{ entityId: dee.entityId }, { entityId: admin.entityId }] } },
    });
    await sendMessage(t.deps, dee.actor, { spaceId: room.id, text: "still here" });
    const { token } = await createApiToken(t.deps, dee.actor, { name: "cli" });
    const socket = await dee.connect();
    const closed = new Promise<string>((resolve) => socket.on("disconnect", (reason) => resolve(reason)));
    expect((await run(t, listSpacesHandler, request("/api/spaces", { cookie: dee.cookie }))).status).toBe(200);

    const off = await patch(admin.cookie, dee.userId, { active: false });
    expect(off.status).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect((await run(t, listSpacesHandler, request("/api/spaces", { cookie: dee.cookie }))).status).toBe(401);
    expect((await run(t, listSpacesHandler, request("/api/spaces", { bearer: token }))).status).toBe(401);
    const email = (await t.deps.db.user.findUniqueOrThrow({ where: { id: dee.userId } })).email;
    expect(await verifyCredentials(t.deps.db, email, "password123")).toBeNull();
    // No password reset for a deactivated person.
    expect((await run(t, issueResetHandler, request("/x", { method: "POST", cookie: admin.cookie }), { id: dee.userId })).status).toBe(409);
    expect(await t.deps.db.auditEntry.count({ where: { action: "person.deactivate" } })).toBe(1);
    // Their messages stay, marked in the chat.
    const seen = await listMessagesBefore(t.deps, admin.actor, { spaceId: room.id });
    expect(seen.messages.find((m) => m.text === "still here")?.sender.name).toBe("Dee (deactivated)");

    expect((await patch(admin.cookie, dee.userId, { active: true })).status).toBe(200);
    expect(await verifyCredentials(t.deps.db, email, "password123")).toMatchObject({ id: dee.userId });
    // The token stays revoked: reactivation restores sign-in, not old credentials.
    expect((await run(t, listSpacesHandler, request("/api/spaces", { bearer: token }))).status).toBe(401);
  });

  it("a session or token that outlived deactivation (a sign-in racing it) is still refused, by HTTP and the socket handshake", async () => {
    const rae = await t.user("Rae");
    const { token } = await createApiToken(t.deps, rae.actor, { name: "cli" });
    // Deactivated behind the verbs' back: the rows that deactivation would remove are still there.
    await t.deps.db.user.update({ where: { id: rae.userId }, data: { deactivatedAt: new Date() } });
    expect((await run(t, listSpacesHandler, request("/api/spaces", { cookie: rae.cookie }))).status).toBe(401);
    expect((await run(t, listSpacesHandler, request("/api/spaces", { bearer: token }))).status).toBe(401);
    expect(await connectOutcome(t.url, { extraHeaders: { cookie: rae.cookie } })).toBe("unauthorized");
    expect(await connectOutcome(t.url, { extraHeaders: { authorization: `Bearer ${token}` } })).toBe("unauthorized");
  });
});

describe("invite links", () => {
  it("signs up once despite SIGNUP=closed, joins the link's channels with its role; a second use is refused", async () => {
    const room = await t.deps.db.space.create({ data: { kind: "channel", name: "invited-room" } });
    const made = await makeInvite(admin.cookie, { role: "admin", spaceIds: [room.id] });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^inv_/);
    const stored = await t.deps.db.invite.findUniqueOrThrow({ where: { id: made.body.invite.id } });
    expect(JSON.stringify(stored)).not.toContain(made.body.token);
    // The plain sign-up is refused by the policy; the invite is not.
    await expect(
      signUp(t.deps, { email: "x@closed.dev", name: "X", password: "password123", policy: { mode: "closed", domains: ["elsewhere.dev"] } }),
    ).rejects.toThrow(/closed/);

    const ok = await accept({ token: made.body.token, email: "ivy@closed.dev", name: "Ivy", password: "password123" });
    expect(ok.status).toBe(201);
    const ivy = await t.deps.db.user.findUniqueOrThrow({ where: { email: "ivy@closed.dev" } });
    expect(ivy.isAdmin).toBe(true);
    expect(await t.deps.db.membership.count({ where: { entityId: ivy.entityId, spaceId: room.id } })).toBe(1);

    const again = await accept({ token: made.body.token, email: "ivy2@closed.dev", name: "Ivy Two", password: "password123" });
    expect(again.status).toBe(403);
    expect(again.body.error.message).toMatch(/already been used/);
  });

  it("two people racing for a single-use link: exactly one gets in", async () => {
    const made = await makeInvite(admin.cookie);
    const tries = await Promise.all(
      [1, 2, 3].map((i) => accept({ token: made.body.token, email: `racer${i}@test.dev`, name: `Racer ${i}`, password: "password123" })),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([201, 403, 403]);
  });

  it("refuses expired, revoked, forged and unknown links", async () => {
    const expired = await makeInvite(admin.cookie);
    await t.deps.db.invite.update({ where: { id: expired.body.invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await accept({ token: expired.body.token, email: "late@test.dev", name: "Late", password: "password123" });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/expired/);

    const revoked = await makeInvite(admin.cookie, { maxUses: 5 });
    expect((await run(t, revokeInviteHandler, request("/x", { method: "DELETE", cookie: admin.cookie }), { id: revoked.body.invite.id })).status).toBe(204);
    expect((await accept({ token: revoked.body.token, email: "rev@test.dev", name: "Rev", password: "password123" })).body.error.message).toMatch(/revoked/);

    for (const token of ["inv_forged", "pk_notaninvite", `${revoked.body.token.slice(0, -2)}xx`]) {
      const forged = await accept({ token, email: "forge@test.dev", name: "Forge", password: "password123" });
      expect(forged.status).toBe(403);
      expect(forged.body.error.message).toMatch(/not valid/);
    }
    expect(await t.deps.db.user.count({ where: { email: { in: ["late@test.dev", "rev@test.dev", "forge@test.dev"] } } })).toBe(0);
    const listed = await run(t, listInvitesHandler, request("/api/admin/people/invites", { cookie: admin.cookie }));
    expect(listed.body.invites.find((i: { id: string }) => i.id === revoked.body.invite.id).state).toBe("revoked");
    expect(JSON.stringify(listed.body)).not.toContain(revoked.body.token);
  });

  it("gives the use back when the email is taken (409)", async () => {
    const made = await makeInvite(admin.cookie);
    const email = (await t.deps.db.user.findUniqueOrThrow({ where: { id: member.userId } })).email;
    expect((await accept({ token: made.body.token, email, name: "Dup", password: "password123" })).status).toBe(409);
    expect((await t.deps.db.invite.findUniqueOrThrow({ where: { id: made.body.invite.id } })).uses).toBe(0);
  });

  it("rate limits uses per address (429)", async () => {
    const headers = { [CLIENT_IP_HEADER]: "10.77.0.1" };
    for (let i = 0; i < RATE_LIMITS.linkUsesPerIp.points; i++)
      await accept({ token: "inv_nope", email: "n@test.dev", name: "N", password: "password123" }, headers);
    const refused = await accept({ token: "inv_nope", email: "n@test.dev", name: "N", password: "password123" }, headers);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
  });
});

describe("password reset links", () => {
  it("sets a new password once and ends the person's sessions; a reused, expired or forged link is refused", async () => {
    const pat = await t.user("Pat");
    const socket = await pat.connect();
    const closed = new Promise<string>((resolve) => socket.on("disconnect", (reason) => resolve(reason)));
    const issued = await run(t, issueResetHandler, request("/x", { method: "POST", cookie: admin.cookie }), { id: pat.userId });
    expect(issued.status).toBe(201);
    const token = issued.body.token as string;
    const reset = (body: unknown) => run(t, usePasswordResetHandler, request("/api/reset", { body, headers: freshIp() }));

    expect((await reset({ token, password: "short" })).status).toBe(400);
    expect((await reset({ token, password: "new-password-1" })).status).toBe(204);
    expect(await closed).toBe("io server disconnect");
    expect((await run(t, listSpacesHandler, request("/api/spaces", { cookie: pat.cookie }))).status).toBe(401);
    const email = (await t.deps.db.user.findUniqueOrThrow({ where: { id: pat.userId } })).email;
    expect(await verifyCredentials(t.deps.db, email, "new-password-1")).toMatchObject({ id: pat.userId });

    expect((await reset({ token, password: "another-pass-2" })).status).toBe(403);
    const old = await run(t, issueResetHandler, request("/x", { method: "POST", cookie: admin.cookie }), { id: pat.userId });
    await t.deps.db.passwordReset.updateMany({ where: { userId: pat.userId, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await reset({ token: old.body.token, password: "another-pass-2" })).status).toBe(403);
    expect((await reset({ token: "pwr_forged", password: "another-pass-2" })).status).toBe(403);
    expect(await verifyCredentials(t.deps.db, email, "another-pass-2")).toBeNull();
    expect(await t.deps.db.auditEntry.count({ where: { action: "person.password_reset" } })).toBe(2);
  });
});
