// An admin creates an agent and deletes it. A deleted (archived) agent is never woken again:
// messages make no run and no decision, its plans stop firing, its service key stops working,
// and the worker never starts its runs; its messages keep its name and its runs stay readable.
import { afterEach, describe, expect, it } from "vitest";
import type { TestServer } from "@/server/testing/test-server";
import { replyOnce, startAgentScenario } from "@/server/testing/agents";
import { sendMessage } from "@/server/domain/messages/send-message";
import { listAudit } from "@/server/domain/audit/list-audit";
import { rotateServiceKey, verifyServiceKey } from "@/server/agents/services/service-keys";
import { triggerService } from "@/server/agents/services/trigger-service";
import { MAX_AGENTS } from "@/lib/limits";
import { agentCreateInput, createAgent } from "../create-agent";
import { archiveAgent } from "../archive-agent";
import { updateAgent } from "../update-agent";
import { listAgents } from "../list-agents";
import { getSpace } from "@/server/domain/spaces/get-space";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

describe("createAgent", () => {
  it("creates an agent with sensible defaults and records who created it", async () => {
    const s = await startAgentScenario({});
    srv = s.srv;
    const root = await s.srv.user("Root", { isAdmin: true });
    const made = await createAgent(s.srv.deps, root.actor, { settings: agentCreateInput.parse({ name: "Helper" }), modelHosts: [] });
    expect(made).toMatchObject({ name: "Helper", provider: "offline", modelId: "parley-offline-1", enabled: true, enabledTools: [], archivedAt: null });
    const openai = await createAgent(s.srv.deps, root.actor, {
      settings: agentCreateInput.parse({ name: "Gpt", provider: "openai", enabledTools: ["send_message"] }),
      modelHosts: [],
    });
    expect(openai).toMatchObject({ modelId: "gpt-4o-mini", enabledTools: ["send_message"] });
    const { entries } = await listAudit(s.srv.deps, root.actor, { agentId: made.id });
    expect(entries).toEqual([
      expect.objectContaining({
        action: "agent.create",
        actor: { id: root.entityId, name: "Root" },
        subject: 'agent "Helper"',
        before: null,
        after: expect.objectContaining({ name: "Helper", provider: "offline" }),
      }),
    ]);
  });

  it("refuses members, a taken name, a compatible endpoint without a model, and a nameless agent", async () => {
    const s = await startAgentScenario({});
    srv = s.srv;
    const root = await s.srv.user("Root", { isAdmin: true });
    const create = (actor: typeof root.actor, body: unknown) => createAgent(s.srv.deps, actor, { settings: agentCreateInput.parse(body), modelHosts: [] });
    await expect(create(s.ada.actor, { name: "Sneaky" })).rejects.toMatchObject({ code: "forbidden" });
    await create(root.actor, { name: "Helper" });
    await expect(create(root.actor, { name: "helper" })).rejects.toMatchObject({ code: "conflict", details: { fields: { name: expect.any(String) } } });
    await expect(create(root.actor, { name: "Local", provider: "openai-compatible" })).rejects.toMatchObject({
      code: "bad_request",
      details: { fields: { modelId: expect.any(String) } },
    });
    await expect(
      create(root.actor, { name: "Far", provider: "openai-compatible", modelId: "llama", modelSettings: { baseURL: "https://evil.example/v1" } }),
    ).rejects.toMatchObject({ code: "bad_request" });
    expect(agentCreateInput.safeParse({ provider: "offline" }).success).toBe(false);
    expect(agentCreateInput.safeParse({ name: "x", enabledTools: [] }).success).toBe(false);
    expect(await s.srv.deps.db.agent.count()).toBe(1);
    expect(MAX_AGENTS).toBeGreaterThan(1);
  });
});

