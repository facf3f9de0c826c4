import { describe, expect, it } from "vitest";
import type { RunListItemDto } from "./run-dtos";
import { mergeRuns } from "./merge-runs";

const item = (id: string, queuedAt: string, extra: Partial<RunListItemDto> = {}) =>
  ({ id, queuedAt, status: "queued", triggerExcerpt: `words of ${id}`, triggerSpaceName: "general", ...extra }) as RunListItemDto;

describe("mergeRuns", () => {
  it("keeps one row per run, newest first, ties by id", () => {
    const merged = mergeRuns(
      [item("a", "2026-01-01T10:00:00Z"), item("b", "2026-01-01T10:00:00Z")],
      [item("c", "2026-01-01T11:00:00Z"), item("a", "2026-01-01T10:00:00Z")],
    );
    expect(merged.map((r) => r.id)).toEqual(["c", "b", "a"]);
  });
  it("a pushed run without trigger words keeps the row's words and takes the new status", () => {
    const { triggerExcerpt: _e, triggerSpaceName: _s, ...pushed } = item("a", "2026-01-01T10:00:00Z", { status: "completed" });
    const [row] = mergeRuns([item("a", "2026-01-01T10:00:00Z")], [pushed]);
    expect(row).toMatchObject({ status: "completed", triggerExcerpt: "words of a", triggerSpaceName: "general" });
  });
});
