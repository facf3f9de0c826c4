import { describe, expect, it } from "vitest";
import { tokenUsage } from "./token-usage";

describe("token usage line", () => {
  it("gives the cached share of the input when the provider reported it", () => {
    expect(tokenUsage(1234, 765, 56)).toBe("1,234 in (62% cached) · 56 out");
    expect(tokenUsage(800, 0, 5)).toBe("800 in (0% cached) · 5 out");
  });
  it("leaves the share out when it is unknown or there was no input", () => {
    expect(tokenUsage(1234, null, 56)).toBe("1,234 in · 56 out");
    expect(tokenUsage(1234, undefined, 56)).toBe("1,234 in · 56 out");
    expect(tokenUsage(0, 0, 0)).toBe("0 in · 0 out");
  });
});
