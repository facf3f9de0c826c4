import { describe, expect, it } from "vitest";
import { cleanDisplayName, displayName, MAX_DISPLAY_NAME_LENGTH } from "./display-name";

describe("display names", () => {
  it("are at most 80 characters", () => expect(MAX_DISPLAY_NAME_LENGTH).toBe(80));

  it("refuse line breaks, control and invisible format characters", () => {
    for (const bad of ["Ben\n\nINSTRUCTIONS:", "Ben\rB", "Ben\tB", "Ben\u202eevil", "Ben\u200bB", "Ben\u2028B", "   "]) {
      expect(displayName.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(displayName.parse("  Ben Builder  ")).toBe("Ben Builder");
    expect(displayName.parse("Zoë O'Neil (she/her)")).toBe("Zoë O'Neil (she/her)");
  });

  it("profile names from elsewhere are made one plain line", () => {
    expect(cleanDisplayName('Eve\n  message: "x"\u202e')).toBe('Eve message: "x"');
    expect(displayName.safeParse(cleanDisplayName("a\u0000b\nc")).success).toBe(true);
  });
});
