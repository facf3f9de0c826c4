// The chain tree: two agents that always answer talk until the space's depth limit, and the
// tree shows every level, the depth-limit refusal with its reason, and only what the viewer
// may read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainDto, ChainMessageNode } from "@/lib/chains/chain-dtos";
import { CHAIN_MAX_NODES } from "@/lib/limits";
import type { TestServer, TestUser } from "@/server/testing/test-server";
import { replyOnce, startAgentScenario } from "@/server/testing/agents";
import { sendMessage } from "@/server/domain/messages/send-message";
import { addMembers } from "@/server/domain/spaces/add-members";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { getChain } from "../get-chain";

let srv: TestServer;
let ada: TestUser;
let cleo: TestUser;
let outsider: TestUser;
let admin: TestUser;
let rootId: string;
let spaceId: string;

const allMessages = (m: ChainMessageNode): ChainMessageNode[] => [m, ...m.decisions.flatMap((d) => d.run?.messages.flatMap(allMessages) ?? [])];
const allDecisions = (t: ChainDto) => allMessages(t.root).flatMap((m) => m.decisions);

beforeAll(async () => {
  const scenario = await startAgentScenario({ Ping: replyOnce("ping"), Pong: replyOnce("pong") }, { spaceName: "launch" });
  srv = scenario.srv;
  ada = scenario.ada;
  spaceId = scenario.space.id;
  cleo = await srv.user("Cleo");
  outsider = await srv.user("Otto");
  admin = await srv.user("Root", { isAdmin: true });
  await addMembers(srv.deps, ada.actor, { spaceId, entityIds: [cleo.entityId, admin.entityId] });
  await srv.deps.db.space.update({ where: { id: spaceId }, data: { maxChainDepth: 2 } });
  rootId = (await sendMessage(srv.deps, ada.actor, { spaceId, text: "Let's discuss the launch plan" })).message.id;
  await srv.gateway.idle();
});
afterAll(async () => srv?.close());

