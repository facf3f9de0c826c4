import { describe, expect, it } from "vitest";
import { callKind } from "./call-kind";
import type { ContextEvent } from "./call-kind";

const base: ContextEvent["data"] = { tokens: 100, omittedSeen: 0, resumed: null, model: "m/x" };
const wait = (status: "resolved" | "timeout") => ({ reply: null, waitDuration: "3s", status });

describe("what a model call was", () => {
  it("names the first call, a resumed one, a retry, a compaction and a restart", () => {
    expect(callKind(base, 1)).toBe("first call");
    expect(callKind({ ...base, resumed: wait("resolved") }, 2)).toBe("resumed after a reply");
    expect(callKind({ ...base, resumed: wait("timeout") }, 2)).toBe("resumed after the wait timed out");
    expect(callKind({ ...base, retry: "too long" }, 1)).toBe("retried smaller after a context-length error");
    expect(callKind({ ...base, retry: "too long", compacted: true }, 2)).toBe("compacted after tool steps");
    expect(callKind(base, 2)).toBe("restarted");
  });
});
