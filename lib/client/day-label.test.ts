import { describe, expect, it } from "vitest";
import { dayLabel, startsNewDay } from "./day-label";

// Local times, so the test holds in any time zone.
const now = new Date(2026, 10, 25, 9, 30); // Wednesday, November 25, 2026

describe("date separators", () => {
  it("names today and yesterday, whatever the hour", () => {
    expect(dayLabel(new Date(2026, 10, 25, 0, 1), now, "en-US")).toBe("Today");
    expect(dayLabel(new Date(2026, 10, 24, 23, 59), now, "en-US")).toBe("Yesterday");
    expect(dayLabel(new Date(2026, 10, 24, 0, 0), now, "en-US")).toBe("Yesterday");
  });
  it("names older days by weekday and date, with the year only when it is not this year", () => {
    expect(dayLabel(new Date(2026, 10, 23, 12), now, "en-US")).toBe("Monday, November 23");
    expect(dayLabel(new Date(2025, 10, 23, 12), now, "en-US")).toBe("Sunday, November 23, 2025");
  });
  it("yesterday across a month and a year boundary", () => {
    expect(dayLabel(new Date(2026, 11, 31, 20), new Date(2027, 0, 1, 8), "en-US")).toBe("Yesterday");
  });
  it("a separator goes before the first message and where the local day changes, not between two messages of one day", () => {
    const a = new Date(2026, 10, 24, 23, 58).toISOString();
    const b = new Date(2026, 10, 24, 23, 59).toISOString();
    const c = new Date(2026, 10, 25, 0, 1).toISOString();
    expect(startsNewDay(a, undefined)).toBe(true);
    expect(startsNewDay(b, a)).toBe(false);
    expect(startsNewDay(c, b)).toBe(true);
  });
});
