// A socket reads its session and spaces at the handshake, joins its rooms, and only then is
// set up. A sign-out or a membership change that lands between that read and the joins
// finds no room to act on; setup must still end up with the change applied. The test makes
// the change right after the handshake's read, through the domain (as a person would).
import { afterAll, beforeAll, expect, it } from "vitest";
import { io as connect } from "socket.io-client";
import { call, startTestServer, waitFor, type ClientSocket, type TestServer, type TestUser } from "@/server/testing/test-server";
import { addMembers } from "@/server/domain/spaces/add-members";
import { removeMember } from "@/server/domain/spaces/remove-member";
import { endSession } from "@/server/domain/users/sessions";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sessionFromCookieHeader } from "@/server/auth/session-cookie";
import { TEST_SECRET } from "@/server/testing/test-server";

let t: TestServer;
let ada: TestUser;
let bob: TestUser;
/** Runs once, right after the next handshake's session read returns. */
let afterSessionRead: (() => Promise<void>) | null = null;

beforeAll(async () => {
  t = await startTestServer();
  ada = await t.user("Ada");
  bob = await t.user("Bob");
  const db = t.database.db as unknown as { $queryRaw: (...args: unknown[]) => Promise<unknown> };
  const original = db.$queryRaw.bind(db);
  db.$queryRaw = async (...args: unknown[]) => {
    const rows = await original(...args);
    const sql = Array.isArray(args[0]) ? (args[0] as string[]).join("?") : "";
    if (afterSessionRead && sql.includes('FROM "Session" s JOIN "User"')) {
      const hook = afterSessionRead;
      afterSessionRead = null;
      await hook();
    }
    return rows;
  };
});
afterAll(() => t?.close());

const channel = async (name: string, members: TestUser[]) => (await createChannel(t.deps, ada.actor, { name, memberIds: members.map((m) => m.entityId) })).id;
const bobSocket = (): ClientSocket => connect(t.url, { extraHeaders: { cookie: bob.cookie }, transports: ["websocket"], forceNew: true, reconnection: false });

it("removed from a space between the handshake's read and the joins: no message of it arrives", async () => {
  const spaceId = await channel("race-removed", [bob]);
  afterSessionRead = () => removeMember(t.deps, ada.actor, { spaceId, entityId: bob.entityId });
  const b = bobSocket();
  await waitFor(b, "session:ready");
  expect(afterSessionRead).toBeNull(); // the change ran inside the setup
  const a = await ada.connect();
  let leaked = false;
  b.on("message:new", ({ message }) => {
    if (message.spaceId === spaceId) leaked = true;
  });
  const sent = await call(a, "message:send", { spaceId, text: "not for Bob any more" });
  expect(sent.ok).toBe(true);
  // A second message in a space Bob is still in arrives: by then the first would have too.
  const other = await channel("race-control", [bob]);
  const got = waitFor(b, "message:new");
  await call(a, "message:send", { spaceId: other, text: "for Bob" });
  expect((await got).message.spaceId).toBe(other);
  expect(leaked).toBe(false);
  b.disconnect();
});

it("added to a space between the handshake's read and the joins: its messages arrive", async () => {
  const spaceId = await channel("race-added", []);
  afterSessionRead = async () => void (await addMembers(t.deps, ada.actor, { spaceId, entityIds: [bob.entityId] }));
  const b = bobSocket();
  await waitFor(b, "session:ready");
  expect(afterSessionRead).toBeNull();
  const a = await ada.connect();
  const got = waitFor(b, "message:new");
  await call(a, "message:send", { spaceId, text: "welcome, Bob" });
  expect((await got).message).toMatchObject({ spaceId, text: "welcome, Bob" });
  b.disconnect();
});

it("signed out between the handshake's read and the joins: the socket is closed, never ready", async () => {
  const carol = await t.user("Carol");
  const session = await sessionFromCookieHeader(carol.cookie, TEST_SECRET);
  afterSessionRead = () => endSession(t.deps, session!.sid);
  const c = connect(t.url, { extraHeaders: { cookie: carol.cookie }, transports: ["websocket"], forceNew: true, reconnection: false });
  let ready = false;
  c.on("session:ready", () => {
    ready = true;
  });
  const reason = await new Promise<string>((resolve) => c.on("disconnect", resolve));
  expect(afterSessionRead).toBeNull();
  expect(ready).toBe(false);
  expect(reason).toBe("io server disconnect");
});
