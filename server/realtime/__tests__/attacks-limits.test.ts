// Signed-in abuse: floods of each event against its named limit, membership races, and
// access that must end at once (revoked token, signed-out session, foreign origin).
// Every refusal is a clear error while the connection keeps working.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { io as connect } from "socket.io-client";
import { encode } from "next-auth/jwt";
import { startTestServer, call, connectOutcome, waitFor, TEST_SECRET, type TestServer, type TestUser, type ClientSocket } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { removeMember } from "@/server/domain/spaces/remove-member";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { mintSessionCookie, SESSION_COOKIE, sessionFromCookieHeader } from "@/server/auth/session-cookie";
import { checkServerSession, endServerSession } from "@/server/auth/server-sessions";
import { MAX_PENDING_EVENTS_PER_SOCKET, RATE_LIMITS, TYPING_RELAY_MS } from "@/lib/limits";
import { log } from "@/server/log";
import { sendMessageHandler } from "@/server/http/send-message";
import { listSpacesHandler } from "@/server/http/list-spaces";
import { revokeTokenHandler } from "@/server/http/api-tokens";
import { revokeAllSessionsHandler } from "@/server/http/sessions";
import { request, run } from "@/server/testing/http";

let t: TestServer;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  owner = await t.user("Owner");
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const stillWorks = async (s: ClientSocket) => expect(await call(s, "spaces:list", {})).toMatchObject({ ok: true });
// retryAfterS lets the browser's outbox wait exactly as long as asked before sending again.
const rateLimited = { ok: false, error: { code: "rate_limited", message: expect.stringMatching(/try again in \d+ s/), retryAfterS: expect.any(Number) } };
const okCount = (acks: { ok: boolean }[]) => acks.filter((a) => a.ok).length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A socket that must not connect: resolves with the connect_error message. */
const refused = (opts: Parameters<typeof connect>[1]) => connectOutcome(t.url, opts);

/** A socket opened with an API token or cookie, waiting for session:ready. */
async function open(opts: Parameters<typeof connect>[1]): Promise<ClientSocket> {
  const s: ClientSocket = connect(t.url, { transports: ["websocket"], forceNew: true, reconnection: false, ...opts });
  await waitFor(s, "session:ready");
  return s;
}

const disconnected = (s: ClientSocket) => new Promise<string>((resolve) => s.on("disconnect", (reason) => resolve(reason)));

describe("messagesPerUser: one budget over the socket and HTTP", () => {
  it("refuses past 20 messages in 10 s, stores nothing past it, and keeps the connection", async () => {
    const sender = await t.user("Sender");
    const { id: spaceId } = await createChannel(t.deps, sender.actor, { name: "flood-messages" });
    const s = await sender.connect();

    const viaHttp = (text: string, clientMessageId?: string) =>
      run(t, sendMessageHandler, request(`/api/spaces/${spaceId}/messages`, { cookie: sender.cookie, body: { text, clientMessageId } }), { id: spaceId });
    for (let i = 0; i < 8; i++) expect((await viaHttp(`http ${i}`)).status).toBe(201);

    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(s, "message:send", { spaceId, text: `socket ${i}`, clientMessageId: `flood-${i}` })),
    );
    expect(okCount(acks)).toBe(12);
    expect(acks.filter((a) => !a.ok)).toEqual(Array(18).fill(rateLimited));

    const over = await viaHttp("one more over HTTP");
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("rate_limited");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await t.deps.db.message.count({ where: { spaceId } })).toBe(RATE_LIMITS.messagesPerUser.points);

    // A retry of a message already stored is answered with it, past the limit, over both.
    const stored = acks.find((a) => a.ok)!;
    const key = stored.ok ? stored.data.message.clientMessageId! : "";
    const retried = await call(s, "message:send", { spaceId, text: "retry", clientMessageId: key });
    expect(retried).toMatchObject({ ok: true, data: { message: { clientMessageId: key } } });
    expect((await viaHttp("retry", key)).status).toBe(200);
    expect(await t.deps.db.message.count({ where: { spaceId } })).toBe(RATE_LIMITS.messagesPerUser.points);

    expect(s.connected).toBe(true);
    await stillWorks(s);
  });

  it("logs a flood once per window, not once per refused event", async () => {
    const warn = vi.spyOn(log, "warn");
    const info = vi.spyOn(log, "info");
    const sender = await t.user("Quiet");
    const { id: spaceId } = await createChannel(t.deps, sender.actor, { name: "flood-logs" });
    const s = await sender.connect();
    await Promise.all(Array.from({ length: 40 }, (_, i) => call(s, "message:send", { spaceId, text: `m ${i}` })));
    const limited = warn.mock.calls.filter(([, msg]) => msg === "rate limited");
    expect(limited).toHaveLength(1);
    expect(info.mock.calls.filter(([o]) => (o as { code?: string }).code === "rate_limited")).toEqual([]);
  });
});

