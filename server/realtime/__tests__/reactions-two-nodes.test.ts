// A reaction made through one Parley process reaches a member connected to another (one
// database, one Redis), as messages do.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, call, waitFor, TEST_REDIS_URL, type TestServer } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";

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

it("a reaction on one process reaches a member on the other", async () => {
  const [ada, ben] = [await one.user("Ada"), await two.user("Ben")];
  const spaceId = (await createChannel(one.deps, ada.actor, { name: "across", memberIds: [ben.entityId] })).id;
  const m = (await sendMessage(one.deps, ben.actor, { spaceId, text: "deploy done" })).message;
  const [a, b] = [await ada.connect(), await ben.connect()];
  const live = waitFor(b, "reaction:updated");
  expect(await call(a, "reaction:add", { messageId: m.id, emoji: "🎉" })).toMatchObject({ ok: true });
  expect(await live).toEqual({ spaceId, messageId: m.id, reactions: [{ emoji: "🎉", count: 1, entityIds: [ada.entityId] }] });
});
