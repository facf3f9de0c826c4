// Reply mode auto (channels' default): an agent wakes when a message is addressed to it — named,
// @mentioned, a reply to its message, an agent's question put to the agents, a direct space; a
// message addressed to someone else wakes no other agent; one addressed to nobody wakes at most
// MAX_TOPIC_WAKES agents whose topics match it best. Each decision is recorded with its reason.
// And the speaking rule: the woken agent's TRIGGER says who the message is for.
import { afterEach, describe, expect, it } from "vitest";
import { MAX_TOPIC_WAKES } from "@/lib/agents/reply-modes";
import type { TestServer } from "@/server/testing/test-server";
import { replyOnce, type Script, startAgentScenario } from "@/server/testing/agents";
import { sendMessage } from "@/server/domain/messages/send-message";
import { addMembers } from "@/server/domain/spaces/add-members";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { openDirectSpace } from "@/server/domain/spaces/open-direct-space";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

/** A colleague that follows the speaking rule literally: it answers only when TRIGGER says addressedToYou: true. */
const literal =
  (name: string): Script =>
  (c) => {
    if (c.results.length) return { text: "done" };
    const trig = c.system.split("\nTRIGGER:\n")[1]?.split("\n\n")[0] ?? "";
    return trig.includes("  addressedToYou: true") ? { tool: "send_message", input: { text: `${name} answers` } } : { text: "not for me" };
  };

async function setup(scripts: Record<string, Script>, topics: Record<string, string[]> = {}) {
  const s = await startAgentScenario(scripts, {
    replyMode: "auto",
    agentOptions: Object.fromEntries(Object.keys(scripts).map((n) => [n, { topics: topics[n] ?? [] }])),
  });
  srv = s.srv;
  const ben = await s.srv.user("Ben Builder");
  await addMembers(s.srv.deps, s.ada.actor, { spaceId: s.space.id, entityIds: [ben.entityId] });
  const say = async (text: string, replyToMessageId?: string) => {
    const sent = await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text, replyToMessageId });
    await s.srv.gateway.idle();
    return sent.message;
  };
  const decisions = async (messageId: string) => {
    const rows = await s.srv.deps.db.triggerDecision.findMany({ where: { messageId }, select: { agentId: true, decision: true, reason: true } });
    const names = Object.fromEntries(Object.entries(s.agents).map(([n, a]) => [a.id, n]));
    return Object.fromEntries(rows.map((r) => [names[r.agentId]!, `${r.decision}: ${r.reason}`]));
  };
  const posted = async () =>
    (await s.srv.deps.db.message.findMany({ where: { spaceId: s.space.id, sender: { type: "agent" } }, orderBy: { seq: "asc" } })).map((m) => m.text);
  return { ...s, ben, say, decisions, posted };
}

