import { describe, expect, it } from "vitest";
import { mentionsEntity } from "./reply-modes";

describe("mentionsEntity", () => {
  const scout = { id: "ent_scout", name: "Scout" };
  it("counts a reference to the agent, whatever it is called now", () => {
    expect(mentionsEntity("<@ent_scout> check the logs", scout)).toBe(true);
    expect(mentionsEntity("<@ent_scout> check", { id: "ent_scout", name: "Renamed" })).toBe(true);
  });
  it("still counts the name, and not a reference to someone else", () => {
    expect(mentionsEntity("thanks scout!", scout)).toBe(true);
    expect(mentionsEntity("<@ent_other> check", scout)).toBe(false);
    expect(mentionsEntity("Scouting trip", scout)).toBe(false);
  });
});
