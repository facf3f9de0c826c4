// Agents in threads: a reply in a thread wakes agents as a channel message does; each answers
// in the thread (send_message's default for a run woken there); the context shows the thread
// whole and the channel's recent lines as background; taking part in a thread makes an agent
// addressed by its follow-ups; a wait asked in a thread is answered in it; threadId on the
// tools is checked against the active space and the run's reach.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "@/server/testing/test-server";
import { type ModelCall, type Script, startAgentScenario, triggeredByHuman } from "@/server/testing/agents";
import { sendMessage } from "@/server/domain/messages/send-message";
import { setReplyMode } from "@/server/domain/spaces/set-reply-mode";
import { createChannel } from "@/server/domain/spaces/create-channel";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

const inThread = (c: ModelCall) => c.system.includes("\nTHREAD in ");

/** Answers people in threads only (silent on channel lines), once, with its name. */
const threadReplier =
  (name: string): Script =>
  (c) =>
    inThread(c) && triggeredByHuman(c) && c.results.length === 0 ? { tool: "send_message", input: { text: `${name}: on it` } } : { text: "nothing to add" };

describe("agents in a thread", () => {
  it("two agents each answer in the thread; their context shows the thread whole and the channel as background", async () => {
    const s = await startAgentScenario({ Planner: threadReplier("Planner"), Critic: threadReplier("Critic") });
    srv = s.srv;
    const say = async (text: string, threadRootId?: string) => {
      const m = (await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text, threadRootId })).message;
      await s.srv.gateway.idle();
      return m;
    };
    await say("Coffee machine is broken again");
    const root = await say("Launch plan for Friday?");
    const ask = await say("What do we still need?", root.id);

    const replies = await s.srv.deps.db.message.findMany({ where: { threadRootId: root.id }, orderBy: { seq: "asc" } });
    expect(replies.map((m) => m.text).sort()).toEqual(["Critic: on it", "Planner: on it", "What do we still need?"]);
    // Not in the channel: nothing the agents wrote is top-level after the root.
    expect(await s.srv.deps.db.message.count({ where: { spaceId: s.space.id, threadRootId: null, seq: { gt: root.seq } } })).toBe(0);
    const rootRow = await s.srv.deps.db.message.findUniqueOrThrow({ where: { id: root.id } });
    expect(rootRow.threadReplyCount).toBe(3);
    expect(new Set(rootRow.threadParticipantIds)).toEqual(new Set([s.ada.entityId, s.agents.Planner!.entityId, s.agents.Critic!.entityId]));
    const runs = await s.srv.deps.db.run.findMany({ where: { triggerMessageId: ask.id } });
    expect(runs).toHaveLength(2);
    expect(runs.every((r) => r.triggerThreadRootId === root.id)).toBe(true);

    for (const name of ["Planner", "Critic"]) {
      const ctx = s.calls[name]!.find((c) => c.includes(`[msg:${ask.id}]`) && inThread({ system: c } as ModelCall))!;
      const thread = ctx.slice(ctx.indexOf("\nTHREAD in "), ctx.indexOf("\nCHANNEL BACKGROUND"));
      expect(thread).toContain(`(root msg:${root.id})`);
      expect(thread).toMatch(new RegExp(`\\[msg:${root.id}\\].*"Launch plan for Friday\\?"`));
      expect(thread).toMatch(/"What do we still need\?"\s+\[NEW\] ← TRIGGER/);
      const background = ctx.slice(ctx.indexOf("\nCHANNEL BACKGROUND"));
      expect(background).toMatch(/for background only/);
      expect(background.split("\n\n")[0]).toContain('"Coffee machine is broken again"');
      // In the space's own history, the reply says which thread it belongs to.
      expect(ctx).toContain(`[in the thread of msg:${root.id}]`);
    }
  });

  it("an agent that took part in a thread is addressed by its follow-ups; one that did not is not", async () => {
    const s = await startAgentScenario({ Planner: threadReplier("Planner"), Critic: threadReplier("Critic") });
    srv = s.srv;
    for (const agent of [s.agents.Planner!, s.agents.Critic!])
      await setReplyMode(s.srv.deps, s.ada.actor, { spaceId: s.space.id, agentId: agent.id, replyMode: "addressed" });
    const say = async (text: string, threadRootId?: string) => {
      const m = (await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text, threadRootId })).message;
      await s.srv.gateway.idle();
      return m;
    };
    const names = { [s.agents.Planner!.id]: "Planner", [s.agents.Critic!.id]: "Critic" };
    const decisions = async (messageId: string) =>
      Object.fromEntries((await s.srv.deps.db.triggerDecision.findMany({ where: { messageId } })).map((d) => [names[d.agentId], d.decision]));
    const root = await say("Release notes draft");
    const named = await say("Critic, anything missing?", root.id);
    expect(await decisions(named.id)).toEqual({ Critic: "triggered", Planner: "refused" });
    const followUp = await say("and the changelog?", root.id);
    expect(await decisions(followUp.id)).toEqual({ Critic: "triggered", Planner: "refused" });
    // Outside the thread, taking part in it addresses nobody.
    const channel = await say("lunch?");
    expect(await decisions(channel.id)).toEqual({ Critic: "refused", Planner: "refused" });
  });

  it("a wait asked in a thread is answered by a message in that thread, not by the channel", async () => {
    const asker: Script = (c) => {
      if (/send_message result: /.test(c.system)) return c.results.length ? { text: "done" } : { tool: "send_message", input: { text: "got the answer" } };
      if (!inThread(c) || !triggeredByHuman(c)) return { text: "not for me" };
      return c.results.length ? { text: "paused" } : { tool: "send_message", input: { text: "Which region?", wait: true } };
    };
    const s = await startAgentScenario({ Ops: asker });
    srv = s.srv;
    const root = (await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "Deploy please" })).message;
    await s.srv.gateway.idle();
    await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "in the thread: go", threadRootId: root.id });
    await s.srv.gateway.idle();
    const question = await s.srv.deps.db.message.findFirstOrThrow({ where: { text: "Which region?" } });
    expect(question.threadRootId).toBe(root.id);
    const run = await s.srv.deps.db.run.findFirstOrThrow({ where: { agentId: s.agents.Ops!.id, status: "waiting_reply" } });
    await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "unrelated channel line" });
    await s.srv.gateway.idle();
    expect((await s.srv.deps.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("waiting_reply");
    await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "eu-west", threadRootId: root.id });
    await s.srv.gateway.idle();
    expect((await s.srv.deps.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("completed");
    expect((await s.srv.deps.db.message.findFirstOrThrow({ where: { text: "got the answer" } })).threadRootId).toBe(root.id);
  });

  it("threadId is checked: a thread of another space or outside the reach is refused; 'channel' posts top-level", async () => {
    let secretRoot = "";
    let otherRoot = "";
    const tries: Script = (c) => {
      if (!triggeredByHuman(c) || !inThread(c)) return { text: "-" };
      const steps = [
        { tool: "read_messages", input: { threadId: secretRoot } },
        { tool: "send_message", input: { text: "leak", threadId: otherRoot } },
        { tool: "send_message", input: { text: "to the channel", threadId: "channel" } },
      ];
      return steps[c.results.length] ?? { text: "done" };
    };
    const s = await startAgentScenario({ Scout: tries });
    srv = s.srv;
    // A space Ada is not in (so outside any run she starts) and one of Scout's other spaces.
    const ben = await s.srv.user("Ben");
    const secret = await createChannel(s.srv.deps, ben.actor, { name: "secret", memberIds: [s.agents.Scout!.entityId] });
    secretRoot = (await sendMessage(s.srv.deps, ben.actor, { spaceId: secret.id, text: "secret root" })).message.id;
    const other = await createChannel(s.srv.deps, s.ada.actor, { name: "other", memberIds: [s.agents.Scout!.entityId] });
    otherRoot = (await sendMessage(s.srv.deps, s.ada.actor, { spaceId: other.id, text: "other root" })).message.id;
    await s.srv.gateway.idle();
    const root = (await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "root" })).message;
    await s.srv.gateway.idle();
    const ask = (await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "try it", threadRootId: root.id })).message;
    await s.srv.gateway.idle();

    const run = await s.srv.deps.db.run.findFirstOrThrow({ where: { triggerMessageId: ask.id } });
    const outputs = (await s.srv.deps.db.runEvent.findMany({ where: { runId: run.id, type: "tool_result" }, orderBy: { seq: "asc" } })).map(
      (e) => (e.data as { output: { error?: string } }).output,
    );
    expect(outputs[0]!.error).toMatch(/not found/i);
    expect(outputs[0]!.error).not.toContain("secret");
    expect(outputs[1]!.error).toMatch(/not a message of the active space/);
    expect(await s.srv.deps.db.message.count({ where: { text: "leak" } })).toBe(0);
    const top = await s.srv.deps.db.message.findFirstOrThrow({ where: { text: "to the channel" } });
    expect(top.threadRootId).toBeNull();
  });
});
