import { describe, expect, it } from "vitest";
import { EMOJI, canonicalEmoji, searchEmoji } from "./emoji-set";

describe("the emoji set", () => {
  it("knows single emoji in their fully-qualified form, with or without the variation selector", () => {
    expect(canonicalEmoji("👍")).toBe("👍");
    expect(canonicalEmoji("👍\uFE0F")).toBe("👍");
    expect(canonicalEmoji("\u2764")).toBe("❤️");
    expect(canonicalEmoji("👍🏽")).toBe("👍🏽");
    expect(canonicalEmoji("👨‍👩‍👧")).toBe("👨‍👩‍👧");
  });
  it("refuses text, several emoji, skin-tone swatches alone and padding", () => {
    for (const text of ["", "a", "👍👍", " 👍", "\u{1F3FB}", ":+1:", "👍\n"]) expect(canonicalEmoji(text)).toBeNull();
  });
  it("finds emoji by name first, then by keyword", () => {
    expect(
      searchEmoji("party")
        .slice(0, 2)
        .map((e) => e.emoji),
    ).toEqual(["🥳", "🎉"]);
    expect(searchEmoji("thumbs up")[0]?.emoji).toBe("👍");
    expect(searchEmoji("eyes")[0]?.emoji).toBe("👀");
    expect(searchEmoji("zzzznothing")).toEqual([]);
    expect(searchEmoji("  ")).toHaveLength(EMOJI.length);
  });
});
