// What of a run a viewer sees (redact-run.ts): each model call's recorded reach decides for the
// timeline after it, a posted message shows to readers of its space, and what is withheld says so.
import { describe, expect, it } from "vitest";
import type { RunEventDto } from "@/lib/runs/run-events";
import { WITHHELD } from "@/lib/runs/withheld";
import { redactContext, redactEvents, redactMessage, seesRun } from "../redact-run";

const at = "2026-01-01T00:00:00.000Z";
let seq = 0;
const ev = (body: Omit<RunEventDto, "runId" | "seq" | "createdAt">) => ({ ...body, runId: "r", seq: ++seq, createdAt: at }) as RunEventDto;
const context = (reach: string[]) => ev({ type: "context", data: { tokens: 1, omittedSeen: 0, resumed: null, model: "m", reach } });

describe("redactEvents", () => {
  it("shows a call's steps only to a viewer in all of that call's reach; a narrowed later call is shown to more", () => {
    const viewer = { spaces: new Set(["general"]) };
    const origin = { reach: ["general"], triggerSpaceId: "general" };
    const out = redactEvents(
      viewer,
      [
        context(["general", "design"]),
        ev({ type: "tool_call", data: { toolCallId: "1", name: "read_messages", input: { spaceId: "design" } } }),
        ev({ type: "tool_result", data: { toolCallId: "1", name: "read_messages", output: { messages: ["design secret"] } } }),
        ev({ type: "model_step", data: { text: "design secret", toolCalls: ["read_messages"], finishReason: "tool-calls", usage: { input: 1, output: 1 } } }),
        ev({ type: "message_sent", data: { messageId: "m1", spaceId: "general", text: "posted in general", wait: false } }),
        ev({ type: "error", data: { error: "failed on design secret", partialOutput: "design secret" } }),
        context(["general"]),
        ev({ type: "tool_call", data: { toolCallId: "2", name: "send_message", input: { text: "hello general" } } }),
        ev({ type: "message_sent", data: { messageId: "m2", spaceId: "design", text: "posted in design", wait: false } }),
      ],
      origin,
    );
    const data = out.map((e) => e.data as unknown as Record<string, unknown>);
    expect(data[1]!.input).toBe(WITHHELD);
    expect(data[1]!.name).toBe("read_messages");
    expect(data[2]!.output).toBe(WITHHELD);
    expect(data[3]!.text).toBe(WITHHELD);
    expect(data[3]!.toolCalls).toEqual(["read_messages"]);
    expect(data[4]!.text).toBe("posted in general");
    expect(data[5]).toEqual({ error: WITHHELD, partialOutput: null });
    expect(data[7]!.input).toEqual({ text: "hello general" });
    expect(data[8]!.text).toBe(WITHHELD);
    expect(JSON.stringify(out)).not.toContain("secret");
  });

  it("a viewer in every space sees everything unchanged", () => {
    const events = [context(["general", "design"]), ev({ type: "tool_call", data: { toolCallId: "1", name: "x", input: { a: 1 } } })];
    expect(redactEvents({ spaces: new Set(["general", "design"]) }, events, { reach: ["general", "design"], triggerSpaceId: "general" })).toEqual(events);
  });
});

describe("run-level views", () => {
  it("the context, and a message from a space the viewer is not in, are withheld", () => {
    const viewer = { spaces: new Set(["general"]) };
    expect(seesRun(viewer, { reach: ["general"], triggerSpaceId: "design" })).toBe(false);
    expect(redactContext(viewer, "the whole context", { reach: ["general", "design"], triggerSpaceId: null })).toBe(WITHHELD);
    expect(redactContext(viewer, "the whole context", { reach: ["general"], triggerSpaceId: "general" })).toBe("the whole context");
    const message = {
      id: "m",
      seq: 1,
      spaceId: "design",
      sender: { id: "e", name: "Cleo", type: "human" as const, avatarColor: null },
      text: "design secret",
      replyToMessageId: "q",
      replyTo: { id: "q", seq: 0, senderName: "Ada", text: "quoted secret" },
      clientMessageId: null,
      runId: null,
      origin: null,
      chainDepth: 0,
      chainStopLimit: null,
      createdAt: at,
      editedAt: null,
      deletedAt: null,
      threadRootId: null,
      thread: null,
      reactions: [],
    };
    expect(JSON.stringify(redactMessage(viewer, message))).not.toContain("secret");
    expect(redactMessage(viewer, { ...message, spaceId: "general" }).text).toBe("design secret");
  });
});
