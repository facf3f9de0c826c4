// Rules 5, 6, 10–12: the tools and what they change, plans firing once, service triggers.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "../../testing/test-server";
import { type ModelCall, type Script, type Step, startAgentScenario, everyMessage } from "../../testing/agents";
import { createChannel } from "../../domain/spaces/create-channel";
import { removeMember } from "../../domain/spaces/remove-member";
import { sendMessage } from "../../domain/messages/send-message";
import { ManualClock } from "../clock";
import { createGateway } from "../gateway";
import { rotateServiceKey } from "../services/service-keys";
import { messageInclude, toMessageDto } from "../../domain/dto";
import { agentTriggerHandler } from "../../http/agent-trigger";
import { request, run as runHandler } from "@/server/testing/http";
import { TOOL_NAMES } from "@/lib/agents/tool-names";
import { updateAgent } from "../../domain/agents/update-agent";
import { agentSettingsInput } from "../../domain/agents/agent-settings";

let srv: TestServer;
afterEach(async () => srv?.close());

/** Runs `steps` in order on the first (human-triggered) run, then stays silent. */
const sequence =
  (steps: ((c: ModelCall) => Step)[]): Script =>
  (c) => {
    if (!/\(human, id:/.test(c.system.split("\nTRIGGER:\n")[1] ?? "") && !c.system.includes("type: plan") && !c.system.includes("type: service")) {
      return { text: "quiet" };
    }
    return steps[c.results.length]?.(c) ?? { text: "done" };
  };

async function setup(scripts: Record<string, Script>, clock = new ManualClock()) {
  const scenario = await startAgentScenario(scripts, { clock });
  srv = scenario.srv;
  return scenario;
}

const toolResults = async (runId?: string) =>
  (await srv.deps.db.runEvent.findMany({ where: { type: "tool_result", ...(runId ? { runId } : {}) }, orderBy: { createdAt: "asc" } })).map(
    (e) => e.data as { name: string; output: Record<string, unknown> },
  );

describe("tools", () => {
  it("cross-space send: enter_space, post, and the other space's history shows why", async () => {
    let otherId = "";
    const { ada, agents, space, calls } = await setup({
      Scout: sequence([() => ({ tool: "enter_space", input: { spaceId: otherId } }), () => ({ tool: "send_message", input: { text: "FYI from general" } })]),
    });
    const other = await createChannel(srv.deps, ada.actor, { name: "dev", memberIds: [agents.Scout!.entityId] });
    await everyMessage(srv.deps.db, other.id);
    otherId = other.id;
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "Tell dev the build is green" });
    await srv.gateway.idle();
    const posted = await srv.deps.db.message.findFirstOrThrow({ where: { text: "FYI from general" } });
    expect(posted.spaceId).toBe(other.id);
    expect(posted.origin).toMatchObject({ triggerType: "space_message", triggerSpaceId: space.id, triggerSpaceName: "general", triggerSenderName: "Ada" });
    // Clients get why, not the words that caused it.
    const wire = toMessageDto(await srv.deps.db.message.findUniqueOrThrow({ where: { id: posted.id }, include: messageInclude }));
    expect(wire.origin).toEqual({ triggerType: "space_message", expectsReply: false });
    // The next run in dev sees the origin annotation on that message.
    await sendMessage(srv.deps, ada.actor, { spaceId: other.id, text: "thanks" });
    await srv.gateway.idle();
    expect(calls.Scout!.at(-1)).toMatch(/"FYI from general"\s+\[(SEEN|NEW)\]\n {6}\[sent because "Ada" wrote "Tell dev the build is green" in "general"\]/);
  });

  it("tools refuse spaces the agent is not a member of, and send_message needs an active space", async () => {
    let foreign = "";
    const { ada, space } = await setup({
      Scout: sequence([() => ({ tool: "read_messages", input: { spaceId: foreign } }), () => ({ tool: "enter_space", input: { spaceId: foreign } })]),
    });
    foreign = (await createChannel(srv.deps, ada.actor, { name: "secret" })).id;
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "peek" });
    await srv.gateway.idle();
    const results = await toolResults();
    expect(results.map((r) => r.name)).toEqual(["read_messages", "enter_space"]);
    for (const r of results) expect(String(r.output.error)).toMatch(/not available|not a member|not found/i);
  });

  it("send_message refuses a reply to another space's message, and any post once the agent was removed; nothing is stored", async () => {
    let foreignMessage = "";
    let removeScout = async () => {};
    const scout: Script = async (c) => {
      if (!/\(human, id:/.test(c.system.split("\nTRIGGER:\n")[1] ?? "")) return { text: "quiet" };
      if (c.results.length === 0) return { tool: "send_message", input: { text: "quoting elsewhere", messageId: foreignMessage } };
      if (c.results.length === 1) {
        await removeScout();
        return { tool: "send_message", input: { text: "still here?" } };
      }
      return { text: "done" };
    };
    const { ada, agents, space } = await setup({ Scout: scout });
    const other = await createChannel(srv.deps, ada.actor, { name: "elsewhere" });
    foreignMessage = (await sendMessage(srv.deps, ada.actor, { spaceId: other.id, text: "not for agents" })).message.id;
    removeScout = () => removeMember(srv.deps, ada.actor, { spaceId: space.id, entityId: agents.Scout!.entityId });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "go" });
    await srv.gateway.idle();
    const results = await toolResults();
    expect(results.map((r) => r.name)).toEqual(["send_message", "send_message"]);
    expect(String(results[0]!.output.error)).toMatch(/reply to is not in this space/);
    expect(String(results[1]!.output.error)).toMatch(/not a member/);
    expect(await srv.deps.db.message.count({ where: { senderId: agents.Scout!.entityId } })).toBe(0);
  });

  it("a service run starts with no active space: send_message is a tool error until enter_space", async () => {
    const { agents, space } = await setup({
      Hook: sequence([
        () => ({ tool: "send_message", input: { text: "too early" } }),
        (c) => ({ tool: "enter_space", input: { spaceId: /"general" \(id: ([^)]+)\)/.exec(c.system)![1]! } }),
        () => ({ tool: "send_message", input: { text: "CI is green" } }),
      ]),
    });
    const { key } = await rotateServiceKey(srv.deps.db, agents.Hook!.id, { spaceIds: [space.id] });
    const res = await runHandler(
      srv,
      agentTriggerHandler,
      request(`/api/agents/${agents.Hook!.id}/trigger`, { headers: { "x-secret-key": key }, body: { serviceName: "ci", payload: { build: 7 } } }),
      { id: agents.Hook!.id },
    );
    expect(res.status).toBe(201);
    await srv.gateway.idle();
    const results = await toolResults(res.body.runId);
    expect(results[0]!.output.error).toBe("No active space: call enter_space first.");
    const texts = (await srv.deps.db.message.findMany({ where: { spaceId: space.id } })).map((m) => m.text);
    expect(texts).toEqual(["CI is green"]);
    const run = await srv.deps.db.run.findUniqueOrThrow({ where: { id: res.body.runId } });
    expect(run.contextSnapshot).toContain('  type: service\n  service: "ci"\n  payload: {"build":7}');
    expect(run.status).toBe("completed");
  });

  it("memories, goals and plans set by tools show in the next run's context", async () => {
    const { ada, space, calls } = await setup({
      Scout: sequence([
        () => ({ tool: "set_memories", input: { memories: [{ key: "deadline", value: "Q4 report due Feb 28" }] } }),
        () => ({ tool: "set_goals", input: { goals: [{ description: "Ship the Q4 report", priority: 1, longTerm: true }] } }),
        () => ({ tool: "set_plans", input: { plans: [{ name: "Check in", instruction: "Ask how the report goes", runAfter: "2 hours" }] } }),
        () => ({ tool: "get_memories", input: {} }),
      ]),
    });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "remember the deadline" });
    await srv.gateway.idle();
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "anything new?" });
    await srv.gateway.idle();
    const next = calls.Scout!.at(-1)!;
    expect(next).toContain('MEMORIES:\n  - "deadline": "Q4 report due Feb 28"');
    expect(next).toMatch(/GOALS:\n {2}- \[goal:\S+\] "Ship the Q4 report" \(long-term, priority: 1\)/);
    expect(next).toMatch(/PLANS:\n {2}- "Check in" \(id: \S+\) \(one-time, scheduledAt: \S+, next: \S+\) {2}\[created via runAfter: "2 hours"\]/);
    // How far off it is, relative to NOW, is in the per-run part: the PLANS block itself does not change with the time.
    expect(next).toMatch(/PLANS DUE:\n {2}- "Check in" \(id: \S+\) in 2h 00m/);
    const results = await toolResults();
    expect(results.find((r) => r.name === "get_memories")!.output).toEqual({ memories: [{ key: "deadline", value: "Q4 report due Feb 28" }] });
  });

  it("stop_run cancels another of the agent's runs; get_my_runs lists them", async () => {
    const { ada, agents, space } = await setup({
      Scout: sequence([
        () => ({ tool: "get_my_runs", input: { status: "waiting_reply" } }),
        (c) => {
          const id = /Run (\S+) — waiting_reply/.exec(c.system)![1]!;
          return { tool: "stop_run", input: { runId: id } };
        },
      ]),
    });
    // A run of Scout's that is waiting in another space.
    const other = await createChannel(srv.deps, ada.actor, { name: "other", memberIds: [agents.Scout!.entityId] });
    await everyMessage(srv.deps.db, other.id);
    const waiting = await srv.deps.db.run.create({
      data: {
        agentId: agents.Scout!.id,
        triggerType: "service",
        status: "waiting_reply",
        serviceName: "x",
        activeSpaceId: other.id,
        waitState: { spaceId: other.id, afterSeq: 0, since: new Date().toISOString(), timeoutAt: new Date(Date.now() + 60_000).toISOString() },
        resumeAt: new Date(Date.now() + 3_600_000),
      },
    });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "stop the other thing" });
    await srv.gateway.idle();
    const listed = (await toolResults()).find((r) => r.name === "get_my_runs")!.output as { runs: { id: string }[] };
    expect(listed.runs.map((r) => r.id)).toEqual([waiting.id]);
    const stopped = await srv.deps.db.run.findUniqueOrThrow({ where: { id: waiting.id } });
    expect(stopped.status).toBe("canceled");
    expect(stopped.statusReason).toMatch(/stopped by Scout/);
  });

  it("a tool an admin turned off is not offered to the model", async () => {
    const offered: string[][] = [];
    const { ada, space, agents } = await setup({
      Scout: (c) => {
        offered.push(c.tools);
        return { text: "done" };
      },
    });
    await updateAgent(
      srv.deps,
      { ...ada.actor, isAdmin: true },
      {
        agentId: agents.Scout!.id,
        settings: agentSettingsInput.parse({ enabledTools: TOOL_NAMES.filter((n) => n !== "set_memories") }),
        modelHosts: [],
      },
    );
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "remember this" });
    await srv.gateway.idle();
    expect(offered).toHaveLength(1);
    expect(offered[0]).toContain("send_message");
    expect(offered[0]).not.toContain("set_memories");
    // read_payload is for service runs only: a message-triggered run is not offered it.
    expect(offered[0]).toHaveLength(TOOL_NAMES.length - 2);
    // The run's timeline records what was offered, so the inspector can show the tool was not.
    const event = await srv.deps.db.runEvent.findFirstOrThrow({ where: { type: "context", run: { agentId: agents.Scout!.id } } });
    expect((event.data as { tools: string[] }).tools).toEqual(offered[0]);
  });

  it("more than maxToolSteps tool steps fail the run with a reason", async () => {
    const loop: Script = (c) => (/\(human, id:/.test(c.system) ? { tool: "get_memories", input: {} } : { text: "quiet" });
    const { ada, agents, space } = await setup({ Loop: loop });
    await srv.deps.db.agent.update({ where: { id: agents.Loop!.id }, data: { maxToolSteps: 3 } });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "go" });
    await srv.gateway.idle();
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Loop!.id } });
    expect(run.status).toBe("failed");
    expect(run.error).toBe("Run exceeded the limit of 3 tool steps");
    expect(run.stepCount).toBe(3);
  });
});

