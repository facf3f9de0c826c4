// Two processes on one database and one Redis: a mention sent on one reaches the mentioned
// person's sockets on the other (mention:new goes to their entity room through the adapter),
// and a notify-level change reaches their other tabs there too.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, call, waitFor, TEST_REDIS_URL, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createChannel } from "@/server/domain/spaces/create-channel";

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

it("a mention on one process reaches the mentioned person's sockets on the other", async () => {
  const a = await alice.connect(); // on process one
  const b = await bob.connect(); // on process two
  const got = waitFor(b, "mention:new");
  expect(await call(a, "message:send", { spaceId, text: "@Bob over to you" })).toMatchObject({ ok: true });
  expect((await got).message.text).toBe(`<@${bob.entityId}> over to you`);

  const heard = waitFor(b, "space:notify");
  const other = await bob.connect();
  expect(await call(other, "space:notify", { spaceId, level: "none" })).toMatchObject({ ok: true });
  expect(await heard).toEqual({ spaceId, notifyLevel: "none" });
});
