// A run is one piece of work across its model calls: a call resumed after a wait, or taken
// over after its process died, continues it (its own closing prompt, RESUMED naming the
// question, a divider for what arrived meanwhile, THIS RUN SO FAR, no second post of a
// message already sent). Failed runs stay in the context until made up for, and the
// speaking rules follow the trigger: folded messages in TRIGGER, questions in ACTIVE RUNS,
// the wait mark only while the wait is open.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { type ModelCall, type Script, silent, startAgentScenario, everyMessage } from "../../testing/agents";
import { createChannel } from "../../domain/spaces/create-channel";
import { sendMessage } from "../../domain/messages/send-message";
import { onMessage } from "../triggers/on-message";
import { buildScope } from "../runs/prepare-run";
import { loadRunningRun } from "../runs/running-run";
import { appendRunEvent } from "../runs/run-events";
import { buildTools } from "../tools/build-tools";
import { RESUME_PROMPT, RUN_PROMPT, TAKEOVER_PROMPT } from "../context/blocks/closing";
import { MAX_FAILED_RUNS_SHOWN } from "@/lib/limits";

let srv: TestServer;
afterEach(async () => srv?.close());

const QUESTION = "Deploy v2.1? Reply yes or no";
const FAILED_HEADER = "\nFAILED RUNS (";
const resumed = (c: ModelCall) => c.system.includes("\nRESUMED:\n");
const triggerText = (c: ModelCall) => /^ {2}message: (.*)$/m.exec(c.system.split("\nTRIGGER:\n")[1] ?? "")?.[1];

describe("a resumed call continues its run", () => {
  it("gets its own prompt, RESUMED names the question, a divider marks the wait, and THIS RUN SO FAR lists what it did", async () => {
    const ops: Script = (c) => {
      if (resumed(c)) return c.results.length ? { text: "done" } : { tool: "send_message", input: { text: "deploying" } };
      if (c.results.length === 0) return { tool: "read_messages", input: {} };
      if (c.results.length === 1) return { tool: "send_message", input: { text: QUESTION, wait: true } };
      return { text: "paused" };
    };
    const { srv: s, ada, agents, space, calls } = await startAgentScenario({ Ops: ops }, { spaceName: "ops" });
    srv = s;
    const trigger = (await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "please deploy" })).message;
    await srv.gateway.idle();
    const question = await srv.deps.db.message.findFirstOrThrow({ where: { senderId: agents.Ops!.entityId } });
    const reply = (await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "yes" })).message;
    await srv.gateway.idle();

    // One entry per model step: the first call's first step, and the resumed call's first step.
    const first = calls.Ops![0];
    const second = calls.Ops!.find((c) => c.includes("\nRESUMED:\n"));
    expect(first!.endsWith(RUN_PROMPT)).toBe(true);
    expect(second!.endsWith(RESUME_PROMPT)).toBe(true);
    expect(second).toContain(`  your question: [msg:${question.id}] ${JSON.stringify(QUESTION)} in "ops" (id: ${space.id})`);
    // Shown in the first call: not [NEW] again.
    expect(second).toMatch(/"please deploy"\s+\[SEEN\] ← TRIGGER/);
    expect(second).toContain(`${JSON.stringify(QUESTION)}  [SEEN]`);
    const divider = second!.indexOf(`  ── arrived while you waited for a reply to msg:${question.id}`);
    expect(divider).toBeGreaterThan(second!.indexOf(`[msg:${question.id}]`));
    expect(divider).toBeLessThan(second!.indexOf(`[msg:${reply.id}]`));
    expect(second).toMatch(/"yes"\s+\[NEW\] ← REPLY/);
    // Tool calls before the wait, with what they returned, and the message already posted.
    expect(second).toContain("THIS RUN SO FAR (1 earlier model call; this call continues them):");
    expect(second).toMatch(/^ {4}- read_messages \{\} → count: 1, messages: 1 item$/m);
    expect(second).toContain(`    - send_message {"text":${JSON.stringify(QUESTION)},"wait":true} → status: "waiting", messageId: "${question.id}"`);
    expect(second).toContain(
      `  messages this run already sent (do not send them again):\n    - [msg:${question.id}] in "ops" (id: ${space.id}), asked with wait: true: ${JSON.stringify(QUESTION)}`,
    );
    expect(first).not.toContain("\nTHIS RUN SO FAR (");
    expect(trigger.id).toBeTruthy();
  });
});

