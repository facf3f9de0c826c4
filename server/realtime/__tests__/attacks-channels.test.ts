// Attacks on channels as places: a second "general" or "design" that a request for "#design"
// could land in, and an agent slipped into a channel without its members seeing it. Channel
// names are unique whatever the case (create and rename refused, races and older duplicates
// included), and every change to who is in a channel is a line in the channel that wakes no agent.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageDto } from "@/lib/realtime/dto";
import { call, type ClientSocket, type TestServer, type TestUser } from "@/server/testing/test-server";
import { startAgentScenario, replyOnce } from "@/server/testing/agents";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { addAgentToSpace } from "@/server/domain/agents/add-agent-to-space";
import { removeAgentFromSpace } from "@/server/domain/agents/remove-agent-from-space";
import { listSpaces } from "@/server/domain/spaces/list-spaces";

let srv: TestServer;
let ada: TestUser;
let ben: TestUser;
let root: TestUser;
let planner: { id: string; entityId: string; name: string };
let calls: Record<string, string[]>;

beforeAll(async () => {
  const scenario = await startAgentScenario({ Planner: replyOnce("On it.") });
  ({ srv, calls } = scenario);
  planner = scenario.agents.Planner!;
  ada = scenario.ada;
  ben = await srv.user("Ben");
  root = await srv.user("Root", { isAdmin: true });
  await createChannel(srv.deps, ada.actor, { name: "design", memberIds: [ben.entityId] });
});
afterAll(() => srv?.close());

