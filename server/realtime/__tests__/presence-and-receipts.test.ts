// Presence and read receipts cost little per connect and per message: presence changes go out
// in batches, a sent message carries the sender's receipt itself, and a reader's cursor moves
// reach the space throttled, the latest one last.
import { io } from "socket.io-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PRESENCE_BATCH_MS, READ_RELAY_MS } from "@/lib/limits";
import { startTestServer, call, waitFor, type TestServer, type TestUser, type ClientSocket } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import type { MessageDto } from "@/lib/realtime/dto";

let t: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestServer({ unlimited: ["messagesPerUser"] });
  [alice, bob] = [await t.user("Alice"), await t.user("Bob")];
});
afterAll(() => t.close());

/** Every payload of `event` on `socket` from now on. */
function collect<P>(socket: ClientSocket, event: string): P[] {
  const seen: P[] = [];
  (socket.on as unknown as (e: string, cb: (p: P) => void) => void)(event, (p) => seen.push(p));
  return seen;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("five people arriving together are announced in one batch, after PRESENCE_BATCH_MS", async () => {
  const a = await alice.connect();
  await sleep(PRESENCE_BATCH_MS + 100); // Alice's own arrival is announced first
  const batches = collect<{ online: string[]; offline: string[] }>(a, "presence:updated");
  const people: TestUser[] = [];
  for (const n of ["P1", "P2", "P3", "P4", "P5"]) people.push(await t.user(n)); // one password hash at a time
  const started = performance.now();
  const sockets = await Promise.all(people.map((p) => p.connect()));
  await waitFor(a, "presence:updated");
  expect(performance.now() - started).toBeGreaterThanOrEqual(PRESENCE_BATCH_MS - 50);
  await sleep(PRESENCE_BATCH_MS + 100);
  expect(batches.flatMap((b) => b.online).sort()).toEqual(people.map((p) => p.entityId).sort());
  expect(batches.length).toBeLessThanOrEqual(2);

  // A second tab is not news; closing one of two tabs is not either; closing the last one is.
  const second = await people[0]!.connect();
  second.disconnect();
  await sleep(PRESENCE_BATCH_MS + 100);
  expect(batches.flatMap((b) => b.offline)).toEqual([]);
  for (const s of sockets) s.disconnect();
  await waitFor(a, "presence:updated");
  await sleep(PRESENCE_BATCH_MS + 100);
  expect(batches.flatMap((b) => b.offline).sort()).toEqual(people.map((p) => p.entityId).sort());
  a.disconnect();
});

it("a new connection is told who is online, its own person included", async () => {
  const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
  const third = await t.user("Third");
  const s: ClientSocket = io(t.url, { extraHeaders: { cookie: third.cookie }, transports: ["websocket"], forceNew: true });
  const info = await waitFor(s, "session:ready");
  expect(info.online).toEqual(expect.arrayContaining([alice.entityId, bob.entityId, third.entityId]));
  for (const x of [s, a, b]) x.disconnect();
});

it("a sent message is its sender's receipt: no separate read:updated", async () => {
  const space = await createChannel(t.deps, alice.actor, { name: "no-receipt", memberIds: [bob.entityId] });
  const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
  const receipts = collect(b, "read:updated");
  const got = waitFor(b, "message:new");
  expect(await call(a, "message:send", { spaceId: space.id, text: "hello" })).toMatchObject({ ok: true });
  await got;
  await sleep(300);
  expect(receipts).toEqual([]);
  a.disconnect();
  b.disconnect();
});

it("a reader marking ten messages in a row reaches the space throttled, the last cursor last", async () => {
  const space = await createChannel(t.deps, alice.actor, { name: "receipts", memberIds: [bob.entityId] });
  const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
  const sent: MessageDto[] = [];
  for (let i = 0; i < 10; i++) {
    const ack = await call(a, "message:send", { spaceId: space.id, text: `m${i}` });
    if (ack.ok) sent.push(ack.data.message);
  }
  const receipts = collect<{ entityId: string; lastSeenSeq: number }>(a, "read:updated");
  const started = performance.now();
  const acks = await Promise.all(sent.map((m) => call(b, "read:mark", { spaceId: space.id, lastMessageId: m.id })));
  const elapsed = performance.now() - started;
  for (const ack of acks) expect(ack).toMatchObject({ ok: true });
  await sleep(READ_RELAY_MS + 200);
  // One at once, then at most one per READ_RELAY_MS however fast the marks came.
  expect(receipts.length).toBeLessThanOrEqual(Math.floor(elapsed / READ_RELAY_MS) + 2);
  expect(receipts.at(-1)).toMatchObject({ entityId: bob.entityId, lastSeenSeq: sent.at(-1)!.seq });
  a.disconnect();
  b.disconnect();
});
