// What the socket layer records: connected sockets, stored messages (counted once, however
// often a message is re-sent), each event's time to ack by result, and rate-limit refusals.
// Each socket event's log lines carry a request id and the event's name.
import { afterAll, beforeAll, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/limits";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { captureLogs } from "@/server/testing/capture-logs";
import { readMetric } from "@/server/testing/read-metric";
import { call, type ClientSocket, startTestServer, type TestServer } from "@/server/testing/test-server";
import { metrics } from "../metrics";

let t: TestServer;
let socket: ClientSocket;
let spaceId: string;
beforeAll(async () => {
  t = await startTestServer();
  const ada = await t.user("Ada");
  spaceId = (await createChannel(t.deps, ada.actor, { name: "general", memberIds: [] })).id;
  socket = await ada.connect();
});
afterAll(() => t?.close());

const m = metrics();

it("counts this process's signed-in sockets", async () => {
  expect(await readMetric(m.socketsConnected)).toBe(1);
});

it("a message sent over the socket is counted once, and its event's time to ack is recorded", async () => {
  const sent = { sender: "human" };
  const acked = { event: "message:send", result: "ok" };
  const [messages, acks] = [await readMetric(m.messagesPersisted, sent), await readMetric(m.socketEventSeconds, acked)];
  const payload = { spaceId, text: "hello", clientMessageId: "c-1" };
  expect((await call(socket, "message:send", payload)).ok).toBe(true);
  expect(await readMetric(m.messagesPersisted, sent)).toBe(messages + 1);
  expect(await readMetric(m.socketEventSeconds, acked)).toBe(acks + 1);
  // A retry returns the stored message and stores nothing: no new count.
  expect((await call(socket, "message:send", payload)).ok).toBe(true);
  expect(await readMetric(m.messagesPersisted, sent)).toBe(messages + 1);
  expect(await readMetric(m.socketEventSeconds, acked)).toBe(acks + 2);
});

it("a rate-limit refusal is counted under the limit's name, and its ack under its error code", async () => {
  const limit = { limit: "typingPerSocket" };
  const refusedAck = { event: "typing:set", result: "rate_limited" };
  const [refusals, acks] = [await readMetric(m.rateLimitRefusals, limit), await readMetric(m.socketEventSeconds, refusedAck)];
  for (let i = 0; i < RATE_LIMITS.typingPerSocket.points; i++) expect((await call(socket, "typing:set", { spaceId, typing: true })).ok).toBe(true);
  const refused = await call(socket, "typing:set", { spaceId, typing: true });
  expect(refused).toMatchObject({ ok: false, error: { code: "rate_limited" } });
  expect(await readMetric(m.rateLimitRefusals, limit)).toBe(refusals + 1);
  expect(await readMetric(m.socketEventSeconds, refusedAck)).toBe(acks + 1);
});

it("a socket event's log lines carry a request id of their own and the event's name", async () => {
  const logs = captureLogs();
  try {
    await call(socket, "read:mark", { spaceId: 42 });
    await call(socket, "read:mark", { spaceId: 43 });
  } finally {
    logs.restore();
  }
  const rejected = logs.lines.filter((l) => l.msg === "socket payload rejected");
  expect(rejected).toHaveLength(2);
  for (const line of rejected) expect(line).toMatchObject({ event: "read:mark", reqId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  expect(rejected[0]!.reqId).not.toBe(rejected[1]!.reqId);
});
