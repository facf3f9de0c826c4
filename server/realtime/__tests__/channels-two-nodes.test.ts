// Findable channels across two processes on one database and one Redis: a join, a topic line
// and an archive made on one process reach a member's socket on the other, and the joiner's
// sockets there start receiving the channel.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { MessageDto } from "@/lib/realtime/dto";
import { call, startTestServer, TEST_REDIS_URL, waitFor, type ClientSocket, type TestServer } from "@/server/testing/test-server";

const prefix = `parley-test-${randomBytes(4).toString("hex")}`;
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  one = await startTestServer({ redis: { url: TEST_REDIS_URL, prefix } });
  two = await startTestServer({ redis: { url: TEST_REDIS_URL, prefix }, database: one.database });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

const lineIn = (s: ClientSocket, spaceId: string, text: string) =>
  new Promise<MessageDto>((resolve) => {
    const on = ({ message }: { message: MessageDto }) => {
      if (message.spaceId !== spaceId || message.text !== text) return;
      s.off("message:new", on);
      resolve(message);
    };
    s.on("message:new", on);
  });

it("Ben joins on process two; Ada on process one hears it, sets the topic and archives; Ben hears each live", async () => {
  const ada = await one.user("Ada");
  const ben = await two.user("Ben");
  const a = await ada.connect();
  const b = await ben.connect();
  const created = await call(a, "space:create", { name: "across-public", visibility: "public" });
  if (!created.ok) throw new Error(created.error.message);
  const spaceId = created.data.space.id;

  const joinedLine = lineIn(a, spaceId, "Ben joined");
  expect(await call(b, "space:joinPublic", { spaceId })).toMatchObject({ ok: true });
  await joinedLine;

  const topicLine = lineIn(b, spaceId, "Ada set the topic: across the wire");
  expect(await call(a, "space:update", { spaceId, topic: "across the wire" })).toMatchObject({ ok: true });
  expect((await topicLine).kind).toBe("system");

  const updated = waitFor(b, "space:updated");
  const archivedLine = lineIn(b, spaceId, "Ada archived the channel");
  expect(await call(a, "space:archive", { spaceId, archived: true })).toMatchObject({ ok: true });
  await archivedLine;
  expect((await updated).spaceId).toBe(spaceId);
  expect(await call(b, "message:send", { spaceId, text: "hello?" })).toMatchObject({ ok: false, error: { code: "archived" } });
});
