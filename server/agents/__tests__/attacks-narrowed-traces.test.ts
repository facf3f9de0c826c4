// A run that read a space and was narrowed afterwards (a reply from someone who sees less, or
// its requester leaving the space) keeps what it did there to itself: a later call of the
// run, and a later run that sees its failure, get its tool calls without inputs, its results
// without ids or error messages, and no partial output.
import { afterEach, expect, it } from "vitest";
import type { TestServer } from "@/server/testing/test-server";
import { silent, startAgentScenario } from "@/server/testing/agents";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";
import { loadFailures } from "../context/load-failures";
import { loadThisRun } from "../context/load-this-run";
import { failuresBlock } from "../context/blocks/failures";
import { reachCovers } from "../reach/reach";

let srv: TestServer;
afterEach(async () => srv?.close());

async function narrowedRun() {
  const scenario = await startAgentScenario({ Ops: silent }, { spaceName: "general" });
  srv = scenario.srv;
  const { ada, agents, space: general } = scenario;
  const db = srv.deps.db;
  const board = await createChannel(srv.deps, ada.actor, { name: "secret-board", memberIds: [agents.Ops!.entityId] });
  const trigger = (await sendMessage(srv.deps, ada.actor, { spaceId: general.id, text: "summarise the board, ask me before posting" })).message;
  await srv.gateway.idle();
  const run = await db.run.findFirstOrThrow({ where: { triggerMessageId: trigger.id } });
  // Its one call could read both spaces: the context event records that reach.
  const context = await db.runEvent.findFirstOrThrow({ where: { runId: run.id, type: "context" } });
  expect((context.data as { reach?: string[] }).reach?.sort()).toEqual([general.id, board.id].sort());
  let seq = 100;
  for (const [type, data] of [
    ["tool_call", { toolCallId: "c1", name: "enter_space", input: { spaceId: board.id } }],
    ["tool_result", { toolCallId: "c1", output: { status: "entered", spaceId: board.id } }],
    ["tool_call", { toolCallId: "c2", name: "set_memories", input: { memories: [{ key: "acme", value: "ACME deal $40M" }] } }],
    ["tool_result", { toolCallId: "c2", output: { status: "saved" } }],
    // An error that quotes what the call read (a library's message, say) is withheld with it.
    ["tool_call", { toolCallId: "c3", name: "set_plans", input: { plans: [{ name: "p", instruction: "go", cron: "ACME $40M" }] } }],
    ["tool_result", { toolCallId: "c3", output: { error: 'Invalid cron expression "ACME $40M"' } }],
  ] as const)
    await db.runEvent.create({ data: { runId: run.id, seq: seq++, type, data: data as object } });
  return { db, run, general, board, agents };
}

it("FAILED RUNS: a failure narrowed after it read another space shows without its inputs or partial output", async () => {
  const { db, run, general, board, agents } = await narrowedRun();
  // A reply from someone in #general only narrowed it; then it failed.
  await db.run.update({
    where: { id: run.id },
    data: { reach: [general.id], status: "failed", error: "too many steps", partialOutput: "ACME deal $40M", endedAt: new Date(Date.now() + 60_000) },
  });
  const reach = [general.id];
  const f = await loadFailures(db, { id: "other", agentId: agents.Ops!.id, reach }, (x) => reachCovers(reach, x.reach));
  const text = failuresBlock({ failures: f.failures, moreFailures: f.more } as never).join("\n");
  expect(text).toContain("enter_space");
  expect(text).toContain("set_plans → error (its message is withheld)");
  // The run's own error may quote a tool input too (an SDK's "invalid input for tool …").
  expect(text).not.toContain("too many steps");
  expect(text).not.toContain(board.id);
  expect(text).not.toContain("$40M");
});

it("THIS RUN SO FAR: a call after the run was narrowed gets its earlier tool calls without inputs", async () => {
  const { db, run, general, board } = await narrowedRun();
  const narrowed = await db.run.update({ where: { id: run.id }, data: { reach: [general.id] } });
  const thisRun = await loadThisRun(db, narrowed);
  expect(thisRun?.withheld).toBe(true);
  expect(JSON.stringify(thisRun)).not.toContain(board.id);
  expect(JSON.stringify(thisRun)).not.toContain("$40M");
  expect(thisRun?.actions.at(-1)?.result).toBe("error (its message is withheld)");
  // Not narrowed: the same run sees its own inputs.
  const whole = await loadThisRun(db, { ...narrowed, reach: [general.id, board.id] });
  expect(whole?.withheld).toBe(false);
  expect(JSON.stringify(whole)).toContain("$40M");
});
