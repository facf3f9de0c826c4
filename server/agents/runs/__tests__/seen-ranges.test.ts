import { describe, expect, it } from "vitest";
import { addRange, advanceFrom, parseSeen } from "../seen-ranges";

describe("seen ranges", () => {
  it("merge when they overlap or touch, and stay apart across a gap", () => {
    let r = addRange([], 5, 9);
    r = addRange(r, 10, 12);
    r = addRange(r, 20, 20);
    r = addRange(r, 1, 6);
    expect(r).toEqual([
      [1, 12],
      [20, 20],
    ]);
  });

  it("the cursor crosses only messages that were shown, from where it is", () => {
    const r = addRange(addRange([], 3, 10), 12, 15);
    expect(advanceFrom(r, 2)).toBe(10); // 11 was never shown: stop before it
    expect(advanceFrom(r, 0)).toBe(0); // 1 and 2 were never shown
    expect(advanceFrom(r, 11)).toBe(15);
    expect(advanceFrom(r, 40)).toBe(40); // never backwards
  });

  it("reads stored cursors, treating anything else as nothing shown", () => {
    expect(parseSeen({ a: [[1, 3]], b: { seq: 9, messageId: "m" }, c: [["x", 2]] })).toEqual({ a: [[1, 3]], c: [] });
    expect(parseSeen(null)).toEqual({});
  });
});