describe("archiveAgent", () => {
  it("never wakes a deleted agent again, and keeps what it did", async () => {
    const s = await startAgentScenario({ Scout: replyOnce("on it") });
    srv = s.srv;
    const root = await s.srv.user("Root", { isAdmin: true });
    const scout = s.agents.Scout!;
    await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "Scout, hello" });
    await s.srv.gateway.idle();
    const oldRun = await s.srv.deps.db.run.findFirstOrThrow({ where: { agentId: scout.id } });
    const { key } = await rotateServiceKey(s.srv.deps.db, scout.id, { spaceIds: [s.space.id] });
    const plan = await s.srv.deps.db.plan.create({
      data: {
        agentId: scout.id,
        name: "daily",
        instruction: "report",
        cron: "0 9 * * *",
        nextRunAt: new Date(s.clock.now().getTime() + 60_000),
        reach: [s.space.id],
      },
    });
    // A queued run left from before (the worker must never start it).
    const queued = await s.srv.deps.db.run.create({ data: { agentId: scout.id, triggerType: "service", reach: [], queuedAt: s.clock.now() } });

    await expect(archiveAgent(s.srv.deps, s.ada.actor, { agentId: scout.id })).rejects.toMatchObject({ code: "forbidden" });
    const { liveRunIds } = await archiveAgent(s.srv.deps, root.actor, { agentId: scout.id });
    expect(liveRunIds).toEqual([queued.id]);
    // Twice is harmless and records one entry.
    await archiveAgent(s.srv.deps, root.actor, { agentId: scout.id });

    const msg = (await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "Scout, are you there?" })).message;
    s.clock.advance(120_000);
    await s.srv.gateway.tick();
    await s.srv.gateway.idle();
    expect(await s.srv.deps.db.triggerDecision.count({ where: { messageId: msg.id } })).toBe(0);
    expect(await s.srv.deps.db.run.count({ where: { agentId: scout.id } })).toBe(2);
    expect((await s.srv.deps.db.run.findUniqueOrThrow({ where: { id: queued.id } })).status).toBe("queued");
    expect((await s.srv.deps.db.plan.findUniqueOrThrow({ where: { id: plan.id } })).status).toBe("paused");
    // A plan set active again behind the admin panel's back still never fires.
    await s.srv.deps.db.plan.update({ where: { id: plan.id }, data: { status: "active", nextRunAt: s.clock.now() } });
    await s.srv.gateway.tick();
    expect(await s.srv.deps.db.run.count({ where: { planId: plan.id } })).toBe(0);
    expect(await verifyServiceKey(s.srv.deps.db, scout.id, key)).toBeNull();
    await expect(
      triggerService(s.srv.gateway.ctx, scout.id, { id: "k", spaceIds: [s.space.id], createdById: null }, { serviceName: "ci", payload: null } as never),
    ).rejects.toMatchObject({
      code: "not_found",
    });

    // Members see it as deleted in the member list (and by its messages' sender line).
    const members = (await getSpace(s.srv.deps, s.ada.actor, { spaceId: s.space.id })).members;
    expect(members.find((m) => m.id === scout.entityId)).toMatchObject({ name: "Scout", agentStatus: "archived" });
    expect(members.find((m) => m.id === s.ada.entityId)).toMatchObject({ agentStatus: null });
    // Its messages keep its name; its runs stay; it is gone from the default list only.
    const posted = await s.srv.deps.db.message.findFirstOrThrow({ where: { runId: oldRun.id }, include: { sender: true } });
    expect(posted.sender.name).toBe("Scout");
    expect(await s.srv.deps.db.run.findUnique({ where: { id: oldRun.id } })).not.toBeNull();
    expect(await listAgents(s.srv.deps, root.actor, { providers: {} })).toEqual([]);
    expect(await listAgents(s.srv.deps, root.actor, { providers: {}, includeArchived: true })).toEqual([
      expect.objectContaining({ id: scout.id, archivedAt: expect.any(String) }),
    ]);
    await expect(updateAgent(s.srv.deps, root.actor, { agentId: scout.id, settings: { enabled: true }, modelHosts: [] })).rejects.toMatchObject({
      code: "conflict",
    });
    // The name is free again for a new agent.
    await expect(createAgent(s.srv.deps, root.actor, { settings: agentCreateInput.parse({ name: "Scout" }), modelHosts: [] })).resolves.toMatchObject({
      name: "Scout",
    });

    const { entries } = await listAudit(s.srv.deps, root.actor, { agentId: scout.id });
    expect(entries.map((e) => e.action)).toEqual(["agent.archive"]);
    expect(entries[0]).toMatchObject({ before: { archivedAt: null }, after: { pausedPlans: 1, revokedKeys: 1 } });
  });

  it("404s an unknown agent", async () => {
    const s = await startAgentScenario({});
    srv = s.srv;
    const root = await s.srv.user("Root", { isAdmin: true });
    await expect(archiveAgent(s.srv.deps, root.actor, { agentId: "nope" })).rejects.toMatchObject({ code: "not_found" });
  });
});
