import { describe, expect, it } from "vitest";
import { filtersFromSearch, filtersToApiQuery, filtersToSearch, runMatches } from "./run-filters";

describe("run list filters in the address", () => {
  it("round-trip through the page address and drop what is not a filter", () => {
    const filters = filtersFromSearch(new URLSearchParams("agent=a1&space=s1&status=failed&trigger=plan&range=24h&evil=1"));
    expect(filters).toEqual({ agentId: "a1", spaceId: "s1", status: "failed", triggerType: "plan", range: "24h" });
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
    expect(filtersFromSearch(new URLSearchParams("status=exploded&range=forever&agent=%27%20OR%201"))).toEqual({
      agentId: undefined,
      spaceId: undefined,
      status: undefined,
      triggerType: undefined,
      range: undefined,
    });
  });

  it("become the API's query, the time range as an instant", () => {
    const now = Date.parse("2026-01-02T00:00:00.000Z");
    const q = filtersToApiQuery({ agentId: "a1", range: "24h" }, now, "run9");
    expect(Object.fromEntries(q)).toEqual({ agentId: "a1", from: "2026-01-01T00:00:00.000Z", before: "run9" });
  });

  it("decide whether a run pushed over the socket belongs in the list", () => {
    const now = Date.parse("2026-01-02T00:00:00.000Z");
    const run = {
      agent: { id: "ent1" },
      status: "failed" as const,
      triggerType: "service",
      triggerSpaceId: null,
      activeSpaceId: "s1",
      queuedAt: "2026-01-01T23:30:00.000Z",
    };
    expect(runMatches(run, {}, undefined, now)).toBe(true);
    expect(runMatches(run, { spaceId: "s1", status: "failed", range: "1h" }, undefined, now)).toBe(true);
    expect(runMatches(run, { agentId: "a1" }, "ent1", now)).toBe(true);
    expect(runMatches(run, { agentId: "a2" }, "ent2", now)).toBe(false);
    expect(runMatches(run, { triggerType: "plan" }, undefined, now)).toBe(false);
    expect(runMatches({ ...run, queuedAt: "2026-01-01T12:00:00.000Z" }, { range: "1h" }, undefined, now)).toBe(false);
  });
});