describe("typing", () => {
  it("a steady typist is relayed once: refreshes only extend the indicator", async () => {
    const typist = await t.user("Typist");
    const watcher = await t.user("Watcher");
    const { id: spaceId } = await createChannel(t.deps, typist.actor, { name: "typing-steady", memberIds: [watcher.entityId] });
    const [s, w] = await Promise.all([typist.connect(), watcher.connect()]);
    const relays: boolean[] = [];
    w.on("typing:updated", (p) => p.entity.id === typist.entityId && relays.push(p.typing));
    for (let i = 0; i < 8; i++) {
      await call(s, "typing:set", { spaceId, typing: true });
      await sleep(300);
    }
    expect(relays).toEqual([true]);
  });

  it("a flood from two tabs is relayed at most once per 2 s per space, then refused; the latest state still arrives", async () => {
    const typist = await t.user("Flooder");
    const watcher = await t.user("Watcher");
    const { id: spaceId } = await createChannel(t.deps, typist.actor, { name: "typing-flood", memberIds: [watcher.entityId] });
    const [tab1, tab2, tab3, w] = await Promise.all([typist.connect(), typist.connect(), typist.connect(), watcher.connect()]);
    // Timed where the relay leaves the server; delivery to the watcher adds its own jitter.
    const relays: { typing: boolean; at: number }[] = [];
    const publish = t.realtime.events.publish.bind(t.realtime.events);
    vi.spyOn(t.realtime.events, "publish").mockImplementation((room, event, payload) => {
      const p = payload as { entity?: { id: string }; typing?: boolean };
      if (event === "typing:updated" && p.entity?.id === typist.entityId) relays.push({ typing: p.typing!, at: Date.now() });
      publish(room, event, payload);
    });
    const heard: boolean[] = [];
    w.on("typing:updated", (p) => p.entity.id === typist.entityId && heard.push(p.typing));

    const started = Date.now();
    const acks = await Promise.all(Array.from({ length: 100 }, (_, i) => call(i % 2 ? tab1 : tab2, "typing:set", { spaceId, typing: i % 4 < 2 })));
    expect(okCount(acks)).toBe(2 * RATE_LIMITS.typingPerSocket.points);
    expect(acks.filter((a) => !a.ok)).toEqual(Array(100 - 2 * RATE_LIMITS.typingPerSocket.points).fill(rateLimited));
    expect(await call(tab3, "typing:set", { spaceId, typing: false })).toMatchObject({ ok: true }); // a third tab: stopped
    await sleep(TYPING_RELAY_MS + 500);

    // At most one relay per window: the first at once, the state it ended in when the window closed.
    const windows = Math.ceil((Date.now() - started) / TYPING_RELAY_MS);
    expect(relays.length).toBeGreaterThanOrEqual(1);
    expect(relays.length).toBeLessThanOrEqual(windows);
    for (let i = 1; i < relays.length; i++) expect(relays[i]!.at - relays[i - 1]!.at).toBeGreaterThanOrEqual(TYPING_RELAY_MS - 50);
    expect(relays.at(-1)!.typing).toBe(false); // the last word was "stopped", and it arrived
    expect(heard).toEqual(relays.map((r) => r.typing));
    await stillWorks(tab1);
    await stillWorks(tab2);
  });

  it("two tabs typing are one indicator, which stays while the other tab types", async () => {
    const typist = await t.user("TwoTabs");
    const watcher = await t.user("Watcher");
    const { id: spaceId } = await createChannel(t.deps, typist.actor, { name: "typing-tabs", memberIds: [watcher.entityId] });
    const [tab1, tab2, w] = await Promise.all([typist.connect(), typist.connect(), watcher.connect()]);
    const relays: boolean[] = [];
    w.on("typing:updated", (p) => p.entity.id === typist.entityId && relays.push(p.typing));
    await call(tab1, "typing:set", { spaceId, typing: true });
    await call(tab2, "typing:set", { spaceId, typing: true });
    tab1.disconnect();
    await sleep(300);
    expect(relays).toEqual([true]);
    tab2.disconnect();
    await sleep(TYPING_RELAY_MS + 300);
    expect(relays).toEqual([true, false]);
  });
});

