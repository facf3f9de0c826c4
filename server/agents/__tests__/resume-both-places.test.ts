// A run resumed after a wait in another space is shown what arrived in its trigger space too,
// under the same divider: an FYI posted where the request came from is not missed.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { type ModelCall, type Script, startAgentScenario } from "../../testing/agents";
import { createChannel } from "../../domain/spaces/create-channel";
import { sendMessage } from "../../domain/messages/send-message";
import { until } from "../../testing/until";

let srv: TestServer;
afterEach(async () => srv?.close());

const triggerText = (c: ModelCall) => /^ {2}message: (.*)$/m.exec(c.system.split("\nTRIGGER:\n")[1] ?? "")?.[1];

describe("a run resumed after a wait in another space", () => {
  it("is shown what arrived in its trigger space meanwhile, with the divider", async () => {
    let design = "";
    let resumed = "";
    const scout: Script = (c) => {
      if (triggerText(c) !== '"ship the release?"') return { text: "noted" };
      if (c.system.includes("RESUMED:")) {
        resumed = c.system;
        return { text: "done" };
      }
      if (c.results.length) return { text: "waiting" };
      return {
        tools: [
          { tool: "enter_space", input: { spaceId: design } },
          { tool: "send_message", input: { text: "Bob, is the design final?", wait: true, askTo: "Bob" } },
        ],
      };
    };
    const s = await startAgentScenario({ Scout: scout });
    srv = s.srv;
    const bob = await srv.user("Bob");
    design = (await createChannel(srv.deps, s.ada.actor, { name: "design", memberIds: [s.agents.Scout!.entityId, bob.entityId] })).id;
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "ship the release?" });
    await until("the wait", () => srv.deps.db.run.findFirst({ where: { status: "waiting_reply" } }));
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "FYI: legal says wait for the footer fix" });
    await srv.gateway.idle();
    const question = await srv.deps.db.message.findFirstOrThrow({ where: { text: "Bob, is the design final?" } });
    await sendMessage(srv.deps, bob.actor, { spaceId: design, text: "yes, final" });
    await until("the resumed call", async () => resumed || null);
    await srv.gateway.idle();

    const block = resumed.split("MEANWHILE IN YOUR TRIGGER SPACE")[1] ?? "";
    expect(block).toMatch(new RegExp(`^ "general" \\(id: ${s.space.id}\\):\\n {2}── arrived while you waited for a reply to msg:${question.id} since `));
    expect(block).toContain('"FYI: legal says wait for the footer fix"');
    // The active space's own history keeps its divider too.
    expect(resumed).toContain(`── arrived while you waited for a reply to msg:${question.id}`);
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { status: "completed", waitCount: 1 } });
    const fyi = await srv.deps.db.message.findFirstOrThrow({ where: { text: { startsWith: "FYI" } } });
    // Shown, so it counts as seen.
    expect((run.seenCursors as Record<string, [number, number][]>)[s.space.id]!.some(([a, b]) => a <= fyi.seq && fyi.seq <= b)).toBe(true);
  }, 120_000);
});