describe("run duration", () => {
  it("a run longer than maxRunDurationMs fails with a reason", async () => {
    const slow: Script = async (c) => {
      if (!/\(human, id:/.test(c.system)) return { text: "quiet" };
      await new Promise((r) => setTimeout(r, 400));
      return { text: "too late" };
    };
    const { ada, agents, space } = await setup({ Slow: slow });
    await srv.deps.db.agent.update({ where: { id: agents.Slow!.id }, data: { maxRunDurationMs: 100 } });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "go" });
    await srv.gateway.idle();
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Slow!.id } });
    expect(run.status).toBe("failed");
    expect(run.error).toBe("Run exceeded the maximum duration of 100 ms");
  });
});

describe("plans", () => {
  it("a runAfter plan fires once when due, even across a restart, and completes", async () => {
    const clock = new ManualClock();
    const { ada, agents, space, models } = await setup(
      {
        Planner: (c) => {
          if (c.system.includes("type: plan")) {
            const spaceId = /"general" \(id: ([^)]+)\)/.exec(c.system)![1]!;
            return (
              [
                { tool: "enter_space", input: { spaceId } },
                { tool: "send_message", input: { text: "Reminder: standup" } },
              ][c.results.length] ?? { text: "done" }
            );
          }
          return sequence([() => ({ tool: "set_plans", input: { plans: [{ name: "Standup", instruction: "Remind about standup", runAfter: "2 minutes" }] } })])(
            c,
          );
        },
      },
      clock,
    );
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "remind us in 2 minutes" });
    await srv.gateway.idle();
    clock.advance(60_000);
    await srv.gateway.tick();
    expect(await srv.deps.db.run.count({ where: { triggerType: "plan" } })).toBe(0);

    // Restart before it is due; two gateways now share the database, as two processes would.
    await srv.gateway.stop();
    const a = createGateway(srv.deps, { models: models.resolver, clock, tickMs: 0 });
    const b = createGateway({ ...srv.deps, bus: new (await import("../../domain/bus")).DomainBus() }, { models: models.resolver, clock, tickMs: 0 });
    await a.start({ recover: true });
    await b.start();
    srv.gateway = a;
    clock.advance(61_000);
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await a.idle();
    await b.idle();
    await b.stop();
    const runs = await srv.deps.db.run.findMany({ where: { triggerType: "plan" } });
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe("completed");
    expect(runs[0]!.contextSnapshot).toMatch(/type: plan\n {2}plan: "Standup" \(id: \S+\)\n {2}instruction: "Remind about standup"/);
    const plan = await srv.deps.db.plan.findFirstOrThrow({ where: { agentId: agents.Planner!.id } });
    expect(plan.status).toBe("completed");
    expect(plan.nextRunAt).toBeNull();
    expect((await srv.deps.db.message.findMany({ where: { text: "Reminder: standup" } })).length).toBe(1);
  });

  it("a cron plan gets its next time after firing", async () => {
    const clock = new ManualClock(new Date("2026-02-18T08:59:00.000Z"));
    const { agents, ada } = await setup({ Planner: () => ({ text: "ok" }) }, clock);
    const { setPlans } = await import("../../domain/agents/set-plans");
    await setPlans(srv.deps, ada.actor, {
      agentId: agents.Planner!.id,
      plans: [{ name: "Daily", instruction: "report", cron: "0 9 * * *" }],
      now: clock.now(),
    });
    clock.advance(120_000);
    await srv.gateway.tick();
    await srv.gateway.idle();
    const plan = await srv.deps.db.plan.findFirstOrThrow();
    expect(plan.status).toBe("active");
    expect(plan.nextRunAt?.toISOString()).toBe("2026-02-19T09:00:00.000Z");
    expect(await srv.deps.db.run.count({ where: { triggerType: "plan", planId: plan.id } })).toBe(1);
  });

  it("rejects a plan without exactly one schedule, and a malformed runAfter", async () => {
    const { agents, ada } = await setup({ Planner: () => ({ text: "ok" }) });
    const { setPlans } = await import("../../domain/agents/set-plans");
    const now = new Date();
    await expect(setPlans(srv.deps, ada.actor, { agentId: agents.Planner!.id, plans: [{ name: "x", instruction: "y" }], now })).rejects.toThrow(/exactly one/);
    await expect(
      setPlans(srv.deps, ada.actor, { agentId: agents.Planner!.id, plans: [{ name: "x", instruction: "y", runAfter: "2 hours", cron: "* * * * *" }], now }),
    ).rejects.toThrow(/exactly one/);
    await expect(
      setPlans(srv.deps, ada.actor, { agentId: agents.Planner!.id, plans: [{ name: "x", instruction: "y", runAfter: "soon" }], now }),
    ).rejects.toThrow(/runAfter must look like/);
    for (const [text, ms] of [
      ["30 minutes", 1_800_000],
      ["2 hours", 7_200_000],
      ["1 day", 86_400_000],
      ["1 week", 604_800_000],
    ] as const) {
      const [p] = await setPlans(srv.deps, ada.actor, { agentId: agents.Planner!.id, plans: [{ name: text, instruction: "y", runAfter: text }], now });
      expect(new Date(p!.nextRunAt!).getTime() - now.getTime()).toBe(ms);
    }
  });
});