describe("attack: a second channel with a taken name", () => {
  it("creating a taken name in any case is refused with a conflict; nothing is stored", async () => {
    const b = await ben.connect();
    for (const name of ["general", "General", "#DESIGN", "  design "]) {
      const ack = await call(b, "space:create", { name });
      expect(ack, name).toMatchObject({ ok: false, error: { code: "conflict", message: expect.stringMatching(/already a channel named #(general|design)/) } });
    }
    expect(await srv.deps.db.space.count({ where: { kind: "channel", name: { in: ["general", "design"], mode: "insensitive" } } })).toBe(2);
  });

  it("a taken name dressed in invisible characters, odd spaces or wide letters is the taken name", async () => {
    const lookalikes = [
      "design\u200b",
      "de\u200dsign",
      "\u2066design\u2069",
      "design\ufe0f",
      "de\u00adsign",
      "\uff44\uff45\uff53\uff49\uff47\uff4e",
      "design\u0007",
    ];
    for (const name of lookalikes) {
      await expect(createChannel(srv.deps, root.actor, { name }), JSON.stringify(name)).rejects.toMatchObject({
        code: "conflict",
        message: "There is already a channel named #design",
      });
    }
    // A wide or odd space between words is a dash, as a plain one is.
    expect(await createChannel(srv.deps, root.actor, { name: "road\u3000map\u2003notes" })).toMatchObject({ name: "road-map-notes" });
    expect(await srv.deps.db.space.count({ where: { kind: "channel", name: { startsWith: "d" } } })).toBe(1);
  });

  it("renaming to a taken name is refused; renaming to your own name in another case is not", async () => {
    const b = await ben.connect();
    const mine = await call(b, "space:create", { name: "bens-notes" });
    expect(mine.ok).toBe(true);
    const id = mine.ok ? mine.data.space.id : "";
    expect(await call(b, "space:rename", { spaceId: id, name: "Design" })).toMatchObject({ ok: false, error: { code: "conflict" } });
    expect((await srv.deps.db.space.findUniqueOrThrow({ where: { id } })).name).toBe("bens-notes");
    expect(await call(b, "space:rename", { spaceId: id, name: "Bens-Notes" })).toMatchObject({ ok: true });
  });

  it("an archived channel's name may be taken again", async () => {
    const old = await createChannel(srv.deps, ben.actor, { name: "retired" });
    await expect(createChannel(srv.deps, ada.actor, { name: "Retired" })).rejects.toMatchObject({ code: "conflict" });
    await srv.deps.db.space.update({ where: { id: old.id }, data: { archivedAt: new Date() } });
    expect((await createChannel(srv.deps, ada.actor, { name: "Retired" })).name).toBe("retired");
  });

  it("many creates of one name at once store one channel; the ones that raced past the check get the same refusal", async () => {
    const who = [ben, root, ada, ben, root, ada];
    const results = await Promise.allSettled(who.map((u) => createChannel(srv.deps, u.actor, { name: "race" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "conflict", message: "There is already a channel named #race" });
    expect(await srv.deps.db.space.count({ where: { kind: "channel", name: "race" } })).toBe(1);
  });

  it("older duplicates are renamed 'name (2)' by creation order when the index comes, and the index refuses new ones", async () => {
    const db = srv.deps.db;
    await db.$executeRawUnsafe(`DROP INDEX "Space_channel_lower_name_key"`);
    const old = async (name: string, at: string) =>
      db.space.create({ data: { name, kind: "channel", createdAt: new Date(at), memberships: { create: { entityId: ben.entityId } } } });
    const first = await old("legacy", "2020-01-01T00:00:00Z");
    const second = await old("Legacy", "2020-01-02T00:00:00Z");
    const third = await old("legacy", "2020-01-03T00:00:00Z");
    const dir = path.join(process.cwd(), "prisma/migrations");
    const { readdir } = await import("node:fs/promises");
    const name = (await readdir(dir)).find((d) => d.endsWith("_channel_name_unique"))!;
    const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
    const statements = sql
      .split(/;\s*\n/)
      .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
      .filter(Boolean);
    for (const s of statements) await db.$executeRawUnsafe(s);
    const names = await db.space.findMany({ where: { id: { in: [first.id, second.id, third.id] } }, orderBy: { createdAt: "asc" }, select: { name: true } });
    expect(names.map((n) => n.name)).toEqual(["legacy", "Legacy (2)", "legacy (3)"]);
    // Ben's sidebar tells them apart until they are renamed.
    const list = (await listSpaces(srv.deps, ben.actor)).map((s) => s.name);
    expect(list).toEqual(expect.arrayContaining(["legacy", "Legacy (2)", "legacy (3)"]));
    await expect(db.space.create({ data: { name: "LEGACY", kind: "channel" } })).rejects.toThrow();
  });
});

describe("attack: an agent slipped into a channel unseen", () => {
  const lines = (into: MessageDto[]) => into.filter((m) => m.kind === "system").map((m) => m.text);

  it("adding, removing and leaving each post a system line that members see and that wakes no agent", async () => {
    const ops = await createChannel(srv.deps, ada.actor, { name: "ops", memberIds: [ben.entityId, root.entityId] });
    const heard: MessageDto[] = [];
    const b: ClientSocket = await ben.connect();
    b.on("message:new", ({ message }) => void (message.spaceId === ops.id && heard.push(message)));
    const a = await ada.connect();
    const runsBefore = await srv.deps.db.run.count({ where: { agentId: planner.id } });

    expect(await call(a, "space:addMembers", { spaceId: ops.id, entityIds: [planner.entityId] })).toMatchObject({ ok: true });
    await removeAgentFromSpace(srv.deps, root.actor, { agentId: planner.id, spaceId: ops.id });
    await addAgentToSpace(srv.deps, root.actor, { agentId: planner.id, spaceId: ops.id });
    await srv.gateway.idle();
    // Nothing woke Planner: no run, no decision on the lines.
    expect(await srv.deps.db.run.count({ where: { agentId: planner.id } })).toBe(runsBefore);

    // Ben asks; Planner's run sees the lines in the channel's history, and Ben's message as the trigger.
    await call(b, "message:send", { spaceId: ops.id, text: "Planner, what changed here?" });
    await srv.gateway.idle();
    const nameOf = async (u: TestUser) => (await srv.deps.db.entity.findUniqueOrThrow({ where: { id: u.entityId } })).name;
    const [adaName, rootName, benName] = [await nameOf(ada), await nameOf(root), await nameOf(ben)];
    const context = calls.Planner!.at(-1)!;
    expect(context).toContain(`${adaName} added Planner`);
    expect(context.split("\nTRIGGER:\n")[1]).toContain("what changed here?");

    expect(await call(b, "space:leave", { spaceId: ops.id })).toMatchObject({ ok: true });
    const stored = await srv.deps.db.message.findMany({ where: { spaceId: ops.id, kind: "system" }, orderBy: { seq: "asc" }, select: { text: true } });
    expect(stored.map((m) => m.text)).toEqual([`${adaName} added Planner`, `${rootName} removed Planner`, `${rootName} added Planner`, `${benName} left`]);
    for (let i = 0; i < 100 && lines(heard).length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    expect(lines(heard)).toEqual([`${adaName} added Planner`, `${rootName} removed Planner`, `${rootName} added Planner`]);
    // History read later marks them the same way.
    const history = await call(a, "messages:history", { spaceId: ops.id, limit: 50 });
    if (!history.ok) throw new Error(history.error.message);
    expect(lines(history.data.messages)).toHaveLength(4);
    expect(history.data.messages.find((m) => m.text === "Planner, what changed here?")?.kind).toBeUndefined();
  });
});
