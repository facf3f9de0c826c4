// Two Parley processes on one database and one Redis are one workspace: what happens on one
// reaches clients of the other (messages, typing, presence, read receipts, agents' runs, drafts
// and run events), presence survives a process
// dying without a goodbye, and a second deployment on the same Redis (another REDIS_PREFIX)
// hears nothing of the first.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createClient } from "redis";
import { PRESENCE_BATCH_MS } from "@/lib/limits";
import { startTestServer, call, waitFor, TEST_REDIS_URL, type TestServer, type TestUser, type ClientSocket } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { RedisPresenceStore } from "../presence/redis-presence-store";
import { createAgent } from "@/server/testing/agents";

const prefix = `parley-test-${randomBytes(4).toString("hex")}`;
let one: TestServer;
let two: TestServer;
let alice: TestUser;
let bob: TestUser;
let spaceId: string;

beforeAll(async () => {
  one = await startTestServer({ redis: { url: TEST_REDIS_URL, prefix } });
  two = await startTestServer({ redis: { url: TEST_REDIS_URL, prefix }, database: one.database });
  alice = await one.user("Alice");
  bob = await two.user("Bob");
  spaceId = (await createChannel(one.deps, alice.actor, { name: "across", memberIds: [bob.entityId] })).id;
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("a message, typing and presence on one process reach a client of the other", async () => {
  const a = await alice.connect(); // on process one
  await sleep(PRESENCE_BATCH_MS + 100);
  const bobOnline = waitFor(a, "presence:updated");
  const b = await bob.connect(); // on process two
  expect(await bobOnline).toEqual({ online: [bob.entityId], offline: [] });

  const got = waitFor(a, "message:new");
  expect(await call(b, "message:send", { spaceId, text: "from the other process" })).toMatchObject({ ok: true });
  expect((await got).message.text).toBe("from the other process");

  const typing = waitFor(b, "typing:updated");
  expect(await call(a, "typing:set", { spaceId, typing: true })).toMatchObject({ ok: true });
  expect(await typing).toMatchObject({ spaceId, typing: true, entity: { id: alice.entityId } });

  const bobGone = waitFor(a, "presence:updated");
  b.disconnect();
  expect(await bobGone).toEqual({ online: [], offline: [bob.entityId] });
  a.disconnect();
});

it("read receipts, an agent's thinking, drafts, run updates and the admins' run events on one process reach clients of the other", async () => {
  const ada = await one.user("Ada", { isAdmin: true });
  const echo = await createAgent(one.deps.db, "Echo", { provider: "offline", modelSettings: { streamDelayMs: 5 } });
  const room = (await createChannel(one.deps, ada.actor, { name: "agents-across", memberIds: [bob.entityId, echo.entityId] })).id;
  const a = await ada.connect(); // on process one, as an admin
  const b = await bob.connect(); // on process two, where the message is stored and its run executes
  const seen = { updated: [] as string[], agentFields: new Set<string>(), stream: 0, events: 0, agentMessages: 0 };
  a.on("run:updated", ({ run }) => {
    seen.updated.push(run.status);
    for (const k of Object.keys(run.agent)) seen.agentFields.add(k);
  });
  a.on("run:stream", () => void seen.stream++);
  a.on("run:event", () => void seen.events++);
  a.on("message:new", ({ message }) => void (message.sender.id === echo.entityId && seen.agentMessages++));

  const sent = await call(b, "message:send", { spaceId: room, text: "Echo, say something across processes" });
  expect(sent).toMatchObject({ ok: true });
  await two.gateway.idle();
  const run = await one.deps.db.run.findFirstOrThrow({ where: { agentId: echo.id } });
  expect(run.status).toBe("completed");
  for (let i = 0; i < 250 && !(seen.agentMessages && seen.updated.includes("completed")); i++) await sleep(20);
  // Its "thinking" (running), its streamed draft, its end, its timeline, and its answer.
  expect(seen.updated).toEqual(expect.arrayContaining(["queued", "running", "completed"]));
  expect(seen.stream).toBeGreaterThan(0);
  expect(seen.events).toBeGreaterThan(0);
  expect(seen.agentMessages).toBe(1);
  // Every update, the claim's included, shows the agent with the same fields and no more.
  expect([...seen.agentFields].sort()).toEqual(["avatarColor", "id", "modelId", "name", "provider", "type"]);

  // Bob reads it on process two; Ada, on process one, gets his receipt.
  const answer = await one.deps.db.message.findFirstOrThrow({ where: { spaceId: room, senderId: echo.entityId } });
  // Echo's own cursor moves when its run ends, too: wait for Bob's.
  const receipts: { entityId: string; spaceId: string; lastSeenSeq: number; lastSeenMessageId: string | null }[] = [];
  a.on("read:updated", (r) => void receipts.push(r));
  expect(await call(b, "read:mark", { spaceId: room, lastMessageId: answer.id })).toMatchObject({ ok: true });
  for (let i = 0; i < 250 && !receipts.some((r) => r.entityId === bob.entityId); i++) await sleep(20);
  expect(receipts.find((r) => r.entityId === bob.entityId)).toMatchObject({ spaceId: room, lastSeenSeq: answer.seq, lastSeenMessageId: answer.id });
  a.disconnect();
  b.disconnect();
});

it("a new connection on one process is told who is online on the other", async () => {
  const b = await bob.connect();
  const { io } = await import("socket.io-client");
  const s: ClientSocket = io(one.url, { extraHeaders: { cookie: alice.cookie }, transports: ["websocket"], forceNew: true });
  expect((await waitFor(s, "session:ready")).online).toEqual(expect.arrayContaining([alice.entityId, bob.entityId]));
  s.disconnect();
  b.disconnect();
});

it("a process that dies without a goodbye has its people counted offline after the TTL; a live one that Redis forgot puts its count back", async () => {
  const p = `${prefix}-ttl`;
  const clients = [createClient({ url: TEST_REDIS_URL }), createClient({ url: TEST_REDIS_URL })];
  await Promise.all(clients.map((c) => c.connect()));
  const [liveClient, doomedClient] = clients as [ReturnType<typeof createClient>, ReturnType<typeof createClient>];
  const live = new RedisPresenceStore(liveClient, p, 60_000);
  const doomed = new RedisPresenceStore(doomedClient, p, 1_000);
  await live.start();
  await doomed.start();
  const expired: string[][] = [];
  live.onExpired((ids) => expired.push(ids));
  expect(await live.connect("ada")).toBe(true);
  expect(await doomed.connect("ada")).toBe(false); // a second tab, on the other process
  expect(await doomed.connect("bo")).toBe(true);
  expect((await live.online()).sort()).toEqual(["ada", "bo"]);

  await doomedClient.quit(); // the process dies: no disconnects, no heartbeat
  await doomed.close(); // only stops its timer: with its client gone it cannot take its counts out
  await live.beat(Date.now() + 1_500);
  expect(expired).toEqual([["bo"]]); // Ada still has a tab on the live process
  expect(await live.online()).toEqual(["ada"]);

  await liveClient.del([`${p}:presence:total`, `${p}:presence:nodes`]); // as after a Redis restart
  await live.beat();
  expect(await live.online()).toEqual(["ada"]);
  expect(await live.disconnect("ada")).toBe(true);
  expect(await live.online()).toEqual([]);
  await live.close();
  await liveClient.quit();
});

it("another deployment on the same Redis, under another prefix, hears nothing of this one", async () => {
  const other = await startTestServer({ redis: { url: TEST_REDIS_URL, prefix: `${prefix}-other` } });
  try {
    const outsider = await other.user("Outsider");
    const o = await outsider.connect();
    await sleep(PRESENCE_BATCH_MS + 100); // the outsider's own arrival, in its own deployment
    const heard: unknown[] = [];
    o.on("presence:updated", (p) => heard.push(p));
    const a = await alice.connect();
    await sleep(PRESENCE_BATCH_MS + 300);
    expect(heard).toEqual([]);
    a.disconnect();
    o.disconnect();
  } finally {
    await other.close();
  }
});

it("a connect that Redis missed (an outage) is written back by the next heartbeat and announced", async () => {
  const p = `${prefix}-outage`;
  const client = createClient({ url: TEST_REDIS_URL });
  await client.connect();
  let down = false;
  const flaky = {
    eval: (script: string, options: { keys: string[]; arguments: string[] }) => (down ? Promise.reject(new Error("redis down")) : client.eval(script, options)),
    hKeys: (key: string) => client.hKeys(key),
    hmGet: (key: string, fields: string[]) => client.hmGet(key, fields),
  };
  const store = new RedisPresenceStore(flaky, p, 60_000);
  await store.start();
  const changed: string[][] = [];
  store.onExpired((ids) => changed.push(ids));
  down = true;
  await expect(store.connect("cy")).rejects.toThrow("redis down");
  down = false;
  expect(await store.online()).toEqual([]);
  await store.beat();
  expect(changed).toEqual([["cy"]]);
  expect(await store.online()).toEqual(["cy"]);
  expect(await store.disconnect("cy")).toBe(true);
  await store.close();
  await client.quit();
});
