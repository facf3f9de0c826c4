// Failures stay until handled: failed plan and service runs reach the agent's next runs within
// their reach, a failure is cleared only by a run that was shown it and completed, and a
// request whose run was canceled comes back marked canceled (and by whom), not as plain [NEW].
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { type Script, startAgentScenario } from "../../testing/agents";
import { sendMessage } from "../../domain/messages/send-message";
import { until } from "../../testing/until";

let srv: TestServer;
afterEach(async () => srv?.close());

const failedBlock = (context: string) => context.split("\nFAILED RUNS (")[1] ?? "";

describe("failed plan and service runs", () => {
  it("are shown to the next runs within reach until a run shown them completes, not cleared by a run that never saw them", async () => {
    const s = await startAgentScenario({ Scout: () => ({ text: "noted" }) });
    srv = s.srv;
    const scout = s.agents.Scout!;
    const db = srv.deps.db;
    const ended = new Date(s.clock.now().getTime() - 60_000);
    const plan = await db.run.create({
      data: { agentId: scout.id, triggerType: "plan", status: "failed", reach: [s.space.id], error: "step limit reached", startedAt: ended, endedAt: ended },
    });
    const service = await db.run.create({
      data: {
        agentId: scout.id,
        triggerType: "service",
        serviceName: "deploy",
        status: "failed",
        reach: [s.space.id],
        error: "tool failed",
        partialOutput: "Deploy started for PROJ-123",
        startedAt: ended,
        endedAt: ended,
      },
    });
    // A run that completed in the space after them but was never shown them (no context of its own).
    await db.run.create({
      data: {
        agentId: scout.id,
        triggerType: "service",
        serviceName: "other",
        status: "completed",
        reach: [s.space.id],
        startedAt: s.clock.now(),
        endedAt: s.clock.now(),
      },
    });

    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "status?" });
    await srv.gateway.idle();
    const first = failedBlock(s.models.calls.Scout!.at(-1)!);
    expect(first).toContain(`run ${plan.id}`);
    expect(first).toContain(`run ${service.id}`);
    expect(first).toContain('partialOutput: "Deploy started for PROJ-123"');
    // That run was shown both and completed: they are handled, and the next run is not told again.
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "and now?" });
    await srv.gateway.idle();
    expect(s.models.calls.Scout!.at(-1)).not.toContain("\nFAILED RUNS (");
  }, 120_000);

  it("a failed run stays for the next run when the run that was shown it fails too", async () => {
    let n = 0;
    const flaky: Script = (c) => (++n <= 2 ? { error: "upstream down" } : c.results.length ? { text: "ok" } : { text: "recovered" });
    const s = await startAgentScenario({ Scout: flaky }, { agentOptions: { Scout: { maxConcurrentRuns: 1 } } });
    srv = s.srv;
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "one" });
    await srv.gateway.idle();
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "two" });
    await srv.gateway.idle();
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "three" });
    await srv.gateway.idle();
    const failed = await srv.deps.db.run.findMany({ where: { agentId: s.agents.Scout!.id, status: "failed" } });
    expect(failed).toHaveLength(2);
    for (const f of failed) expect(failedBlock(s.models.calls.Scout!.at(-1)!)).toContain(`run ${f.id}`);
  }, 120_000);
});

describe("a request whose run was canceled", () => {
  it("comes back marked canceled, and by whom", async () => {
    const s = await startAgentScenario({
      Scout: async (c) => {
        if (c.call === 1) {
          const run = await until("the run", () => srv.deps.db.run.findFirst({ where: { status: "running" } }));
          await srv.gateway.cancelRun(run.id, "canceled by Ada");
          return { text: "stopped" };
        }
        return { text: "noted" };
      },
    });
    srv = s.srv;
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "rebuild the index" });
    await srv.gateway.idle();
    const canceled = await srv.deps.db.run.findFirstOrThrow({ where: { status: "canceled" } });
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "anything else?" });
    await srv.gateway.idle();
    const line = s.models.calls
      .Scout!.at(-1)!
      .split("\n")
      .find((l) => l.includes('"rebuild the index"') && l.includes("[NEW]"));
    expect(line).toMatch(new RegExp(`\\[NEW\\] ← CANCELED EARLIER \\(run ${canceled.id}: "canceled by Ada"\\)$`));
  }, 120_000);
});
