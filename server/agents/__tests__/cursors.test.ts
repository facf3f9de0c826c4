// An agent's cursor in a space (what its next context marks [SEEN]) moves only across
// messages the agent was shown; a run that did not complete leaves its trigger new.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { type Script, silent, startAgentScenario } from "../../testing/agents";
import { sendMessage } from "../../domain/messages/send-message";
import { HISTORY_WINDOW } from "@/lib/limits";

let srv: TestServer;
afterEach(async () => srv?.close());

// One run at a time, so the next run's context is built after the previous run moved the cursor.
async function setup(script: Script) {
  const scenario = await startAgentScenario({ Scout: script }, { agentOptions: { Scout: { maxConcurrentRuns: 1 } } });
  srv = scenario.srv;
  const scout = scenario.agents.Scout!;
  const cursor = async () =>
    (await srv.deps.db.membership.findUniqueOrThrow({ where: { spaceId_entityId: { spaceId: scenario.space.id, entityId: scout.entityId } } }))
      .lastProcessedSeq;
  const seqOf = async (text: string) => (await srv.deps.db.message.findFirstOrThrow({ where: { spaceId: scenario.space.id, text } })).seq;
  const say = (text: string) => sendMessage(srv.deps, scenario.ada.actor, { spaceId: scenario.space.id, text });
  return { ...scenario, cursor, seqOf, say };
}

/** The history line of a message (not the TRIGGER block's copy of its text). */
const lineOf = (context: string, text: string) => context.split("\n").find((l) => l.includes(JSON.stringify(text)) && /\[(NEW|SEEN)\]/.test(l)) ?? "";

describe("an agent's cursor", () => {
  it("stops before a follow-up posted while the run was working, so the next run sees it as new", async () => {
    let say!: (text: string) => Promise<unknown>;
    const s = await setup(async (c) => {
      if (c.call === 1) {
        await say("follow-up posted mid-run");
        return { tool: "send_message", input: { text: "on it" } };
      }
      return { text: "done" };
    });
    say = s.say;
    await s.say("first request");
    await srv.gateway.idle();
    // The first run's own message came after the follow-up it never saw: its cursor stopped on
    // its trigger, so the run the follow-up set off saw it as new.
    const request = await srv.deps.db.message.findFirstOrThrow({ where: { text: "first request" } });
    const first = await srv.deps.db.run.findFirstOrThrow({ where: { triggerMessageId: request.id } });
    expect(first.seenCursors).toEqual({
      [s.space.id]: [
        [1, await s.seqOf("first request")],
        [await s.seqOf("on it"), await s.seqOf("on it")],
      ],
    });
    const next = s.calls.Scout!.find((ctx) => ctx.includes('message: "follow-up posted mid-run"'))!;
    expect(lineOf(next, "follow-up posted mid-run")).toMatch(/\[NEW\] ← TRIGGER$/);
    expect(lineOf(next, "first request")).toMatch(/\[SEEN\]/);
  });

  it(`crosses a backlog larger than the ${HISTORY_WINDOW}-message window: the part not shown is digested, so it converges in one run`, async () => {
    const s = await setup(silent);
    // The backlog builds while Scout is disabled, so no run handles any of it.
    await srv.deps.db.agent.update({ where: { id: s.agents.Scout!.id }, data: { enabled: false } });
    for (let i = 0; i < HISTORY_WINDOW + 10; i++) await s.say(`backlog ${i}`);
    await srv.gateway.idle();
    await srv.deps.db.agent.update({ where: { id: s.agents.Scout!.id }, data: { enabled: true } });
    await s.say("the trigger");
    await srv.gateway.idle();
    // The oldest eleven [NEW] messages were not shown line by line: they were counted and
    // digested in a block the model was shown, so the cursor crosses them too.
    const context = s.calls.Scout!.at(-1)!;
    expect(context).toContain(`  … 11 older unread messages not shown in full (`);
    expect(context).toContain(`they now count as read (read_messages offset=${HISTORY_WINDOW} for the full text):`);
    expect(context).toContain('    speakers: "Ada" (human) ×11');
    expect(await s.cursor()).toBe(await s.seqOf("the trigger"));
    // The next run marks none of them [NEW] again.
    await s.say("and then");
    await srv.gateway.idle();
    expect(s.calls.Scout!.at(-1)).not.toContain("older unread");
    expect(lineOf(s.calls.Scout!.at(-1)!, "backlog 59")).toMatch(/\[SEEN\]$/);
  }, 120_000);

  it("crosses deleted messages: they are not unread, and nothing is left unshown", async () => {
    const s = await setup(silent);
    await srv.deps.db.agent.update({ where: { id: s.agents.Scout!.id }, data: { enabled: false } });
    for (let i = 0; i < HISTORY_WINDOW + 1; i++) await s.say(`backlog ${i}`);
    // The two oldest are deleted: the window of the newest 50 then holds every unread message left.
    await srv.deps.db.message.updateMany({ where: { text: { in: ["backlog 0", "backlog 1"] } }, data: { deletedAt: new Date() } });
    await srv.gateway.idle();
    await srv.deps.db.agent.update({ where: { id: s.agents.Scout!.id }, data: { enabled: true } });
    await s.say("the trigger");
    await srv.gateway.idle();
    expect(s.calls.Scout!.at(-1)).not.toContain("older unread");
    expect(await s.cursor()).toBe(await s.seqOf("the trigger"));
  });

  it("stays before the trigger of a failed run, which the next run sees as new", async () => {
    const s = await setup((c) => (c.call === 1 ? { error: "upstream down" } : { text: "nothing to add" }));
    await s.say("please handle this");
    await srv.gateway.idle();
    expect(await s.cursor()).toBe((await s.seqOf("please handle this")) - 1);
    await s.say("anyone?");
    await srv.gateway.idle();
    expect(lineOf(s.calls.Scout!.at(-1)!, "please handle this")).toMatch(/\[NEW\] ← FAILED EARLIER \(run \S+\)$/);
    expect(await s.cursor()).toBe(await s.seqOf("anyone?"));
  });
});

describe("an obedient model", () => {
  it("that answers every [NEW] human message it is shown answers each exactly once, follow-ups included", async () => {
    let say!: (text: string) => Promise<unknown>;
    // Answers every [NEW] line from Ada in one step, then stops; one request arrives mid-run.
    const s = await setup(async (c) => {
      if (c.results.length) return { text: "done" };
      if (c.call === 1) await say("request two, posted mid-run");
      const fresh = c.system
        .split("\n")
        .filter((l) => /"Ada" \(human, id:[^)]*\): .*\[NEW\]/.test(l))
        .map((l) => /: ("(?:[^"\\]|\\.)*")\s+\[NEW\]/.exec(l)?.[1])
        .filter((t): t is string => !!t)
        .map((t) => JSON.parse(t) as string);
      if (!fresh.length) return { text: "nothing new" };
      return { tools: fresh.map((t) => ({ tool: "send_message", input: { text: `answer to: ${t}` } })) };
    });
    say = s.say;
    await s.say("request one");
    await srv.gateway.idle();
    await s.say("request three");
    await srv.gateway.idle();
    const answers = (await srv.deps.db.message.findMany({ where: { spaceId: s.space.id, text: { startsWith: "answer to: " } }, orderBy: { seq: "asc" } })).map(
      (m) => m.text,
    );
    expect(answers.sort()).toEqual(["answer to: request one", "answer to: request three", "answer to: request two, posted mid-run"]);
  });
});
