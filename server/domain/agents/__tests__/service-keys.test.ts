// Admins rotate and revoke an agent's service key: the old key is refused at once, the new
// one works, the panel shows only its prefix and dates, and each change is in the audit log
// without the key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/server/testing/test-database";
import { createAgent } from "@/server/testing/agents";
import type { Db } from "@/server/db/client";
import { verifyServiceKey } from "@/server/agents/services/service-keys";
import { rotateAgentServiceKey } from "../service-keys/rotate-service-key";
import { revokeAgentServiceKey } from "../service-keys/revoke-service-key";
import { getServicePanel } from "../service-keys/get-service-panel";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let agentId: string;
let spaceIds: string[];
const admin = { entityId: "", isAdmin: true };
const member = { entityId: "", isAdmin: false };

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  admin.entityId = (await db.entity.create({ data: { type: "human", name: "Ada" } })).id;
  member.entityId = (await db.entity.create({ data: { type: "human", name: "Ben" } })).id;
  const scout = await createAgent(db, "Scout");
  agentId = scout.id;
  const ops = await db.space.create({ data: { name: "ops", kind: "channel" } });
  await db.membership.createMany({ data: [admin.entityId, scout.entityId].map((entityId) => ({ spaceId: ops.id, entityId })) });
  spaceIds = [ops.id];
});
afterAll(() => database?.close());

describe("service keys", () => {
  it("a rotation refuses the old key at once and accepts the new one", async () => {
    const first = await rotateAgentServiceKey({ db }, admin, { agentId, spaceIds });
    expect(first.key).toMatch(/^pk_/);
    expect(first.key.startsWith(first.prefix)).toBe(true);
    expect(await verifyServiceKey(db, agentId, first.key)).not.toBeNull();
    const second = await rotateAgentServiceKey({ db }, admin, { agentId, spaceIds });
    expect(await verifyServiceKey(db, agentId, first.key)).toBeNull();
    expect(await verifyServiceKey(db, agentId, second.key)).not.toBeNull();
  });

  it("the panel shows the live key's prefix, when it was made and last used, never the key", async () => {
    const { key, prefix } = await rotateAgentServiceKey({ db }, admin, { agentId, spaceIds });
    const fresh = await getServicePanel({ db }, admin, { agentId });
    expect(fresh.key).toMatchObject({ prefix, lastUsedAt: null, spaceIds });
    expect(fresh.key).toMatchObject({ createdBy: "Ada", legacy: false });
    expect(fresh.spaces).toEqual([{ id: spaceIds[0], name: "ops", kind: "channel" }]);
    await verifyServiceKey(db, agentId, key);
    const used = await getServicePanel({ db }, admin, { agentId });
    expect(used.key?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(used)).not.toContain(key);
  });

  it("the panel names a direct space, two people's or a group's, by its people other than the agent, not by its stored key", async () => {
    const scoutEntity = (await db.agent.findUniqueOrThrow({ where: { id: agentId } })).entityId;
    const group = await db.space.create({ data: { name: `dm-${admin.entityId}:${member.entityId}:${scoutEntity}`, kind: "direct" } });
    await db.membership.createMany({ data: [admin.entityId, member.entityId, scoutEntity].map((entityId) => ({ spaceId: group.id, entityId })) });
    const { spaces } = await getServicePanel({ db }, admin, { agentId });
    expect(spaces.find((s) => s.id === group.id)).toEqual({ id: group.id, name: "Ada, Ben", kind: "direct" });
    await db.space.delete({ where: { id: group.id } });
  });

  it("records rotations with the prefixes only", async () => {
    const { key, prefix } = await rotateAgentServiceKey({ db }, admin, { agentId, spaceIds });
    const entry = await db.auditEntry.findFirstOrThrow({ where: { action: "key.rotate", agentId }, orderBy: { createdAt: "desc" } });
    expect(entry).toMatchObject({ actorId: admin.entityId, subject: 'service key of "Scout"', after: { prefix, spaceIds } });
    expect((entry.before as { prefix: string }).prefix).toMatch(/^pk_/);
    expect(JSON.stringify(entry)).not.toContain(key);
  });

  it("a revocation refuses the key, leaves the agent without one, and is recorded", async () => {
    const { key, prefix } = await rotateAgentServiceKey({ db }, admin, { agentId, spaceIds });
    expect(await revokeAgentServiceKey({ db }, admin, { agentId })).toEqual({ revoked: prefix });
    expect(await verifyServiceKey(db, agentId, key)).toBeNull();
    expect((await getServicePanel({ db }, admin, { agentId })).key).toBeNull();
    const entry = await db.auditEntry.findFirstOrThrow({ where: { action: "key.revoke", agentId }, orderBy: { createdAt: "desc" } });
    expect(entry).toMatchObject({ before: { prefix }, after: null });
    // Nothing left to revoke.
    await expect(revokeAgentServiceKey({ db }, admin, { agentId })).rejects.toMatchObject({ code: "conflict" });
  });

  it("refuses members, unknown agents, and spaces the agent is not in", async () => {
    await expect(rotateAgentServiceKey({ db }, member, { agentId, spaceIds })).rejects.toMatchObject({ code: "forbidden" });
    await expect(revokeAgentServiceKey({ db }, member, { agentId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getServicePanel({ db }, member, { agentId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(rotateAgentServiceKey({ db }, admin, { agentId: "nope", spaceIds })).rejects.toMatchObject({ code: "not_found" });
    const space = await db.space.create({ data: { name: "board", kind: "channel" } });
    await expect(rotateAgentServiceKey({ db }, admin, { agentId, spaceIds: [space.id] })).rejects.toMatchObject({
      code: "bad_request",
      details: { fields: { spaceIds: expect.any(String) } },
    });
    expect(await db.auditEntry.count({ where: { actorId: member.entityId } })).toBe(0);
  });

  it("a legacy key without a list says whose spaces it is limited to, until rotated", async () => {
    await db.serviceKey.updateMany({ where: { agentId }, data: { revokedAt: new Date() } });
    await db.serviceKey.create({ data: { agentId, keyHash: "legacy-hash-ada", prefix: "pk_old01", createdById: admin.entityId } });
    expect((await getServicePanel({ db }, admin, { agentId })).key).toMatchObject({ prefix: "pk_old01", spaceIds: [], legacy: true, createdBy: "Ada" });
    await db.serviceKey.updateMany({ where: { agentId }, data: { revokedAt: new Date() } });
    await db.serviceKey.create({ data: { agentId, keyHash: "legacy-hash-none", prefix: "pk_old02" } });
    expect((await getServicePanel({ db }, admin, { agentId })).key).toMatchObject({ legacy: true, createdBy: null });
    await rotateAgentServiceKey({ db }, admin, { agentId, spaceIds });
    expect((await getServicePanel({ db }, admin, { agentId })).key).toMatchObject({ legacy: false, createdBy: "Ada" });
  });
});
