import { describe, expect, it } from "vitest";
import { plainText } from "./plain-text";

describe("plainText", () => {
  it("drops emphasis, headings and link targets", () => {
    expect(plainText("**Reminder**: ship _it_ [today](https://x.test)")).toBe("Reminder: ship it today");
    expect(plainText("# Title\n\nbody")).toBe("Title body");
  });
  it("keeps list items and code readable, one space apart", () => {
    expect(plainText("- one\n- two\n\n`npm test`")).toBe("one two npm test");
    expect(plainText("```\nmake build\n```")).toBe("make build");
  });
  it("clips with an ellipsis", () => {
    expect(plainText("abcdefghij", 5)).toBe("abcd…");
    expect(plainText("abc", 5)).toBe("abc");
  });
  it("leaves plain text alone, raw HTML as its text", () => {
    expect(plainText("2 * 3 = 6")).toBe("2 * 3 = 6");
    expect(plainText("<b>hi</b>")).toBe("<b>hi</b>");
  });
});
