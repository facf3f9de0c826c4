// What an agent run leaves for operators: every log line of its execution carries its runId
// (even one written deep inside the model call), each model call's latency and tokens are
// recorded by provider and model, each status change is counted, and the queue gauges read
// the database on the scrape.
import { afterAll, expect, it } from "vitest";
import { sendMessage } from "@/server/domain/messages/send-message";
import { log } from "@/server/log";
import { metrics } from "@/server/metrics/metrics";
import { type Script, replyOnce, startAgentScenario } from "@/server/testing/agents";
import { captureLogs } from "@/server/testing/capture-logs";
import { readMetric } from "@/server/testing/read-metric";
import type { TestServer } from "@/server/testing/test-server";

let srv: TestServer | undefined;
afterAll(() => srv?.close());

const m = metrics();

it("a run's log lines carry its runId; its model calls, tokens and status changes are recorded", async () => {
  const chatty: Script = (c) => {
    log.warn({ call: c.call }, "inside the model call");
    return replyOnce("On it.")(c);
  };
  const scenario = await startAgentScenario({ Scout: chatty });
  srv = scenario.srv;
  // MockLanguageModelV4's names; every call reports 10 input and 5 output tokens.
  const model = { provider: "mock-provider", model: "mock-model-id" };
  const before = {
    calls: await readMetric(m.modelCallSeconds, model),
    input: await readMetric(m.modelTokens, { ...model, kind: "input" }),
    output: await readMetric(m.modelTokens, { ...model, kind: "output" }),
    completed: await readMetric(m.runTransitions, { to: "completed" }),
  };
  const logs = captureLogs("warn");
  try {
    await sendMessage(srv.deps, scenario.ada.actor, { spaceId: scenario.space.id, text: "Scout, status?" });
    await srv.gateway.idle();
  } finally {
    logs.restore();
  }
  const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: scenario.agents.Scout!.id } });
  expect(run.status).toBe("completed");
  const inside = logs.lines.filter((l) => l.msg === "inside the model call");
  expect(inside).toHaveLength(2);
  for (const line of inside) expect(line.runId).toBe(run.id);

  expect(await readMetric(m.modelCallSeconds, model)).toBe(before.calls + 2);
  expect(await readMetric(m.modelTokens, { ...model, kind: "input" })).toBe(before.input + 20);
  expect(await readMetric(m.modelTokens, { ...model, kind: "output" })).toBe(before.output + 10);
  expect(await readMetric(m.runTransitions, { to: "completed" })).toBe(before.completed + 1);
});

it("the queue gauges count live runs by status, and as queue depth only those a worker could start now", async () => {
  const scenario = await startAgentScenario({ Idle: replyOnce("-"), Off: replyOnce("-") }, { agentOptions: { Off: { enabled: false } } });
  await srv?.close();
  srv = scenario.srv;
  const { Idle, Off } = scenario.agents;
  const past = new Date(Date.now() - 60_000);
  const future = new Date(Date.now() + 60_000);
  // Rows written directly: the gateway only runs on tick() here, so they stay as written.
  const rows = [
    { agentId: Idle!.id, status: "queued" },
    { agentId: Idle!.id, status: "waiting_reply", resumeAt: past },
    { agentId: Idle!.id, status: "waiting_reply", resumeAt: future },
    { agentId: Idle!.id, status: "waiting_reply" },
    { agentId: Idle!.id, status: "completed" },
    { agentId: Off!.id, status: "queued" },
  ] as const;
  for (const row of rows) await scenario.srv.deps.db.run.create({ data: { ...row, triggerType: "service" } });
  expect(await readMetric(m.runs, { status: "queued" })).toBe(2);
  expect(await readMetric(m.runs, { status: "waiting_reply" })).toBe(3);
  expect(await readMetric(m.runs, { status: "running" })).toBe(0);
  expect(await readMetric(m.runs, { status: "completed" })).toBe(0);
  // The queued run of the enabled agent and its wait whose time came; not the disabled agent's.
  expect(await readMetric(m.runQueueDepth)).toBe(2);
});
