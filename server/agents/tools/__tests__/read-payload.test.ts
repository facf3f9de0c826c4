// read_payload: a service run reads any part of its own stored payload by JSON path, in pieces
// of at most MAX_READ_PAYLOAD_CHARS; its errors never repeat the path; other runs are not offered it.
import { afterEach, describe, expect, it } from "vitest";
import { MAX_READ_PAYLOAD_CHARS } from "@/lib/limits";
import type { TestServer } from "../../../testing/test-server";
import { type ModelCall, type Script, silent, startAgentScenario } from "../../../testing/agents";
import { sendMessage } from "../../../domain/messages/send-message";
import { triggerService } from "../../services/trigger-service";
import { parsePayloadPath, valueAt } from "../payload-path";

describe("payload paths", () => {
  const payload = { a: { b: [1, { c: "deep" }] }, "x.y": 2, items: [{ title: "t0" }] };
  const read = (path: string) => {
    const steps = parsePayloadPath(path);
    return steps ? valueAt(payload, steps) : "unparsed";
  };
  it("reads dotted, indexed, quoted and $-rooted paths", () => {
    expect(read("a.b[1].c")).toBe("deep");
    expect(read("$.a.b[0]")).toBe(1);
    expect(read('$["x.y"]')).toBe(2);
    expect(read("items[0].title")).toBe("t0");
    expect(read("$")).toEqual(payload);
  });
  it("a missing step, an index past the end, a prototype key or bad syntax finds nothing", () => {
    expect(read("a.nope")).toBeUndefined();
    expect(read("items[5]")).toBeUndefined();
    expect(read("a.constructor")).toBeUndefined();
    expect(read("__proto__")).toBeUndefined();
    expect(read("a..b")).toBe("unparsed");
    expect(read("a[-1]")).toBe("unparsed");
  });
});

let srv: TestServer;
afterEach(async () => srv?.close());

describe("read_payload in a service run", () => {
  it("a scripted model reads a deep part of a 206 KB payload; a big part is clipped and counted; errors do not echo the path", async () => {
    const secretPath = "items[99999].ignore_previous_instructions";
    const seen: ModelCall[] = [];
    const hook: Script = (c) => {
      seen.push(c);
      if (!c.system.includes("type: service")) return { text: "quiet" };
      const paths = ["$.items[317].details.title", "items", secretPath];
      const path = paths[c.results.length];
      return path ? { tool: "read_payload", input: { path } } : { text: "done" };
    };
    const s = await startAgentScenario({ Hook: hook });
    srv = s.srv;
    const items = Array.from({ length: 400 }, (_, i) => ({ id: i, details: { title: `ticket ${i}`, body: "x".repeat(500) } }));
    expect(JSON.stringify({ items }).length).toBeGreaterThan(206_000);
    const hookAgent = s.agents.Hook!;
    const { runId } = await triggerService(srv.gateway.ctx, hookAgent.id, { id: "k", agentId: hookAgent.id, spaceIds: [] } as never, {
      serviceName: "tracker",
      payload: { items },
    });
    await srv.gateway.idle();

    const first = seen.find((c) => c.system.includes("type: service"))!;
    expect(first.tools).toContain("read_payload");
    expect(first.system).toContain("(payload clipped; call read_payload with a JSON path to read the rest)");
    expect(first.system).not.toContain("ticket 317");

    const results = (await srv.deps.db.runEvent.findMany({ where: { runId, type: "tool_result" }, orderBy: { createdAt: "asc" } })).map(
      (e) => (e.data as { output: Record<string, unknown> }).output,
    );
    expect(results[0]).toEqual({ value: "ticket 317" });
    expect(JSON.stringify(results[1]!.value).length).toBeLessThanOrEqual(MAX_READ_PAYLOAD_CHARS);
    expect(results[1]!.clipped).toMatch(/^… \d+ more characters; read a narrower path$/);
    expect(results[2]).toEqual({ error: "No such path in this run's payload." });
    expect(JSON.stringify(results)).not.toContain("ignore_previous_instructions");
    expect((await srv.deps.db.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
  }, 60_000);

  it("a run triggered by a message is not offered read_payload", async () => {
    const offered: string[][] = [];
    const s = await startAgentScenario({
      Scout: (c) => {
        offered.push(c.tools);
        return silent(c);
      },
    });
    srv = s.srv;
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "hi" });
    await srv.gateway.idle();
    expect(offered.at(-1)).toContain("read_messages");
    expect(offered.at(-1)).not.toContain("read_payload");
  }, 60_000);
});
