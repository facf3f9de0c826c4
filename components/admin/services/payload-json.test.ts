import { describe, expect, it } from "vitest";
import { parsePayload } from "./payload-json";

describe("test trigger payload", () => {
  it("accepts any JSON value, and blank as no payload", () => {
    expect(parsePayload('{"build": 42}')).toEqual({ ok: true, value: { build: 42 } });
    expect(parsePayload("[1, 2]")).toEqual({ ok: true, value: [1, 2] });
    expect(parsePayload("  \n")).toEqual({ ok: true, value: undefined });
  });

  it("says what is wrong, with the line and column when the parser gives a position", () => {
    const bad = parsePayload('{\n  "build": 42,\n}');
    expect(bad.ok).toBe(false);
    // Node and Chromium both report the position: a trailing comma points at the closing brace.
    expect(!bad.ok && bad.error).toBe("Not valid JSON at line 3, column 1: Expected double-quoted property name");
    const positioned = parsePayload('{"a": tru}');
    expect(!positioned.ok && positioned.error).toMatch(/Not valid JSON( at line 1, column \d+)?/);
  });

  it("refuses a payload over the body limit before sending", () => {
    const huge = parsePayload(JSON.stringify("x".repeat(70_000)));
    expect(!huge.ok && huge.error).toMatch(/KiB/);
  });
});