describe("chain tree", () => {
  it("shows the message, each agent's decision, their runs and what they posted, level by level, down to the depth-limit refusal", async () => {
    const tree = await getChain(srv.deps, ada.actor, { messageId: rootId });
    expect(tree.root.text).toBe("Let's discuss the launch plan");
    expect(tree.root.focus).toBe(true);
    expect(tree.root.decisions.map((d) => [d.agent.name, d.decision]).sort()).toEqual([
      ["Ping", "triggered"],
      ["Pong", "triggered"],
    ]);
    const ping = tree.root.decisions.find((d) => d.agent.name === "Ping")!.run!;
    expect(ping).toMatchObject({ agentName: "Ping", status: "completed", chainDepth: 0, id: null, error: null });
    expect(ping.durationMs).toBeGreaterThanOrEqual(0);
    expect(ping.messages.map((m) => m.text)).toEqual(["ping"]);
    // Pong answers Ping's message one level down, and so on to the limit.
    expect(ping.messages[0]!.decisions.map((d) => d.agent.name)).toEqual(["Pong"]);
    const refusals = allDecisions(tree).filter((d) => d.decision === "refused");
    expect(refusals.length).toBeGreaterThan(0);
    for (const r of refusals) expect(r.reason).toMatch(/^chain depth limit reached: the message is at depth 2, the space allows 2$/);
    expect(Math.max(...allMessages(tree.root).map((m) => m.chainDepth))).toBe(2);
    expect(tree.truncated).toBe(false);
    expect(tree.nodes).toBe(allMessages(tree.root).length + allDecisions(tree).length + allDecisions(tree).filter((d) => d.run).length);
  });

  it("from a message deep in the chain, starts at the chain's first message and marks the one asked about", async () => {
    const deep = await srv.deps.db.message.findFirstOrThrow({ where: { spaceId, chainDepth: 2 } });
    const tree = await getChain(srv.deps, cleo.actor, { messageId: deep.id });
    expect(tree.root.id).toBe(rootId);
    expect(tree.root.focus).toBe(false);
    expect(
      allMessages(tree.root)
        .filter((m) => m.focus)
        .map((m) => m.id),
    ).toEqual([deep.id]);
  });

  it("gives admins run ids for the inspector; members get statuses only", async () => {
    const asAdmin = await getChain(srv.deps, admin.actor, { messageId: rootId });
    const runs = asAdmin.root.decisions.map((d) => d.run!);
    for (const r of runs) expect(r.id).toMatch(/\w{10,}/);
    const asMember = await getChain(srv.deps, cleo.actor, { messageId: rootId });
    expect(asMember.root.decisions.every((d) => d.run?.id === null)).toBe(true);
    expect(asMember.root.decisions.map((d) => d.run?.key)).toEqual(asAdmin.root.decisions.map((d) => d.run?.key));
  });

  it("never shows a message in a space the viewer cannot read; only admins learn it is there, as a count", async () => {
    const secret = await createChannel(srv.deps, ada.actor, { name: "secret", memberIds: [] });
    const pingRun = await srv.deps.db.run.findFirstOrThrow({ where: { triggerMessageId: rootId, agent: { entity: { name: "Ping" } } } });
    const ping = await srv.deps.db.entity.findFirstOrThrow({ where: { name: "Ping" } });
    // As if Ping had entered #secret during that run and posted there.
    await srv.deps.db.message.create({ data: { spaceId: secret.id, seq: 1, senderId: ping.id, text: "the secret plan", runId: pingRun.id } });
    const forCleo = await getChain(srv.deps, cleo.actor, { messageId: rootId });
    const cleoPing = forCleo.root.decisions.find((d) => d.agent.name === "Ping")!.run!;
    expect(cleoPing.messages.map((m) => m.text)).toEqual(["ping"]);
    expect(cleoPing.hiddenMessages).toBe(0);
    expect(JSON.stringify(forCleo)).not.toContain("secret");
    const forRoot = await getChain(srv.deps, admin.actor, { messageId: rootId });
    expect(forRoot.root.decisions.find((d) => d.agent.name === "Ping")!.run!.hiddenMessages).toBe(1);
    expect(JSON.stringify(forRoot)).not.toContain("secret");
    const forAda = await getChain(srv.deps, ada.actor, { messageId: rootId });
    const adaPing = forAda.root.decisions.find((d) => d.agent.name === "Ping")!.run!;
    expect(adaPing.messages.map((m) => [m.text, m.space.name])).toEqual([
      ["ping", "launch"],
      ["the secret plan", "secret"],
    ]);
    // And the secret message's own chain is not there for Cleo at all.
    const hidden = await srv.deps.db.message.findFirstOrThrow({ where: { text: "the secret plan" } });
    await expect(getChain(srv.deps, cleo.actor, { messageId: hidden.id })).rejects.toMatchObject({ code: "not_found" });
  });

  it("tells members why an agent queued or refused without the agent's load or internal errors; admins get the whole reason", async () => {
    const lone = await createChannel(srv.deps, ada.actor, { name: "reasons", memberIds: [cleo.entityId] });
    const msg = (await sendMessage(srv.deps, ada.actor, { spaceId: lone.id, text: "why?" })).message;
    const [a, b] = await srv.deps.db.agent.findMany({ take: 2, orderBy: { id: "asc" } });
    await srv.deps.db.triggerDecision.createMany({
      data: [
        { messageId: msg.id, agentId: a!.id, decision: "refused", reason: "queue full: the agent already has 20 queued runs (limit 20)" },
        { messageId: msg.id, agentId: b!.id, decision: "refused", reason: 'trigger failed: relation "Run" does not exist' },
      ],
    });
    const reasons = async (actor: typeof ada.actor) => (await getChain(srv.deps, actor, { messageId: msg.id })).root.decisions.map((d) => d.reason).sort();
    expect(await reasons(cleo.actor)).toEqual(["queue full: the agent has too many runs waiting", "trigger failed"]);
    await addMembers(srv.deps, ada.actor, { spaceId: lone.id, entityIds: [admin.entityId] });
    expect(await reasons(admin.actor)).toEqual([
      "queue full: the agent already has 20 queued runs (limit 20)",
      'trigger failed: relation "Run" does not exist',
    ]);
  });

  it("refuses outsiders, unknown ids and malformed input alike", async () => {
    await expect(getChain(srv.deps, outsider.actor, { messageId: rootId })).rejects.toMatchObject({ code: "not_found" });
    await expect(getChain(srv.deps, ada.actor, { messageId: "nope" })).rejects.toMatchObject({ code: "not_found" });
    await expect(getChain(srv.deps, ada.actor, { messageId: "x".repeat(65) })).rejects.toMatchObject({ code: "bad_request" });
    await expect(getChain(srv.deps, ada.actor, {})).rejects.toMatchObject({ code: "bad_request" });
  });

  it(`stops at ${CHAIN_MAX_NODES} nodes and says it was cut`, async () => {
    const lone = await createChannel(srv.deps, ada.actor, { name: "wide", memberIds: [] });
    const msg = (await sendMessage(srv.deps, ada.actor, { spaceId: lone.id, text: "wide" })).message;
    const agent = await srv.deps.db.agent.findFirstOrThrow();
    await srv.deps.db.triggerDecision.createMany({
      data: Array.from({ length: CHAIN_MAX_NODES + 5 }, () => ({ messageId: msg.id, agentId: agent.id, decision: "refused", reason: "agent is disabled" })),
    });
    const tree = await getChain(srv.deps, ada.actor, { messageId: msg.id });
    expect(tree.truncated).toBe(true);
    expect(tree.nodes).toBe(CHAIN_MAX_NODES);
    expect(tree.root.decisions).toHaveLength(CHAIN_MAX_NODES - 1);
  });
});
