// Each model call of a run keeps its own context: a run that waits for a reply and resumes has
// two, both loadable from GET /api/runs/:id/contexts/:n, the first not overwritten by the
// second. The texts stay out of the run page and its live events; a call is redacted by the
// reach IT had, not the run's; reads are validated and rate limited like the run page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/limits";
import { WITHHELD } from "@/lib/runs/withheld";
import { sendMessage } from "@/server/domain/messages/send-message";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { type ModelCall, type Script, startAgentScenario } from "@/server/testing/agents";
import { request, run } from "@/server/testing/http";
import type { TestServer, TestUser } from "@/server/testing/test-server";
import { getRunCallContextHandler, getRunHandler } from "../runs";

/** Asks and waits on its first call; on the resumed call, says it resumed. */
const asker: Script = (c: ModelCall) => {
  if (/send_message result: /.test(c.system)) return c.results.length ? { text: "done" } : { tool: "send_message", input: { text: "resumed" } };
  return c.results.length ? { text: "paused" } : { tool: "send_message", input: { text: "Deploy v2.1? Reply yes or no", wait: true } };
};

let srv: TestServer;
let ada: TestUser; // admin, in the space
let ben: TestUser; // member
let runId: string;
let spaceId: string;
const live: string[] = [];

beforeAll(async () => {
  const scenario = await startAgentScenario({ Ops: asker }, { spaceName: "ops" });
  srv = scenario.srv;
  ada = await srv.user("Ada2", { isAdmin: true });
  ben = await srv.user("Ben");
  spaceId = scenario.space.id;
  await srv.deps.db.membership.createMany({ data: [ada, ben].map((u) => ({ spaceId, entityId: u.entityId })) });
  (await ada.connect()).on("run:event", (p) => live.push(JSON.stringify(p)));
  await sendMessage(srv.deps, scenario.ada.actor, { spaceId, text: "please deploy FIRST-ASK-1" });
  await srv.gateway.idle();
  const r = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: scenario.agents.Ops!.id } });
  expect(r.status).toBe("waiting_reply");
  runId = r.id;
  await sendMessage(srv.deps, scenario.ada.actor, { spaceId, text: "yes SECOND-REPLY-2" });
  await srv.gateway.idle();
  expect((await srv.deps.db.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
});
afterAll(() => srv?.close());

const getCall = (u: TestUser, n: string, id = runId) =>
  run(srv, getRunCallContextHandler, request(`/api/runs/${id}/contexts/${n}`, { cookie: u.cookie }), { id, n });

describe("each model call's context", () => {
  it("keeps both calls of a run that waited and resumed; the first is not overwritten; the run keeps the latest", async () => {
    const first = await getCall(ada, "1");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ call: 1, calls: 2 });
    expect(first.body.tokens).toBeGreaterThan(0);
    expect(first.body.context).toContain("FIRST-ASK-1");
    expect(first.body.context).not.toContain("SECOND-REPLY-2");
    const second = await getCall(ada, "2");
    expect(second.body).toMatchObject({ call: 2, calls: 2 });
    expect(second.body.context).toContain("SECOND-REPLY-2");
    const row = await srv.deps.db.run.findUniqueOrThrow({ where: { id: runId } });
    expect(row.contextSnapshot).toBe(second.body.context);
    // The resumed call says so in its event: the inspector labels it from there.
    const events = await srv.deps.db.runEvent.findMany({ where: { runId, type: "context" }, orderBy: { seq: "asc" } });
    expect(events.map((e) => (e.data as { resumed: unknown }).resumed !== null)).toEqual([false, true]);
    expect((await getCall(ada, "3")).status).toBe(404);
  });

  it("keeps the texts out of the run page's events and the live events", async () => {
    const page = await run(srv, getRunHandler, request(`/api/runs/${runId}`, { cookie: ada.cookie }), { id: runId });
    expect(JSON.stringify(page.body.events)).not.toContain("contextText");
    expect(JSON.stringify(page.body.events)).not.toContain("FIRST-ASK-1");
    expect(live.length).toBeGreaterThan(0);
    expect(live.join("\n")).not.toContain("contextText");
  });

  it("redacts a call by the reach it had: an admin outside a space that call could read gets the withheld note", async () => {
    const secret = await createChannel(srv.deps, ben.actor, { name: "ben-private", memberIds: [] });
    // The first call could also read Ben's channel (its reach was wider, as before a narrowing).
    const [call1] = await srv.deps.db.runEvent.findMany({ where: { runId, type: "context" }, orderBy: { seq: "asc" }, take: 1 });
    const data = call1!.data as { reach: string[] };
    await srv.deps.db.runEvent.update({ where: { id: call1!.id }, data: { data: { ...data, reach: [...data.reach, secret.id] } } });
    try {
      expect((await getCall(ada, "1")).body.context).toBe(WITHHELD);
      expect((await getCall(ada, "2")).body.context).toContain("SECOND-REPLY-2");
      expect((await getCall(ben, "1")).status).toBe(403);
    } finally {
      await srv.deps.db.runEvent.update({ where: { id: call1!.id }, data: { data } });
    }
  });

  it("validates the run id and call number", async () => {
    for (const n of ["0", "-1", "1.5", "x", "2001"]) expect((await getCall(ada, n)).body.error.fields).toHaveProperty("call");
    expect((await getCall(ada, "1", "x".repeat(100))).body.error.fields).toHaveProperty("runId");
    expect((await getCall(ada, "1", "missing")).status).toBe(404);
  });

  it("is rate limited with the run page reads (429 with Retry-After)", async () => {
    const flo = await srv.user("Flo", { isAdmin: true });
    for (let i = 0; i < RATE_LIMITS.runViewsPerUser.points; i++) await srv.deps.limits!.consume("runViewsPerUser", flo.userId);
    const refused = await getCall(flo, "1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
