// Mentions stored as references, as agents meet them: the context reads "@Name" / "#channel"
// with the names of now, and a reference to an agent in "when addressed" mode wakes it even
// after the agent was renamed.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "@/server/testing/test-server";
import { replyOnce, startAgentScenario } from "@/server/testing/agents";
import { sendMessage } from "@/server/domain/messages/send-message";
import { setReplyMode } from "@/server/domain/spaces/set-reply-mode";
import { createChannel } from "@/server/domain/spaces/create-channel";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

describe("mention references and agents", () => {
  it("the agent reads references as current names; a reference wakes an agent that only answers when addressed, renamed or not", async () => {
    const s = await startAgentScenario({ Scout: replyOnce("on it") }, { spaceName: "ops" });
    srv = s.srv;
    const scout = s.agents.Scout!;
    await setReplyMode(s.srv.deps, s.ada.actor, { spaceId: s.space.id, agentId: scout.id, replyMode: "addressed" });
    await s.srv.deps.db.entity.update({ where: { id: s.ada.entityId }, data: { name: "Ada L." } });
    await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: `<@${scout.entityId}> ask <@${s.ada.entityId}> in <#${s.space.id}>` });
    await s.srv.gateway.idle();
    const context = s.calls.Scout!.at(-1)!;
    expect(context).toContain("@Scout ask @Ada L. in #ops");
    expect(context).not.toContain(`<@${scout.entityId}>`);
    // Renamed, the agent is still addressed by the reference (its old name is nowhere in the text).
    await s.srv.deps.db.entity.update({ where: { id: scout.entityId }, data: { name: "Ranger" } });
    const sent = await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: `thanks <@${scout.entityId}>` });
    await s.srv.gateway.idle();
    const decisions = await s.srv.deps.db.triggerDecision.findMany({ where: { messageId: sent.message.id } });
    expect(decisions.map((d) => d.decision)).toEqual(["triggered"]);
  });

  it("a channel outside the run's reach is not named, though the agent is in it", async () => {
    const s = await startAgentScenario({ Scout: replyOnce("on it") }, { spaceName: "ops" });
    srv = s.srv;
    const scout = s.agents.Scout!;
    const ben = await s.srv.user("Ben");
    // Ben and Scout share a private channel Ada is not in; Ada learned its id while she was in it.
    const hidden = await createChannel(s.srv.deps, ben.actor, { name: "layoffs-2027", visibility: "private", memberIds: [scout.entityId] });
    await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: `what is <#${hidden.id}> about?` });
    await s.srv.gateway.idle();
    const context = s.calls.Scout!.at(-1)!;
    expect(context).toContain("what is #private-channel about?");
    expect(context).not.toContain("layoffs-2027");
  });
});