describe("a socket that does not wait for its acks", () => {
  it(`is disconnected past ${MAX_PENDING_EVENTS_PER_SOCKET} unanswered events (logged once); the server serves everyone else`, async () => {
    const flooder = await t.user("Firehose");
    const bystander = await t.user("Bystander");
    const { id: spaceId } = await createChannel(t.deps, flooder.actor, { name: "firehose" });
    const warn = vi.spyOn(log, "warn");
    const s = await flooder.connect();
    const closed = disconnected(s);
    // Emitted in one go, faster than any server answers: the backlog passes the limit.
    for (let i = 0; i < MAX_PENDING_EVENTS_PER_SOCKET + 50; i++) s.emit("typing:set", { spaceId, typing: true }, () => {});
    expect(await closed).toBe("io server disconnect");
    const logged = warn.mock.calls.filter(([, msg]) => String(msg).includes("too many events left unanswered"));
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toMatchObject({ entityId: flooder.entityId, pending: MAX_PENDING_EVENTS_PER_SOCKET });
    await stillWorks(await bystander.connect());
  });
});

describe("joins, channels and member adds", () => {
  it("space:join past 30 in 10 s is refused and the socket still works", async () => {
    const joiner = await t.user("Joiner");
    const { id: spaceId } = await createChannel(t.deps, joiner.actor, { name: "join-flood" });
    const s = await joiner.connect();
    const acks = await Promise.all(Array.from({ length: 45 }, () => call(s, "space:join", { spaceId })));
    expect(okCount(acks)).toBe(RATE_LIMITS.joinsPerUser.points);
    expect(acks.filter((a) => !a.ok)).toEqual(Array(45 - RATE_LIMITS.joinsPerUser.points).fill(rateLimited));
    await stillWorks(s);
  });

  it("space:create and space:direct share 10 per minute; nothing is created past it", async () => {
    const maker = await t.user("Maker");
    const other = await t.user("Other");
    const s = await maker.connect();
    const acks = await Promise.all(Array.from({ length: 14 }, (_, i) => call(s, "space:create", { name: `made-${i}` })));
    expect(okCount(acks)).toBe(RATE_LIMITS.channelsPerUser.points);
    expect(acks.filter((a) => !a.ok)).toEqual(Array(14 - RATE_LIMITS.channelsPerUser.points).fill(rateLimited));
    expect(await call(s, "space:direct", { entityId: other.entityId })).toMatchObject(rateLimited);
    expect(await t.deps.db.space.count({ where: { createdById: maker.entityId } })).toBe(RATE_LIMITS.channelsPerUser.points);
    await stillWorks(s);
  });

  it("adding someone to a 12th channel within a minute is refused; the first ten notify them", async () => {
    const adder = await t.user("Adder");
    const victim = await t.user("Victim");
    const spaces = await Promise.all(Array.from({ length: 12 }, (_, i) => createChannel(t.deps, adder.actor, { name: `adds-${i}` })));
    const [s, v] = await Promise.all([adder.connect(), victim.connect()]);
    const notices: { spaceId: string; spaceName: string; by: { id: string; name: string } }[] = [];
    v.on("space:added", (p) => notices.push(p));

    const acks = [];
    for (const space of spaces) acks.push(await call(s, "space:addMembers", { spaceId: space.id, entityIds: [victim.entityId] }));
    expect(okCount(acks)).toBe(RATE_LIMITS.memberAddsPerUser.points);
    expect(acks.slice(RATE_LIMITS.memberAddsPerUser.points)).toEqual([rateLimited, rateLimited]);
    expect(await t.deps.db.membership.count({ where: { entityId: victim.entityId } })).toBe(RATE_LIMITS.memberAddsPerUser.points);
    // Creating a channel with members counts as adding members too.
    expect(await call(s, "space:create", { name: "with-members", memberIds: [victim.entityId] })).toMatchObject(rateLimited);

    await sleep(200);
    expect(notices).toHaveLength(RATE_LIMITS.memberAddsPerUser.points);
    expect(notices[0]).toEqual({ spaceId: spaces[0]!.id, spaceName: "adds-0", by: expect.objectContaining({ id: adder.entityId, name: "Adder" }) });
    await stillWorks(s);
  });
});

