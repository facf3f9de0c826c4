// PUT /api/spaces/:id/agents/:agentId: signed in, validated, the space's managers only, rate limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/limits";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { request, run } from "@/server/testing/http";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { addMembers } from "@/server/domain/spaces/add-members";
import { setReplyModeHandler } from "../reply-mode";
import { listSpacesHandler } from "../list-spaces";
import type { SpaceDto } from "@/lib/realtime/dto";

let t: TestServer;
let ada: TestUser;
let ben: TestUser;
let spaceId: string;
let agentId: string;

beforeAll(async () => {
  t = await startTestServer();
  ada = await t.user("Ada");
  ben = await t.user("Ben");
  const scout = await createAgent(t.deps.db, "Scout", { provider: "offline" });
  agentId = scout.id;
  spaceId = (await createChannel(t.deps, ada.actor, { name: "ops", memberIds: [scout.entityId, ben.entityId] })).id;
});
afterAll(() => t?.close());

const put = (cookie: string | undefined, body: unknown, params = { id: spaceId, agentId }) =>
  run(t, setReplyModeHandler, request(`/api/spaces/${params.id}/agents/${params.agentId}`, { method: "PUT", cookie, body }), params);

describe("reply mode API", () => {
  it("the space's owner sets it", async () => {
    const res = await put(ada.cookie, { replyMode: "addressed" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ spaceId, agentId, replyMode: "addressed" });
    const agent = await t.deps.db.agent.findUniqueOrThrow({ where: { id: agentId } });
    expect((await t.deps.db.membership.findFirstOrThrow({ where: { spaceId, entityId: agent.entityId } })).replyMode).toBe("addressed");
    // Every member's space view carries it, with the agent's id to change it by.
    const { spaces } = (await run(t, listSpacesHandler, request("/api/spaces", { cookie: ben.cookie }))).body as { spaces: SpaceDto[] };
    const member = spaces.find((s) => s.id === spaceId)?.members.find((m) => m.type === "agent");
    expect(member).toMatchObject({ agentId, replyMode: "addressed" });
    expect(spaces.find((s) => s.id === spaceId)?.members.find((m) => m.id === ben.entityId)).toMatchObject({ agentId: null, replyMode: null });
    // The change is in the agent's audit history: who, where, before → after; setting it again records nothing.
    await put(ada.cookie, { replyMode: "addressed" });
    const audit = await t.deps.db.auditEntry.findMany({ where: { agentId } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: ada.entityId,
      action: "agent.reply_mode",
      subject: '"Scout" in #ops',
      before: { replyMode: "auto" },
      after: { replyMode: "addressed" },
    });
  });

  it("401 signed out, 403 for a plain member, 400 for a bad mode or id, 404 for an agent not in the space", async () => {
    expect((await put(undefined, { replyMode: "off" })).status).toBe(401);
    expect((await put(ben.cookie, { replyMode: "off" })).status).toBe(403);
    expect((await put(ada.cookie, { replyMode: "sometimes" })).status).toBe(400);
    expect((await put(ada.cookie, { replyMode: "off" }, { id: spaceId, agentId: "x".repeat(65) })).status).toBe(400);
    expect((await put(ada.cookie, { replyMode: "off" }, { id: spaceId, agentId: "nope" })).status).toBe(404);
  });

  it("is rate limited per user", async () => {
    const owner = await t.user("Flo");
    const own = (await createChannel(t.deps, owner.actor, { name: "flo" })).id;
    const agent = await t.deps.db.agent.findUniqueOrThrow({ where: { id: agentId } });
    await addMembers(t.deps, owner.actor, { spaceId: own, entityIds: [agent.entityId] });
    const params = { id: own, agentId };
    for (let i = 0; i < RATE_LIMITS.accountChangesPerUser.points; i++) expect((await put(owner.cookie, { replyMode: "every" }, params)).status).toBe(200);
    const refused = await put(owner.cookie, { replyMode: "every" }, params);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
