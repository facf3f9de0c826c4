// The built-in offline model: deterministic, silent unless a human spoke
// or it was addressed, and exercising the real tools — the no-key demo.
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { createAgent, everyMessage } from "../../testing/agents";
import { createChannel } from "../../domain/spaces/create-channel";
import { sendMessage } from "../../domain/messages/send-message";
import { ManualClock } from "../clock";
import { MAX_CHAIN_DEPTH, MAX_MESSAGE_LENGTH } from "@/lib/limits";

let srv: TestServer;
afterEach(async () => srv?.close());

async function demo(clock = new ManualClock()) {
  srv = await startTestServer({ gateway: { clock } });
  const ada = await srv.user("Ada");
  const agents = [];
  for (const [name, persona] of [
    ["Planner", "You turn discussions into concrete plans."],
    ["Scout", "You research questions and report facts."],
    ["Critic", "You review ideas and point out risks."],
  ] as const) {
    agents.push(await createAgent(srv.deps.db, name, { provider: "offline", persona, modelSettings: { streamDelayMs: 0, thinkMs: 0 } }));
  }
  const space = await createChannel(srv.deps, ada.actor, { name: "general", memberIds: agents.map((a) => a.entityId) });
  await everyMessage(srv.deps.db, space.id);
  const say = async (text: string) => {
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text });
    await srv.gateway.idle();
  };
  const texts = async () =>
    (await srv.deps.db.message.findMany({ where: { spaceId: space.id }, orderBy: { seq: "asc" }, include: { sender: true } })).map(
      (m) => `${m.sender.name}: ${m.text}`,
    );
  return { ada, agents, space, say, texts, clock };
}

describe("offline model", () => {
  it("one agent acknowledges a plain human message, then the space settles", async () => {
    const { say, texts } = await demo();
    await say("Good morning, team");
    const all = await texts();
    expect(all).toHaveLength(2);
    expect(all[1]).toMatch(/^Critic: I review ideas and point out risks\. I read “Good morning, team”\./);
    expect(all[1]).toContain("(offline model)");
    // Each reply triggered the other two agents (some folded into queued runs), who stayed silent.
    const runs = await srv.deps.db.run.count();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(9);
    expect(await srv.deps.db.run.count({ where: { status: { not: "completed" } } })).toBe(0);
  });

  it("a thank-you gets the lead's 👍 reaction, an FYI its 👀, and no message", async () => {
    const { say, texts, agents } = await demo();
    await say("thanks!");
    await say("FYI the build is green");
    expect(await texts()).toEqual(["Ada: thanks!", "Ada: FYI the build is green"]);
    const reactions = await srv.deps.db.reaction.findMany({ orderBy: { createdAt: "asc" }, select: { emoji: true, entityId: true } });
    const critic = agents.find((a) => a.name === "Critic")!;
    expect(reactions).toEqual([
      { emoji: "👍", entityId: critic.entityId },
      { emoji: "👀", entityId: critic.entityId },
    ]);
  });

  it("only the addressed agent answers when a human names one", async () => {
    const { say, texts } = await demo();
    await say("Scout, what is the capital of France?");
    const all = await texts();
    expect(all).toHaveLength(2);
    expect(all[1]).toMatch(/^Scout: /);
  });

  it("a discussion becomes a chain that stops at the depth limit with the reason recorded", async () => {
    const { say, texts } = await demo();
    await say("Let's discuss the launch plan");
    const agentMsgs = await srv.deps.db.message.findMany({ where: { sender: { type: "agent" } }, orderBy: { seq: "asc" } });
    expect(agentMsgs.map((m) => m.chainDepth)).toEqual([0, 1, 2, 3, 4, 5].slice(0, MAX_CHAIN_DEPTH + 1));
    const all = await texts();
    // "@Planner" written by the agent is stored as a reference to Planner (lib/mentions/format.ts).
    expect(all[1]).toMatch(/^Critic: .*<@[\w-]+>, what's your take\?/);
    expect(all[2]).toMatch(/^Planner: .*<@[\w-]+>, over to you\./);
    const stop = await srv.deps.db.triggerDecision.findFirst({ where: { decision: "refused" } });
    expect(stop?.reason).toContain("chain depth limit reached");
  });

  it("remember → set_memories; the memory is in the next context", async () => {
    const { say, agents } = await demo();
    await say("Critic, remember that the launch is on Friday");
    const mem = await srv.deps.db.memory.findFirstOrThrow({ where: { agentId: agents[2]!.id } });
    expect(mem.value).toBe("the launch is on Friday");
    await say("Critic, anything to add?");
    const last = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents[2]!.id }, orderBy: { createdAt: "desc" } });
    expect(last.contextSnapshot).toContain('MEMORIES:\n  - "the-launch-is-on": "the launch is on Friday"');
  });

  it("deploy → asks with wait, pauses, and acts on the human's answer", async () => {
    const { say, texts } = await demo();
    await say("Planner, deploy v2.1 please");
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { status: "waiting_reply" } });
    expect((await texts()).at(-1)).toBe("Planner: Deploy v2.1? Reply yes or no");
    await say("yes");
    expect((await srv.deps.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("completed");
    expect((await texts()).at(-1)).toMatch(/^Planner: Thanks Ada — going ahead/);
  });

  it("remind me in 2 minutes → a plan whose run posts the reminder when due", async () => {
    const { say, texts, clock } = await demo();
    await say("Scout, remind me in 2 minutes to stretch");
    expect((await texts()).at(-1)).toBe("Scout: Okay — I'll remind you in 2 minutes: “stretch”");
    clock.advance(121_000);
    await srv.gateway.tick();
    await srv.gateway.idle();
    expect((await texts()).at(-1)).toBe("Scout: **Reminder** for Ada: stretch");
  });
});

describe("the offline model's long answer", () => {
  it("fits one message, so an essay nobody stops is posted whole", async () => {
    const { say, texts } = await demo();
    await say("Planner, write an essay on release trains, in detail");
    const essay = (await texts()).find((t) => t.startsWith("Planner: Here is a longer answer"));
    expect(essay).toBeDefined();
    expect(essay).toContain("That is the whole of it.");
    expect(essay!.length - "Planner: ".length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
  });
});