describe("adding someone to a channel notifies them", () => {
  it("at creation and when added later, once, with who added them", async () => {
    const ada = await t.user("Ada");
    const bo = await t.user("Bo");
    const cy = await t.user("Cy");
    const [a, b, c] = await Promise.all([ada.connect(), bo.connect(), cy.connect()]);
    const toBo = waitFor(b, "space:added");
    const created = await call(a, "space:create", { name: "Design", memberIds: [bo.entityId] });
    expect(created.ok).toBe(true);
    const spaceId = created.ok ? created.data.space.id : "";
    expect(await toBo).toEqual({ spaceId, spaceName: "design", by: expect.objectContaining({ id: ada.entityId, name: "Ada", type: "human" }) });

    const toCy = waitFor(c, "space:added");
    const heardByBo: unknown[] = [];
    b.on("space:added", (p) => heardByBo.push(p));
    await call(a, "space:addMembers", { spaceId, entityIds: [cy.entityId, bo.entityId] }); // Bo is already in
    expect(await toCy).toMatchObject({ spaceId, spaceName: "design", by: { id: ada.entityId } });
    await sleep(200);
    expect(heardByBo).toEqual([]);
  });
});

describe("membership is checked again after joining a room", () => {
  it("a removal that lands while space:join runs leaves no listener in the room", async () => {
    const bob = await t.user("Raced");
    const space = await createChannel(t.deps, owner.actor, { name: "race", memberIds: [bob.entityId] });
    const [o, b] = await Promise.all([owner.connect(), bob.connect()]);
    // The first membership check passes, then the removal runs before the socket joins the room.
    const delegate = t.deps.db.membership;
    const original = delegate.findUnique.bind(delegate);
    vi.spyOn(delegate, "findUnique").mockImplementationOnce((async (args: Parameters<typeof original>[0]) => {
      const found = await original(args);
      await removeMember(t.deps, owner.actor, { spaceId: space.id, entityId: bob.entityId });
      return found;
    }) as never);
    expect(await call(b, "space:join", { spaceId: space.id })).toMatchObject({ ok: false, error: { code: "not_found" } });

    const leaked: unknown[] = [];
    b.on("message:new", (p) => leaked.push(p));
    await call(o, "message:send", { spaceId: space.id, text: "after the race" });
    await sleep(300);
    expect(leaked).toEqual([]);
  });
});

describe("revoking an API token", () => {
  it("disconnects the sockets opened with it at once, and it cannot reconnect", async () => {
    const bot = await t.user("BotOwner");
    const { token, id } = await createApiToken(t.deps, bot.actor, { name: "bot" });
    const viaToken = await open({ auth: { token } });
    const viaCookie = await bot.connect();
    const closed = disconnected(viaToken);

    const res = await run(t, revokeTokenHandler, request(`/api/tokens/${id}`, { method: "DELETE", cookie: bot.cookie }), { id });
    expect(res.status).toBe(204);
    expect(await closed).toBe("io server disconnect");
    expect(await refused({ auth: { token } })).toBe("unauthorized");
    // The owner's browser session is not the token: it stays.
    expect(viaCookie.connected).toBe(true);
    await stillWorks(viaCookie);
  });
});