describe("a run taken over after its process died", () => {
  it("is told what the dead attempt did and does not post its message again", async () => {
    let retried: unknown;
    const ops: Script = (c) => {
      if (!c.system.includes("\nTHIS RUN SO FAR (")) return { text: "nothing" };
      // A model that ignores the list and writes the same message again.
      if (c.results.length === 0) return { tool: "send_message", input: { text: "Report: 42 builds green" } };
      retried = c.results[0];
      return { text: "done" };
    };
    const { srv: s, ada, agents, space, calls } = await startAgentScenario({ Ops: ops }, { spaceName: "ops" });
    srv = s;
    const ctx = srv.gateway.ctx;
    const m = (await sendMessage({ ...srv.deps, bus: undefined }, ada.actor, { spaceId: space.id, text: "post the report" })).message;
    const created = await srv.deps.db.run.create({
      data: {
        agentId: agents.Ops!.id,
        triggerType: "space_message",
        triggerMessageId: m.id,
        triggerSpaceId: space.id,
        triggerEntityId: ada.entityId,
        activeSpaceId: space.id,
        reach: [space.id],
        requesterId: ada.entityId,
        status: "running",
        startedAt: ctx.clock.now(),
      },
    });
    // The dead attempt: its model call started, wrote a thought, and posted through the real tool.
    await appendRunEvent(ctx, created.id, "context", { tokens: 1, omittedSeen: 0, resumed: null, model: "mock/scripted" });
    const scope = await buildScope(ctx, (await loadRunningRun(ctx, created.id))!);
    const sendTool = buildTools(scope, []).send_message!;
    const first = (await sendTool.execute!({ text: "Report: 42 builds green" }, { toolCallId: "dead-1", messages: [], context: {} })) as { messageId: string };
    await appendRunEvent(ctx, created.id, "model_step", {
      text: "Posted the report; next, the summary.",
      toolCalls: ["send_message"],
      finishReason: "tool-calls",
      usage: { input: 1, output: 1 },
    });
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await srv.deps.db.$executeRaw`UPDATE "Run" SET "updatedAt" = ${longAgo}::timestamp WHERE id = ${created.id}`;

    await srv.gateway.tick();
    await srv.gateway.idle();

    const context = calls.Ops!.at(-1)!;
    expect(context.endsWith(TAKEOVER_PROMPT)).toBe(true);
    expect(context).toContain("THIS RUN SO FAR (1 earlier model call; the last one was cut off before it finished (its process stopped)):");
    expect(context).toContain(`    - send_message {"text":"Report: 42 builds green"} → status: "sent", messageId: "${first.messageId}"`);
    expect(context).toContain(`    - [msg:${first.messageId}] in "ops" (id: ${space.id}): "Report: 42 builds green"`);
    expect(context).toContain('  your last private text: "Posted the report; next, the summary."');
    // The repeated send_message got the stored result; nothing was posted twice.
    expect(retried).toMatchObject({ status: "sent", messageId: first.messageId, note: expect.stringMatching(/already sent/) });
    expect(await srv.deps.db.message.count({ where: { spaceId: space.id, text: "Report: 42 builds green" } })).toBe(1);
    expect((await srv.deps.db.run.findUniqueOrThrow({ where: { id: created.id } })).status).toBe("completed");
  });
});

describe("failed runs stay visible until handled", () => {
  it("a failure stays until a run that was shown it completes; a run that never saw it does not hide it", async () => {
    const scout: Script = (c) => {
      if (triggerText(c) === '"one"') return c.results.length ? { error: "upstream down" } : { tool: "send_message", input: { text: "Working on it" } };
      return { text: "ok" };
    };
    const { srv: s, ada, agents, space, calls } = await startAgentScenario({ Scout: scout });
    srv = s;
    const other = await createChannel(srv.deps, ada.actor, { name: "other", memberIds: [agents.Scout!.entityId] });
    const one = (await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "one" })).message;
    await srv.gateway.idle();
    const failed = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Scout!.id, status: "failed" } });
    const working = await srv.deps.db.message.findFirstOrThrow({ where: { text: "Working on it" } });

    // A run that completed in the space after the failure, but was never shown it (no context of its own).
    const later = new Date(failed.endedAt!.getTime() + 1000);
    await srv.deps.db.run.create({
      data: {
        agentId: agents.Scout!.id,
        triggerType: "service",
        serviceName: "unrelated",
        status: "completed",
        reach: [space.id, other.id],
        startedAt: later,
        endedAt: later,
      },
    });

    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "two" });
    await srv.gateway.idle();
    const two = calls.Scout!.at(-1)!;
    expect(two).toContain(
      [
        `${FAILED_HEADER}not made up for yet; each stays here until a run that was shown it completes):`,
        `  - run ${failed.id} (failed ${failed.endedAt!.toISOString()})`,
        `      trigger: space_message in "general" (id: ${space.id}) from "Ada" (human, id:${ada.entityId}), msg:${one.id} "one"`,
        '      error: "Model call failed: upstream down"',
      ].join("\n"),
    );
    expect(two).toContain(`      tool calls it made:\n      - send_message {"text":"Working on it"} → status: "sent", messageId: "${working.id}"`);
    expect(two).toContain(`      messages it already sent:\n      - [msg:${working.id}] in "general" (id: ${space.id}): "Working on it"`);
    expect(two).toMatch(new RegExp(`"one"\\s+\\[NEW\\] ← FAILED EARLIER \\(run ${failed.id}\\)`));

    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "three" });
    await srv.gateway.idle();
    expect(calls.Scout!.at(-1)).not.toContain(FAILED_HEADER);
  });

  it(`shows at most MAX_FAILED_RUNS_SHOWN (${MAX_FAILED_RUNS_SHOWN}) and counts the rest`, async () => {
    const { srv: s, ada, agents, space, calls } = await startAgentScenario({ Scout: silent });
    srv = s;
    const quiet = { ...srv.deps, bus: undefined };
    for (let i = 0; i < MAX_FAILED_RUNS_SHOWN + 1; i++) {
      const m = (await sendMessage(quiet, ada.actor, { spaceId: space.id, text: `ask ${i}` })).message;
      await srv.deps.db.run.create({
        data: {
          agentId: agents.Scout!.id,
          triggerType: "space_message",
          triggerMessageId: m.id,
          triggerSpaceId: space.id,
          reach: [space.id],
          status: "failed",
          error: `boom ${i}`,
          endedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        },
      });
    }
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "go" });
    await srv.gateway.idle();
    const context = calls.Scout!.at(-1)!;
    expect(context.match(/^ {2}- run \S+ \(failed /gm)).toHaveLength(MAX_FAILED_RUNS_SHOWN);
    expect(context).toContain('error: "boom 3"');
    expect(context).not.toContain('error: "boom 0"');
    expect(context).toContain("  … 1 more failed run not shown");
  });
});

