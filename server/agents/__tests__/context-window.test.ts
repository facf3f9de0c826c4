// Every model call fits the model's window, in a busy workspace at the default window for
// unknown models: many spaces, plans, memories and goals, failed runs with long errors, long
// messages, and a 20-step tool loop. The provider here is strict: it counts each call's prompt
// (messages, tool calls and results, tool schemas) with the model's tokenizer and refuses any
// call over the window, as real providers do.
import { afterEach, describe, expect, it } from "vitest";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { DEFAULT_CONTEXT_TOKENS, MAX_MESSAGE_LENGTH } from "@/lib/limits";
import { sendMessage } from "../../domain/messages/send-message";
import { createChannel } from "../../domain/spaces/create-channel";
import { addToSpace, createAgent, scriptedModels, type Script, everyMessage } from "../../testing/agents";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { strictWindow } from "../../testing/strict-window";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

const long = (i: number) => `${`Report ${i}: the numbers for the region, the open questions and who owns them. `.repeat(60)}`.slice(0, MAX_MESSAGE_LENGTH);

describe("every call fits the window", () => {
  it("a busy workspace at the default 8,000-token window: a 20-step tool loop, no call over the window, no run failing", async () => {
    const spaces: string[] = [];
    let calls_ = 0;
    // Reads the spaces one by one, then answers once. Counted by call: old results drop out of later steps.
    const loop: Script = () => {
      const step = calls_++;
      if (step < 19) return { tool: "read_messages", input: { spaceId: spaces[step % spaces.length] } };
      if (step === 19) return { tool: "send_message", input: { text: "Read everything: all quiet." } };
      return { text: "done" };
    };
    const models = scriptedModels({ Scout: loop });
    const calls: number[] = [];
    srv = await startTestServer({
      gateway: {
        models: (agent) => {
          const r = models.resolver(agent);
          if (agent.provider !== "mock") return r;
          return {
            ...r,
            model: strictWindow(r.model as LanguageModelV4, DEFAULT_CONTEXT_TOKENS, calls),
            contextTokens: DEFAULT_CONTEXT_TOKENS,
            contextSource: "default",
          };
        },
      },
    });
    const { db } = srv.deps;
    const ada = await srv.user("Ada");
    // gpt-4o-mini's encoding is known, so the budget counts exactly what the strict provider counts.
    const scout = await createAgent(db, "Scout", { modelId: "gpt-4o-mini" });
    await db.agent.update({ where: { id: scout.id }, data: { maxToolSteps: 25 } });

    // 16 spaces, each with a few long messages written before Scout joined (they start no runs).
    for (let i = 0; i < 16; i++) {
      const space = await createChannel(srv.deps, ada.actor, { name: i === 0 ? "general" : `team-${String(i).padStart(2, "0")}`, memberIds: [] });
      spaces.push(space.id);
      for (let j = 0; j < (i === 0 ? 40 : 3); j++) await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: long(j) });
    }
    const general = spaces[0]!;
    const asked = [];
    for (let i = 0; i < 3; i++) asked.push((await sendMessage(srv.deps, ada.actor, { spaceId: general, text: `Scout, deploy report ${i}?` })).message);
    for (const id of spaces) await addToSpace(db, id, ada.entityId, [scout.entityId]);
    for (let i = 0; i < 20; i++) {
      await db.plan.create({
        data: {
          agentId: scout.id,
          name: `Weekly check ${i}`,
          instruction: long(i).slice(0, 500),
          cron: "0 9 * * 1",
          nextRunAt: new Date(Date.now() + (i + 1) * 3_600_000),
        },
      });
    }
    for (let i = 0; i < 30; i++) await db.memory.create({ data: { agentId: scout.id, key: `fact-${i}`, value: long(i).slice(0, 600) } });
    for (let i = 0; i < 15; i++) await db.goal.create({ data: { agentId: scout.id, description: long(i).slice(0, 300), priority: i } });
    // Three failed runs of that request in #general, with long errors and partial outputs.
    for (let i = 0; i < 3; i++) {
      await db.run.create({
        data: {
          agentId: scout.id,
          triggerType: "space_message",
          triggerMessageId: asked[i]!.id,
          triggerSpaceId: general,
          triggerEntityId: ada.entityId,
          reach: [general],
          status: "failed",
          error: long(3 + i),
          partialOutput: long(5 + i),
          endedAt: new Date(),
        },
      });
    }

    await sendMessage(srv.deps, ada.actor, { spaceId: general, text: `Scout, please go through every space. ${long(9)}`.slice(0, MAX_MESSAGE_LENGTH) });
    await srv.gateway.idle();

    const run = await db.run.findFirstOrThrow({ where: { agentId: scout.id, status: { not: "failed" } }, orderBy: { queuedAt: "desc" } });
    expect(run.error).toBeNull();
    expect(run.status).toBe("completed");
    // 19 reads, one send, one final text: every call made, none refused, none over the window.
    expect(calls).toHaveLength(21);
    expect(Math.max(...calls)).toBeLessThanOrEqual(DEFAULT_CONTEXT_TOKENS);
    expect(await db.message.count({ where: { runId: run.id } })).toBe(1);
    // The first call was told what it could not be shown, and kept the trigger and the failures.
    const first = models.calls.Scout![0]!;
    expect(first).toContain("Scout, please go through every space.");
    expect(first).toMatch(/FAILED RUNS|… 3 more failed runs not shown/);
    // Each plan is listed once at most (PLANS DUE names only the next one).
    expect(first.split('"Weekly check 5"').length).toBeLessThanOrEqual(2);
    // The inspector is told the window is the default for unknown models.
    const context = await db.runEvent.findFirstOrThrow({ where: { runId: run.id, type: "context" } });
    expect((context.data as { budget: object }).budget).toMatchObject({ window: DEFAULT_CONTEXT_TOKENS, source: "default" });
  }, 120_000);

  it("when even the smallest context cannot fit, no call is made and the run's error says what took the room", async () => {
    const models = scriptedModels({ Scout: () => ({ text: "never called" }) });
    srv = await startTestServer({
      gateway: { models: (agent) => ({ ...models.resolver(agent), contextTokens: DEFAULT_CONTEXT_TOKENS, contextSource: "default" }) },
    });
    const ada = await srv.user("Ada");
    // A persona far longer than the window: it is part of the identity, which never gives way.
    const scout = await createAgent(srv.deps.db, "Scout", { modelId: "gpt-4o-mini", persona: long(1).repeat(10) });
    const space = await createChannel(srv.deps, ada.actor, { name: "general", memberIds: [scout.entityId] });
    await everyMessage(srv.deps.db, space.id);
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "Scout, hello" });
    await srv.gateway.idle();
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: scout.id } });
    expect(run.status).toBe("failed");
    expect(models.calls.Scout ?? []).toHaveLength(0);
    expect(run.error).toMatch(
      /^Even the smallest context for this run \([\d,]+ tokens\) does not fit the model's window 8,000 tokens \(default for unknown models\): [\d,]+ reserved for the reply, [\d,]+ for the tool schemas, [\d,]+ for the context\. It holds: identity and instructions [\d,]+ tokens, /,
    );
    expect(run.error).not.toMatch(/set modelSettings\.contextTokens/);
  }, 60_000);
});
