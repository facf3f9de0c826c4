import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "./audit-actions";
import { AUDIT_LABELS, auditDiff, showValue } from "./audit-labels";

describe("audit labels", () => {
  it("names every action", () => expect(Object.keys(AUDIT_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort()));
  it("shows each changed field as before → after, a missing side as a dash", () => {
    expect(auditDiff({ before: { name: "Scout", tools: ["a"] }, after: { name: "Scout 2", tools: ["a", "b"] } })).toEqual([
      { field: "name", before: "Scout", after: "Scout 2" },
      { field: "tools", before: '["a"]', after: '["a","b"]' },
    ]);
    expect(auditDiff({ before: null, after: { space: "design" } })).toEqual([{ field: "space", before: "—", after: "design" }]);
  });
  it("clips long values", () => expect(showValue("x".repeat(500))).toHaveLength(161));
});