describe("signing out", () => {
  it("ends the session: its cookie is refused by the API and the pages, and its sockets close", async () => {
    const user = await t.user("Leaver");
    const other = await mintSessionCookie(t.deps.db, user.userId, TEST_SECRET); // another browser
    const s = await user.connect();
    const elsewhere = await open({ extraHeaders: { cookie: other } });
    const closed = disconnected(s);

    // What next-auth's signOut event does with the signed-out browser's token.
    const session = (await sessionFromCookieHeader(user.cookie, TEST_SECRET))!;
    await endServerSession(t.deps, { sub: session.userId, sid: session.sid });

    expect(await closed).toBe("io server disconnect");
    expect((await run(t, listSpacesHandler, request("/api/spaces", { cookie: user.cookie }))).status).toBe(401);
    expect(await refused({ extraHeaders: { cookie: user.cookie } })).toBe("unauthorized");
    expect(await checkServerSession(t.deps.db, { sub: session.userId, sid: session.sid })).toBeNull();
    // Only that browser: the other session goes on.
    expect(elsewhere.connected).toBe(true);
    expect((await run(t, listSpacesHandler, request("/api/spaces", { cookie: other }))).status).toBe(200);
  });

  it("refuses a signed cookie without a session id (minted before sessions were kept)", async () => {
    const user = await t.user("Legacy");
    const legacy = `${SESSION_COOKIE}=${await encode({ token: { sub: user.userId }, secret: TEST_SECRET, salt: SESSION_COOKIE })}`;
    expect((await run(t, listSpacesHandler, request("/api/spaces", { cookie: legacy }))).status).toBe(401);
    expect(await refused({ extraHeaders: { cookie: legacy } })).toBe("unauthorized");
    expect(await checkServerSession(t.deps.db, { sub: user.userId })).toBeNull();
  });

  it("everywhere: every session's cookie and socket end; API tokens stay; a token cannot do it", async () => {
    const user = await t.user("Everywhere");
    const laptop = await mintSessionCookie(t.deps.db, user.userId, TEST_SECRET);
    const { token } = await createApiToken(t.deps, user.actor, { name: "script" });
    const [phoneSocket, laptopSocket, scriptSocket] = await Promise.all([
      user.connect(),
      open({ extraHeaders: { cookie: laptop } }),
      open({ auth: { token } }),
    ]);
    const closed = Promise.all([disconnected(phoneSocket), disconnected(laptopSocket)]);

    const byToken = await run(t, revokeAllSessionsHandler, request("/api/sessions/revoke-all", { method: "POST", bearer: token }));
    expect(byToken.status).toBe(403);
    const res = await run(t, revokeAllSessionsHandler, request("/api/sessions/revoke-all", { method: "POST", cookie: user.cookie }));
    expect(res.status).toBe(204);

    expect(await closed).toEqual(["io server disconnect", "io server disconnect"]);
    for (const cookie of [user.cookie, laptop]) {
      expect((await run(t, listSpacesHandler, request("/api/spaces", { cookie }))).status).toBe(401);
    }
    expect(await t.deps.db.session.count({ where: { userId: user.userId } })).toBe(0);
    expect(scriptSocket.connected).toBe(true);
    await stillWorks(scriptSocket);
    expect((await run(t, listSpacesHandler, request("/api/spaces", { bearer: token }))).status).toBe(200);
  });
});

describe("Origin of the socket handshake", () => {
  it("refuses a foreign Origin (logged once), accepts the app's own host and clients that send none", async () => {
    const warn = vi.spyOn(log, "warn");
    const evil = { extraHeaders: { cookie: owner.cookie, origin: "https://evil.example" } };
    expect(await refused(evil)).not.toBe("connected");
    expect(await refused(evil)).not.toBe("connected");
    expect(warn.mock.calls.filter(([, msg]) => msg === "socket refused: foreign origin")).toHaveLength(1);

    const own = await open({ extraHeaders: { cookie: owner.cookie, origin: t.url } });
    await stillWorks(own);
    await stillWorks(await owner.connect()); // Node client: no Origin header at all
  });
});
