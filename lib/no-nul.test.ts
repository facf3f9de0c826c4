import { expect, it } from "vitest";
import { containsNul } from "./no-nul";

it("finds U+0000 in any string or key, at any depth, and nothing in clean payloads", () => {
  expect(containsNul({ a: ["x", { b: "y\u0000" }] })).toBe(true);
  expect(containsNul({ "k\u0000": 1 })).toBe(true);
  expect(containsNul("\u0000")).toBe(true);
  expect(containsNul({ a: ["x", { b: "y" }], n: 1, z: null })).toBe(false);
  expect(containsNul(undefined)).toBe(false);
});
