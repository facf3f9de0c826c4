// New means new, and it converges: after a run ends, every message of its space up to its
// trigger was shown to the model or counted and digested in a block it was shown, so the next
// run never marks it [NEW] again; what the model saw counts, nothing more; and reading a space
// is not handling its requests. Each scenario drives the real gateway with a model that
// answers every [NEW] request it is shown, and checks that each is answered exactly once.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { addToSpace, type Script, startAgentScenario, everyMessage } from "../../testing/agents";
import { obedient } from "../../testing/obedient-model";
import { sendMessage } from "../../domain/messages/send-message";
import { createChannel } from "../../domain/spaces/create-channel";
import { HISTORY_WINDOW } from "@/lib/limits";
import { until } from "../../testing/until";

let srv: TestServer;
afterEach(async () => srv?.close());

const answersIn = async (spaceId?: string) =>
  (await srv.deps.db.message.findMany({ where: { ...(spaceId ? { spaceId } : {}), text: { startsWith: "answer to: " } } })).map((m) => m.text).sort();
const cursorOf = async (spaceId: string, entityId: string) =>
  (await srv.deps.db.membership.findUniqueOrThrow({ where: { spaceId_entityId: { spaceId, entityId } } })).lastProcessedSeq;
/** The history line of a message (not the TRIGGER block's copy of its text). */
const lineOf = (context: string, text: string) => context.split("\n").find((l) => l.includes(JSON.stringify(text)) && /\[(NEW|SEEN)\]/.test(l)) ?? "";

describe("an agent added to a space with 80 messages", () => {
  it("starts with them as earlier history, says so once, and answers each later request once", async () => {
    const s = await startAgentScenario({ Scout: obedient() });
    srv = s.srv;
    const scout = s.agents.Scout!;
    const team = await createChannel(srv.deps, s.ada.actor, { name: "team", memberIds: [] });
    const say = (text: string) => sendMessage(srv.deps, s.ada.actor, { spaceId: team.id, text });
    for (let i = 1; i <= 80; i++) await say(`old ${i}`);
    await addToSpace(srv.deps.db, team.id, s.ada.entityId, [scout.entityId]);
    // The 80 messages and the channel's line announcing it ("Ada added Scout") are behind its cursor.
    expect(await cursorOf(team.id, scout.entityId)).toBe(81);

    for (const req of ["req 1", "req 2", "req 3"]) {
      await say(req);
      await srv.gateway.idle();
    }
    expect(await answersIn(team.id)).toEqual(["answer to: req 1", "answer to: req 2", "answer to: req 3"]);
    // Each run's context once (a call's later steps send the same context again).
    const [first, second] = [...new Set(s.calls.Scout!)];
    // The first context shows the space's history as [SEEN] and says why; no old line is [NEW].
    expect(first).toContain("(you were added to this space at ");
    expect(lineOf(first!, "old 80")).toMatch(/\[SEEN\]$/);
    expect(first).not.toMatch(/"old \d+" {2}\[NEW\]/);
    expect(first).not.toContain("older unread");
    // The next run knows the space: the note is not repeated, and its own reply is not new.
    expect(second).not.toContain("(you were added to this space at ");
    expect(lineOf(second!, "answer to: req 1")).toMatch(/\[SEEN\]$/);
  }, 120_000);
});

describe('reply mode "when addressed" in a busy channel', () => {
  it("150 messages of chatter, then three questions: each answered exactly once, the backlog digested in one run", async () => {
    let say!: (text: string) => Promise<unknown>;
    // Answers only requests (not the chatter); questions 2 and 3 arrive while the first run works.
    const s = await startAgentScenario({
      Scout: obedient(async () => {
        await say("Scout: req 2");
        await say("Scout: req 3");
      }, /req/),
    });
    srv = s.srv;
    const scout = s.agents.Scout!;
    await srv.deps.db.membership.update({ where: { spaceId_entityId: { spaceId: s.space.id, entityId: scout.entityId } }, data: { replyMode: "addressed" } });
    say = (text) => sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text });
    for (let i = 1; i <= 150; i++) await say(`chatter ${i}`);
    await srv.gateway.idle();
    await say("Scout: req 1");
    await srv.gateway.idle();

    expect(await answersIn()).toEqual(["answer to: Scout: req 1", "answer to: Scout: req 2", "answer to: Scout: req 3"]);
    const [first, ...rest] = [...new Set(s.calls.Scout!)];
    expect(rest.length).toBeGreaterThan(0);
    // The first run was told of the backlog beyond its window as a digest, and counted it as read.
    expect(first).toMatch(new RegExp(`… ${150 - HISTORY_WINDOW + 1} older unread messages not shown in full .*they now count as read`));
    for (const c of rest) expect(c).not.toContain("older unread");
    // Nothing the first run was shown or told of is [NEW] again.
    for (const c of rest) expect(c).not.toMatch(/"chatter \d+" {2}\[NEW\]/);
    expect(await cursorOf(s.space.id, scout.entityId)).toBeGreaterThanOrEqual(
      (await srv.deps.db.message.findFirstOrThrow({ where: { text: "Scout: req 3" } })).seq,
    );
  }, 120_000);
});

