// Reply modes: per agent and space, which messages wake the agent: every one (the default),
// only those naming it or replying to its message, or none. Each refusal is a trigger
// decision with its reason, and the agent's context says which mode it is in.
import { afterEach, describe, expect, it } from "vitest";
import { REPLY_MODES } from "@/lib/agents/reply-modes";
import { ReplyMode } from "@/generated/prisma/enums";
import type { TestServer } from "@/server/testing/test-server";
import { replyOnce, startAgentScenario } from "@/server/testing/agents";
import { waitFor } from "@/server/testing/test-server";
import { sendMessage } from "@/server/domain/messages/send-message";
import { setReplyMode } from "@/server/domain/spaces/set-reply-mode";
import { addMembers } from "@/server/domain/spaces/add-members";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

async function setup() {
  const s = await startAgentScenario({ Scout: replyOnce("Scout here") }, { spaceName: "ops" });
  srv = s.srv;
  // By the words said: a typed "@Scout" is stored as a reference, so not by the stored text.
  const said = new Map<string, string>();
  const decisions = async (text: string) => {
    const m = await srv!.deps.db.message.findUniqueOrThrow({ where: { id: said.get(text) ?? "" } });
    return srv!.deps.db.triggerDecision.findMany({ where: { messageId: m.id }, select: { decision: true, reason: true } });
  };
  const say = async (text: string, replyToMessageId?: string) => {
    const sent = await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text, replyToMessageId });
    said.set(text, sent.message.id);
    await s.srv.gateway.idle();
    return sent.message;
  };
  return { ...s, decisions, say };
}

describe("reply modes", () => {
  it("lists the same modes as the database", () => expect([...REPLY_MODES].sort()).toEqual(Object.values(ReplyMode).sort()));

  it("every message: the default, as before", async () => {
    const s = await setup();
    await s.say("morning all");
    expect(await s.decisions("morning all")).toEqual([{ decision: "triggered", reason: expect.any(String) }]);
  });

  it("when addressed: only a message that names the agent or replies to its message wakes it", async () => {
    const s = await setup();
    await setReplyMode(s.srv.deps, s.ada.actor, { spaceId: s.space.id, agentId: s.agents.Scout!.id, replyMode: "addressed" });
    await s.say("morning all");
    expect(await s.decisions("morning all")).toEqual([
      { decision: "refused", reason: "reply mode is when addressed: the message neither names the agent nor replies to its message" },
    ]);
    await s.say("@scout can you check the logs?");
    expect((await s.decisions("@scout can you check the logs?")).map((d) => d.decision)).toEqual(["triggered"]);
    const answer = await s.srv.deps.db.message.findFirstOrThrow({ where: { text: "Scout here" } });
    await s.say("thanks, and the other one?", answer.id);
    expect((await s.decisions("thanks, and the other one?")).map((d) => d.decision)).toEqual(["triggered"]);
    // "Scouting" is not a mention.
    await s.say("Scouting trip on Friday");
    expect((await s.decisions("Scouting trip on Friday")).map((d) => d.decision)).toEqual(["refused"]);
    // The agent is told: its context marks the space.
    expect(s.calls.Scout!.at(-1)).toContain('"ops" (id: ');
    expect(s.calls.Scout!.at(-1)).toContain("[messages here wake you only when they name you or reply to you]");
  });

  it("off: no message wakes it, named or not", async () => {
    const s = await setup();
    await setReplyMode(s.srv.deps, s.ada.actor, { spaceId: s.space.id, agentId: s.agents.Scout!.id, replyMode: "off" });
    await s.say("Scout, are you there?");
    expect(await s.decisions("Scout, are you there?")).toEqual([
      { decision: "refused", reason: "reply mode is off: the agent answers no messages in this space" },
    ]);
    expect(await s.srv.deps.db.run.count()).toBe(0);
  });

  it("a person whose message woke no agent is told why, quietly and only them; a message that woke one gets no note", async () => {
    const s = await setup();
    const adaSocket = await s.ada.connect();
    const ben = await s.srv.user("Ben");
    await addMembers(s.srv.deps, s.ada.actor, { spaceId: s.space.id, entityIds: [ben.entityId] });
    const benSocket = await ben.connect();
    const benNotes: unknown[] = [];
    benSocket.on("message:unanswered", (n) => benNotes.push(n));
    await setReplyMode(s.srv.deps, s.ada.actor, { spaceId: s.space.id, agentId: s.agents.Scout!.id, replyMode: "addressed" });
    const note = waitFor(adaSocket, "message:unanswered");
    const quiet = await s.say("lunch at noon?");
    expect(await note).toEqual({
      spaceId: s.space.id,
      messageId: quiet.id,
      agents: [{ name: "Scout", decision: "refused", reason: "reply mode is when addressed: the message neither names the agent nor replies to its message" }],
    });
    const none = waitFor(adaSocket, "message:unanswered", 1500).then(
      () => "note",
      () => "none",
    );
    await s.say("Scout, lunch at noon?");
    expect(await none).toBe("none");
    expect(benNotes).toEqual([]);
  });

  it("only the space's owner or a workspace admin may change it, and only for an agent in the space", async () => {
    const s = await setup();
    const ben = await s.srv.user("Ben");
    await addMembers(s.srv.deps, s.ada.actor, { spaceId: s.space.id, entityIds: [ben.entityId] });
    const input = { spaceId: s.space.id, agentId: s.agents.Scout!.id, replyMode: "off" as const };
    await expect(setReplyMode(s.srv.deps, ben.actor, input)).rejects.toMatchObject({ code: "forbidden" });
    const outsider = await s.srv.user("Otto");
    await expect(setReplyMode(s.srv.deps, outsider.actor, input)).rejects.toMatchObject({ code: "not_found" });
    const root = await s.srv.user("Root", { isAdmin: true });
    await expect(setReplyMode(s.srv.deps, root.actor, input)).resolves.toEqual(input);
    await expect(setReplyMode(s.srv.deps, root.actor, { ...input, agentId: "no-such-agent" })).rejects.toMatchObject({ code: "not_found" });
  });
});
