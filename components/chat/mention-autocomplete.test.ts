import { describe, expect, it } from "vitest";
import { MENTION_AUTOCOMPLETE_RESULTS } from "@/lib/limits";
import { matchSuggestions, type Suggestion, typedQuery } from "./mention-autocomplete";

const person = (name: string): Suggestion => ({ sigil: "@", id: name, name, what: "person" });

describe("composer autocomplete", () => {
  it("finds the @ or # being typed at the caret, not in an address or mid-word", () => {
    expect(typedQuery("hi @Be", 6)).toEqual({ sigil: "@", query: "Be", start: 3 });
    expect(typedQuery("#des", 4)).toEqual({ sigil: "#", query: "des", start: 0 });
    expect(typedQuery("mail ada@ex", 11)).toBeNull();
    expect(typedQuery("@Ben done", 9)).toBeNull();
  });
  it("lists names starting with the query first, then containing it, capped", () => {
    const all = [person("Abe"), person("Ben"), person("Bea"), person("Cleo")];
    expect(matchSuggestions(all, "be").map((s) => s.name)).toEqual(["Ben", "Bea", "Abe"]);
    const many = Array.from({ length: 30 }, (_, i) => person(`Bo${i}`));
    expect(matchSuggestions(many, "bo")).toHaveLength(MENTION_AUTOCOMPLETE_RESULTS);
  });
});
