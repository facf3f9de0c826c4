// Creating, joining, leaving and renaming spaces through the socket contract.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, call, waitFor, type TestServer, type TestUser } from "@/server/testing/test-server";

let t: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.user("Alice");
  bob = await t.user("Bob");
});
afterAll(() => t?.close());

describe("spaces", () => {
  it("creating a channel with members tells them live, and they receive its messages", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const told = waitFor(b, "space:updated");
    const created = await call(a, "space:create", { name: "# Launch Plans ", memberIds: [bob.entityId] });
    if (!created.ok) throw new Error(created.error.message);
    expect(created.data.space).toMatchObject({ name: "launch-plans", kind: "channel" });
    expect((await told).spaceId).toBe(created.data.space.id);
    const got = waitFor(b, "message:new");
    await call(a, "message:send", { spaceId: created.data.space.id, text: "kickoff" });
    expect((await got).message.text).toBe("kickoff");
  });

  it("a direct space between two people is one space however often it is opened", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const first = await call(a, "space:direct", { entityId: bob.entityId });
    const again = await call(b, "space:direct", { entityId: alice.entityId });
    if (!first.ok || !again.ok) throw new Error("direct failed");
    expect(again.data.space.id).toBe(first.data.space.id);
    expect(first.data.space).toMatchObject({ kind: "direct", name: "Bob" });
    expect(again.data.space.name).toBe("Alice");
    expect(await call(a, "space:addMembers", { spaceId: first.data.space.id, entityIds: [alice.entityId] })).toMatchObject({
      ok: false,
      error: { code: "bad_request" },
    });
  });

  it("leaving removes the space from my list and my access", async () => {
    const a = await alice.connect();
    const b = await bob.connect();
    const created = await call(a, "space:create", { name: "short-lived", memberIds: [bob.entityId] });
    if (!created.ok) throw new Error("create failed");
    const id = created.data.space.id;
    const removed = waitFor(b, "space:removed");
    expect(await call(b, "space:leave", { spaceId: id })).toEqual({ ok: true, data: null });
    expect((await removed).spaceId).toBe(id);
    const list = await call(b, "spaces:list", {});
    expect(list.ok && list.data.spaces.some((s) => s.id === id)).toBe(false);
    expect(await call(b, "messages:history", { spaceId: id })).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("only the owner (or an admin) renames a channel or removes others", async () => {
    const [a, b] = await Promise.all([alice.connect(), bob.connect()]);
    const created = await call(a, "space:create", { name: "naming", memberIds: [bob.entityId] });
    if (!created.ok) throw new Error("create failed");
    const id = created.data.space.id;
    expect(await call(b, "space:rename", { spaceId: id, name: "hijacked" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await call(b, "space:removeMember", { spaceId: id, entityId: alice.entityId })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const renamed = await call(a, "space:rename", { spaceId: id, name: "Better Name" });
    expect(renamed).toMatchObject({ ok: true, data: { space: { name: "better-name" } } });
  });

  it("lists the workspace's people for pickers", async () => {
    const a = await alice.connect();
    const list = await call(a, "entities:list", {});
    expect(list.ok && list.data.entities.map((e) => e.name)).toEqual(expect.arrayContaining(["Alice", "Bob"]));
  });
});
