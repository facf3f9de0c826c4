// The context across real runs (gateway, worker, database): [SEEN]/[NEW] follow the agent's
// cursor, and a failed run's readable reason reaches the next run.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { silent, startAgentScenario, type Script } from "../../testing/agents";
import { sendMessage } from "../../domain/messages/send-message";

let srv: TestServer;
afterEach(async () => srv?.close());

describe("context across runs", () => {
  it("[SEEN]/[NEW] follow the agent's cursor from one run to the next", async () => {
    const { srv: s, ada, agents, space, models } = await startAgentScenario({ Scout: () => ({ text: "noted" }) });
    srv = s;
    const a = agents.Scout!;
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "first" });
    await srv.gateway.idle();
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "second" });
    await srv.gateway.idle();
    const [one, two] = models.calls.Scout!;
    expect(one).toMatch(/"first"\s+\[NEW\] ← TRIGGER/);
    expect(two).toMatch(/"first"\s+\[SEEN\]/);
    expect(two).toMatch(/"second"\s+\[NEW\] ← TRIGGER/);
    const m = await srv.deps.db.membership.findFirstOrThrow({ where: { entityId: a.entityId } });
    const last = await srv.deps.db.message.findFirstOrThrow({ where: { text: "second" } });
    expect(m.lastProcessedMessageId).toBe(last.id);
  });

  it("a provider error fails the run with a readable reason, and the next run sees it", async () => {
    let n = 0;
    const flaky: Script = (c) => (++n === 1 ? { error: "upstream overloaded" } : c.results.length ? { text: "ok" } : { text: "recovered" });
    const { srv: s, ada, agents, space, models } = await startAgentScenario({ Scout: flaky });
    srv = s;
    const a = agents.Scout!;
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "one" });
    await srv.gateway.idle();
    const failed = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: a.id } });
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/Model call failed.*upstream overloaded/);
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "two" });
    await srv.gateway.idle();
    expect(models.calls.Scout!.at(-1)).toContain(
      `FAILED RUNS (not made up for yet; each stays here until a run that was shown it completes):\n  - run ${failed.id}`,
    );
  });

  it("a missing provider key keeps the agent from being woken, with a reason naming the variable", async () => {
    // A script is never used: the agent's provider is "openai", so the real resolver runs.
    const { srv: s, ada, agents, space } = await startAgentScenario({ Gpt: silent }, { agentOptions: { Gpt: { provider: "openai" } } });
    srv = s;
    const a = agents.Gpt!;
    // No key: the suite's setup file removes provider keys, so nothing here can reach OpenAI.
    expect(process.env.OPENAI_API_KEY).toBeUndefined();
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "hi" });
    await srv.gateway.idle();
    // Checked before a run is queued: no run that could only fail, and the refusal says why.
    expect(await srv.deps.db.run.count({ where: { agentId: a.id } })).toBe(0);
    const decision = await srv.deps.db.triggerDecision.findFirstOrThrow({ where: { agentId: a.id } });
    expect(decision).toMatchObject({ decision: "refused", reason: "not configured: provider openai has no key (OPENAI_API_KEY is not set)" });
  });
});
