import { describe, expect, it } from "vitest";
import { secondsToNextUtcDay, startOfUtcDay } from "./utc-day";

describe("the UTC day", () => {
  it("starts at 00:00 UTC whatever the time", () => {
    expect(startOfUtcDay(new Date("2026-11-22T23:59:59.999Z")).toISOString()).toBe("2026-11-22T00:00:00.000Z");
  });
  it("ends in whole seconds, at least one", () => {
    expect(secondsToNextUtcDay(new Date("2026-11-22T23:00:00.000Z"))).toBe(3600);
    expect(secondsToNextUtcDay(new Date("2026-11-22T23:59:59.999Z"))).toBe(1);
  });
});