describe("a read_messages page shrunk to a preview", () => {
  it("counts as seen only the lines the preview shows", async () => {
    let otherId = "";
    let shrunk = false;
    const reader: Script = (c) => {
      // First the other space's page, then pages of this one until the first is shrunk.
      if (c.results.length === 0) return { tool: "read_messages", input: { spaceId: otherId } };
      // The in-run budget turns the older page into a one-line summary (or a preview).
      if (typeof c.results[0] === "string" && /^\[(older tool result left out|tool result shrunk)/.test(c.results[0])) {
        shrunk = true;
        return { text: "done" };
      }
      return c.results.length < 6 ? { tool: "read_messages", input: {} } : { text: "gave up" };
    };
    const s = await startAgentScenario({ Reader: reader }, { agentOptions: { Reader: { modelSettings: { contextTokens: 20_000 } } } });
    srv = s.srv;
    const r = s.agents.Reader!;
    const other = await createChannel(srv.deps, s.ada.actor, { name: "other", memberIds: [r.entityId] });
    await everyMessage(srv.deps.db, other.id);
    // Its reply mode there is off: the 50 messages start no run, and its cursor stays at 0.
    await srv.deps.db.membership.update({ where: { spaceId_entityId: { spaceId: other.id, entityId: r.entityId } }, data: { replyMode: "off" } });
    otherId = other.id;
    for (let i = 0; i < 50; i++) await sendMessage(srv.deps, s.ada.actor, { spaceId: other.id, text: `${i} ${"z".repeat(400)}` });
    for (let i = 0; i < 20; i++) await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: `here ${i} ${"y".repeat(300)}` });
    await srv.gateway.idle();
    const before = await srv.deps.db.run.count({ where: { agentId: r.id } });
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "read the other space" });
    await srv.gateway.idle();

    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: r.id }, orderBy: { queuedAt: "desc" } });
    expect(await srv.deps.db.run.count({ where: { agentId: r.id } })).toBe(before + 1);
    expect(shrunk).toBe(true);
    // The 50-message page was shrunk to a summary showing no whole line: nothing of it counts.
    const seenOther = (run.seenCursors as Record<string, [number, number][]>)[other.id] ?? [];
    expect(seenOther.reduce((n, [a, b]) => n + b - a + 1, 0)).toBeLessThanOrEqual(1);
    expect(await cursorOf(other.id, r.entityId)).toBe(0);
  }, 120_000);
});

describe("three spaces read across", () => {
  it("reading another space does not handle its pending requests: each is answered once, by its own run", async () => {
    let beta = "";
    let gamma = "";
    let say!: (spaceId: string, text: string) => Promise<unknown>;
    let pageLines: string[] = [];
    const base = obedient();
    // The run for "req alpha" reads beta and gamma, where requests wait for their own runs.
    const script: Script = async (c) => {
      if (c.call === 1 && c.results.length === 0) {
        const asked = [await say(beta, "req beta"), await say(gamma, "req gamma")].map((r) => (r as { message: { id: string } }).message.id);
        // Trigger handling is asynchronous (on PostgreSQL, in the agents' thread): the requests'
        // own runs exist before this run reads their spaces.
        await until("the requests' own runs to be queued", async () => (await srv.deps.db.run.count({ where: { triggerMessageId: { in: asked } } })) === 2);
        return {
          tools: [
            { tool: "read_messages", input: { spaceId: beta } },
            { tool: "read_messages", input: { spaceId: gamma } },
          ],
        };
      }
      if (c.call === 2) {
        pageLines = c.results.flatMap((r) => (r as { messages: string[] }).messages);
        return base({ ...c, results: [] });
      }
      return base(c);
    };
    const s = await startAgentScenario({ Scout: script }, { agentOptions: { Scout: { maxConcurrentRuns: 1 } } });
    srv = s.srv;
    const scout = s.agents.Scout!;
    say = (spaceId, text) => sendMessage(srv.deps, s.ada.actor, { spaceId, text });
    beta = (await createChannel(srv.deps, s.ada.actor, { name: "beta", memberIds: [scout.entityId] })).id;
    gamma = (await createChannel(srv.deps, s.ada.actor, { name: "gamma", memberIds: [scout.entityId] })).id;
    for (const id of [beta, gamma]) await everyMessage(srv.deps.db, id);
    await say(s.space.id, "req alpha");
    await srv.gateway.idle();

    // The pages named the run that owns each request.
    expect(pageLines.find((l) => l.includes('"req beta"'))).toMatch(/\[NEW\] ← HANDLED BY YOUR RUN \S+$/);
    expect(await answersIn()).toEqual(["answer to: req alpha", "answer to: req beta", "answer to: req gamma"]);
    for (const text of ["req beta", "req gamma"]) {
      const own = s.calls.Scout!.find((c) => c.includes(`message: ${JSON.stringify(text)}`))!;
      expect(lineOf(own, text)).toMatch(/\[NEW\] ← TRIGGER$/);
    }
  }, 120_000);
});