describe("who wakes (reply mode auto)", () => {
  it("is the default for agents added to channels; direct spaces stay every", async () => {
    const s = await setup({ Scout: replyOnce("hi") });
    const added = await createChannel(s.srv.deps, s.ada.actor, { name: "fresh", memberIds: [s.agents.Scout!.entityId] });
    const m = await s.srv.deps.db.membership.findFirstOrThrow({ where: { spaceId: added.id, entityId: s.agents.Scout!.entityId } });
    expect(m.replyMode).toBe("auto");
    const dm = await openDirectSpace(s.srv.deps, s.ada.actor, { entityId: s.agents.Scout!.entityId });
    const d = await s.srv.deps.db.membership.findFirstOrThrow({ where: { spaceId: dm.id, entityId: s.agents.Scout!.entityId } });
    expect(d.replyMode).toBe("every");
  });

  it("a named or @mentioned agent wakes; the others are refused as not addressed", async () => {
    const s = await setup({ Scout: replyOnce("Scout here"), Critic: replyOnce("Critic here") });
    const named = await s.say("Scout, what do we know about the launch?");
    expect(await s.decisions(named.id)).toEqual({
      Scout: "triggered: queued at chain depth 0 (addressed: named)",
      Critic: "refused: not addressed: the message is addressed to Scout",
    });
    const mentioned = await s.say("@Critic thoughts?");
    expect((await s.decisions(mentioned.id)).Critic).toBe("triggered: queued at chain depth 0 (addressed: @mentioned)");
    // A stored reference token counts as a mention too.
    const token = await s.say(`<@${s.agents.Scout!.entityId}> and the numbers?`);
    expect((await s.decisions(token.id)).Scout).toBe("triggered: queued at chain depth 0 (addressed: @mentioned)");
    expect(await s.posted()).toEqual(["Scout here", "Critic here", "Scout here"]);
  });

  it("a message addressed to a person wakes no agent, and the sender gets no note for it", async () => {
    const s = await setup({ Scout: replyOnce("Scout here") }, { Scout: ["launch"] });
    const socket = await s.ada.connect();
    const notes: unknown[] = [];
    socket.on("message:unanswered", (n) => notes.push(n));
    // Ben by first name: addressed to Ben, even though "launch" is Scout's topic.
    const m = await s.say("Ben, can you take the launch checklist?");
    expect(await s.decisions(m.id)).toEqual({ Scout: "refused: not addressed: the message is addressed to Ben Builder" });
    await new Promise((r) => setTimeout(r, 300));
    expect(notes).toEqual([]);
  });

  it("a reply to an agent's message wakes that agent only", async () => {
    const s = await setup({ Scout: replyOnce("Scout here"), Critic: replyOnce("Critic here") });
    await s.say("Scout, status?");
    const answer = await s.srv.deps.db.message.findFirstOrThrow({ where: { text: "Scout here" } });
    const reply = await s.say("thanks, and the other one?", answer.id);
    expect(await s.decisions(reply.id)).toEqual({
      Scout: "triggered: queued at chain depth 0 (addressed: replied to)",
      Critic: "refused: not addressed: the message is addressed to Scout",
    });
  });

  it(`addressed to nobody: at most ${MAX_TOPIC_WAKES} agents whose topics match best wake, best first; no match wakes none`, async () => {
    const s = await setup(
      { Planner: replyOnce("P"), Scout: replyOnce("S"), Critic: replyOnce("C") },
      { Planner: ["launch plan", "deploy"], Scout: ["launch", "research"], Critic: ["launch", "risk"] },
    );
    const m = await s.say("What's the launch plan for Friday?");
    expect(await s.decisions(m.id)).toEqual({
      // "launch plan" (2 words) + nothing else = 2; Critic and Scout 1 each, Critic first by name.
      Planner: "triggered: queued at chain depth 0 (addressed to nobody; on its topics: launch plan)",
      Critic: "triggered: queued at chain depth 0 (addressed to nobody; on its topics: launch)",
      Scout: "refused: not addressed: addressed to nobody, and other agents' topics match it better",
    });
    const off = await s.say("lunch at noon?");
    expect(Object.values(await s.decisions(off.id))).toEqual(
      Array(3).fill("refused: not addressed: addressed to nobody, and none of the agent's topics match it"),
    );
    // Stems: "risks" matches the topic "risk".
    const stem = await s.say("any risks left?");
    expect((await s.decisions(stem.id)).Critic).toMatch(/^triggered: .*on its topics: risk\)$/);
  });

  it("an agent's question sent with wait that names nobody asks the other agents", async () => {
    const asker: Script = (c) =>
      c.results.length
        ? { text: "paused" }
        : c.system.includes("(human, id:")
          ? { tool: "send_message", input: { text: "Anyone know the date?", wait: true } }
          : { text: "-" };
    const s = await setup({ Asker: asker, Helper: replyOnce("the 5th") });
    await s.say("Asker, find out the date");
    const q = await s.srv.deps.db.message.findFirstOrThrow({ where: { text: "Anyone know the date?" } });
    expect((await s.decisions(q.id)).Helper).toBe("triggered: queued at chain depth 1 (addressed: asked by an agent waiting for an answer)");
  });

  it("the speaking rule: three agents woken by every message, each following addressedTo literally, post exactly the wanted answers", async () => {
    const s = await setup({ Planner: literal("Planner"), Scout: literal("Scout"), Critic: literal("Critic") });
    await s.srv.deps.db.membership.updateMany({ where: { spaceId: s.space.id, entity: { type: "agent" } }, data: { replyMode: "every" } });
    await s.say("Scout, what do we know?");
    await s.say("Ben, can you check the numbers?");
    await s.say("good morning everyone");
    const critic = await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "@Critic review this" });
    await s.srv.gateway.idle();
    const criticAnswer = await s.srv.deps.db.message.findFirstOrThrow({ where: { text: "Critic answers" } });
    await s.say("and the second point?", criticAnswer.id);
    expect(await s.posted()).toEqual(["Scout answers", "Critic answers", "Critic answers"]);
    // What they were told: who the trigger was for.
    const scoutSaw = s.calls.Scout!.find((c) => c.includes('message: "Ben, can you check the numbers?"'))!;
    expect(scoutSaw).toMatch(/ {2}addressedTo: "Ben Builder" \(human, id:\S+\) \(named\)\n/);
    expect(scoutSaw).toContain("  addressedToYou: false");
    expect(s.calls.Planner!.find((c) => c.includes('message: "good morning everyone"'))).toContain("  addressedTo: nobody");
    expect(s.calls.Critic!.find((c) => c.includes(`messageId: ${critic.message.id}`))).toContain("  addressedTo: you (@mentioned)");
    // The rule itself is in the instructions.
    expect(s.calls.Scout![0]).toContain(
      "Answer what is addressed to you (addressedToYou: true); do not answer what is addressed to someone else unless asked to.",
    );
  });
});