describe("service triggers", () => {
  it("201 with a run id for the right key; 401 for a wrong or another agent's key; 400 for a bad body", async () => {
    const { agents, space } = await setup({ Hook: () => ({ text: "ok" }), Other: () => ({ text: "ok" }) });
    const spaceIds = [space.id];
    const { key } = await rotateServiceKey(srv.deps.db, agents.Hook!.id, { spaceIds });
    const { key: otherKey } = await rotateServiceKey(srv.deps.db, agents.Other!.id, { spaceIds });
    const post = (k: string | undefined, body: unknown) =>
      runHandler(srv, agentTriggerHandler, request(`/api/agents/${agents.Hook!.id}/trigger`, { headers: k ? { "x-secret-key": k } : {}, body }), {
        id: agents.Hook!.id,
      });
    const ok = await post(key, { serviceName: "ci", payload: { a: 1 } });
    expect(ok.status).toBe(201);
    expect(ok.body.runId).toEqual(expect.any(String));
    expect((await post("pk_wrong", { serviceName: "ci" })).status).toBe(401);
    expect((await post(undefined, { serviceName: "ci" })).status).toBe(401);
    expect((await post(otherKey, { serviceName: "ci" })).status).toBe(401);
    const bad = await post(key, { payload: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("bad_request");
    // Rotation revokes the old key; only the hash is stored.
    const { key: rotated } = await rotateServiceKey(srv.deps.db, agents.Hook!.id, { spaceIds });
    expect((await post(key, { serviceName: "ci" })).status).toBe(401);
    expect((await post(rotated, { serviceName: "ci" })).status).toBe(201);
    const stored = await srv.deps.db.serviceKey.findMany();
    expect(stored.every((s) => !s.keyHash.includes(rotated) && s.keyHash.length === 64)).toBe(true);
    await srv.gateway.idle();
  });
});
