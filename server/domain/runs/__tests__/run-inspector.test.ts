// The run inspector's domain functions: admins only (a member is refused before the query is
// even read), and a finished run comes back with its trigger, messages and typed timeline.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer, TestUser } from "@/server/testing/test-server";
import { replyToHumans, startAgentScenario } from "@/server/testing/agents";
import { waitFor } from "@/server/testing/test-server";
import { sendMessage } from "@/server/domain/messages/send-message";
import { getRunDetail } from "../get-run-detail";
import { listRuns } from "../list-runs";

let srv: TestServer;
let member: TestUser;
let admin: TestUser;
let runId: string;
let spaceId: string;

beforeAll(async () => {
  const scenario = await startAgentScenario({ Scout: replyToHumans("Scout here") });
  srv = scenario.srv;
  member = scenario.ada;
  spaceId = scenario.space.id;
  admin = await srv.user("Root", { isAdmin: true });
  await sendMessage(srv.deps, member.actor, { spaceId: scenario.space.id, text: "hello" });
  await srv.gateway.idle();
  runId = (await srv.deps.db.run.findFirstOrThrow()).id;
});
afterAll(async () => srv?.close());

describe("run inspector", () => {
  it("refuses members, whatever they ask", async () => {
    await expect(listRuns(srv.deps, member.actor, {})).rejects.toMatchObject({ code: "forbidden" });
    await expect(listRuns(srv.deps, member.actor, { status: "nonsense" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getRunDetail(srv.deps, member.actor, { runId })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("lists runs for admins, filtered by status", async () => {
    expect((await listRuns(srv.deps, admin.actor, {})).runs.map((r) => r.id)).toEqual([runId]);
    expect(await listRuns(srv.deps, admin.actor, { status: "failed" })).toEqual({ runs: [], nextBefore: null });
    await expect(listRuns(srv.deps, admin.actor, { status: "nonsense" })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("shows a run with its trigger, the messages it sent and its timeline", async () => {
    const detail = await getRunDetail(srv.deps, admin.actor, { runId });
    expect(detail.run.status).toBe("completed");
    expect(detail.trigger.message?.text).toBe("hello");
    expect(detail.messages.map((m) => m.text)).toEqual(["Scout here"]);
    expect(detail.context).toContain("hello");
    const types = detail.events.map((e) => e.type);
    expect(types[0]).toBe("status");
    expect(types).toEqual(expect.arrayContaining(["context", "model_step", "tool_call", "tool_result", "message_sent"]));
    const sent = detail.events.find((e) => e.type === "message_sent");
    expect(sent?.type === "message_sent" && sent.data.text).toBe("Scout here");
    await expect(getRunDetail(srv.deps, admin.actor, { runId: "none" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("announces a message's trigger decisions to the space and to admins, so open chain trees refresh", async () => {
    const [memberSocket, adminSocket] = await Promise.all([member.connect(), admin.connect()]);
    const heard = Promise.all([waitFor(memberSocket, "chain:decided"), waitFor(adminSocket, "chain:decided")]);
    const { message } = await sendMessage(srv.deps, member.actor, { spaceId, text: "again" });
    for (const p of await heard) expect(p).toEqual({ spaceId, messageId: message.id });
    await srv.gateway.idle();
  });
});