describe("speaking rules follow the trigger", () => {
  it("the static rules give each trigger type its own rule, the same for every run", async () => {
    const { srv: s, ada, space, calls } = await startAgentScenario({ Scout: silent });
    srv = s;
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "hello" });
    await srv.gateway.idle();
    const c = calls.Scout![0]!;
    expect(c).not.toContain("Stay silent unless a human spoke to the space or someone addressed you by name");
    expect(c).toContain(
      "For a space_message trigger, TRIGGER.addressedTo says who it is for. Answer what is addressed to you (addressedToYou: true); do not answer what is addressed to someone else unless asked to.",
    );
    expect(c).toContain("For plan and service triggers: do what the plan's instruction or the service's payload asks");
  });

  it("TRIGGER lists the messages folded into the run", async () => {
    const { srv: s, ada, space, calls } = await startAgentScenario({ Scout: silent });
    srv = s;
    const ctx = srv.gateway.ctx;
    const quiet = { ...srv.deps, bus: undefined };
    const m1 = (await sendMessage(quiet, ada.actor, { spaceId: space.id, text: "one" })).message;
    const m2 = (await sendMessage(quiet, ada.actor, { spaceId: space.id, text: "and also two" })).message;
    const kick = ctx.kick;
    ctx.kick = () => {};
    await onMessage(ctx, m1);
    await onMessage(ctx, m2);
    ctx.kick = kick;
    ctx.kick();
    await srv.gateway.idle();
    const trigger = calls.Scout![0]!.split("\nTRIGGER:\n")[1]!.split("\n\n")[0]!;
    expect(trigger).toContain(`  messageId: ${m1.id}`);
    expect(trigger).toContain(
      `  folded (later messages that joined this run; answer them too):\n    - [msg:${m2.id}] "Ada" (human, id:${ada.entityId}): "and also two"`,
    );
  });

  it("ACTIVE RUNS shows what a waiting run asked, and the wait mark shows only while the wait is open", async () => {
    const ops: Script = (c) => {
      if (resumed(c) || triggerText(c) !== '"deploy"') return { text: "quiet" };
      return c.results.length ? { text: "paused" } : { tool: "send_message", input: { text: QUESTION, wait: true } };
    };
    const { srv: s, ada, agents, space, calls } = await startAgentScenario({ Ops: ops, Helper: silent }, { spaceName: "ops" });
    srv = s;
    const side = await createChannel(srv.deps, ada.actor, { name: "side", memberIds: [agents.Ops!.entityId] });
    await everyMessage(srv.deps.db, side.id);
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "deploy" });
    await srv.gateway.idle();
    const waiting = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Ops!.id, status: "waiting_reply" } });
    const question = await srv.deps.db.message.findFirstOrThrow({ where: { text: QUESTION } });
    // Helper saw the question while it was open (as its trigger, or folded into a queued run).
    const sawQuestion = calls.Helper!.find((c) => c.includes(`[msg:${question.id}]`))!;
    expect(sawQuestion).toMatch(/"Deploy v2\.1\? Reply yes or no" {2}\[NEW\]( ← TRIGGER)?\n {6}\[asked with wait: true — the sender is waiting for a reply\]/);

    await sendMessage(srv.deps, ada.actor, { spaceId: side.id, text: "status?" });
    await srv.gateway.idle();
    expect(calls.Ops!.at(-1)).toContain(
      `  - Run ${waiting.id} — waiting_reply in "ops", asked msg:${question.id} ${JSON.stringify(QUESTION)}, handling msg:${waiting.triggerMessageId} from "Ada" in "ops"`,
    );

    const yes = (await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "yes" })).message;
    await srv.gateway.idle();
    const after = calls.Helper!.at(-1)!;
    expect(after).toContain(`[msg:${yes.id}]`);
    expect(after).not.toContain("[asked with wait: true");
    expect(after).toContain(`"yes"  [NEW] ← TRIGGER\n      [answered the wait of "Ops" (agent, id:${agents.Ops!.entityId})]`);
  });
});
