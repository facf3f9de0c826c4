import { describe, expect, it } from "vitest";
import { endOfDay, hasCriteria, parseSearchQuery, startOfDay, validDay } from "./parse-search-query";
import { HIT_END, HIT_START, plainSnippet, snippetParts } from "./snippet";

const parsed = (raw: string) => {
  const r = parseSearchQuery(raw);
  if (!r.ok) throw new Error(r.error);
  return r.query;
};

describe("parseSearchQuery", () => {
  it("keeps free words as the text, spaces collapsed", () => {
    expect(parsed("  deploy   friday ")).toEqual({ text: "deploy friday" });
  });

  it("leaves websearch syntax (quotes, minus, or) in the text", () => {
    expect(parsed('"release notes" -draft or changelog')).toEqual({ text: '"release notes" -draft or changelog' });
  });

  it("reads in:#channel and in:name", () => {
    expect(parsed("in:#design logo")).toEqual({ in: "design", text: "logo" });
    expect(parsed("logo in:design")).toEqual({ in: "design", text: "logo" });
    expect(parsed("in:@ada")).toEqual({ in: "ada", text: "" });
    expect(parsed('in:"Ada Lovelace" hi')).toEqual({ in: "Ada Lovelace", text: "hi" });
  });

  it("reads from:@name and from:name, quoted names with spaces too", () => {
    expect(parsed("from:@ada")).toEqual({ from: "ada", text: "" });
    expect(parsed("from:Planner budget")).toEqual({ from: "Planner", text: "budget" });
    expect(parsed('from:"Ada Lovelace" budget')).toEqual({ from: "Ada Lovelace", text: "budget" });
  });

  it("reads before: and after: as UTC days", () => {
    expect(parsed("after:2026-01-31 before:2026-03-01 report")).toEqual({ after: "2026-01-31", before: "2026-03-01", text: "report" });
  });

  it("takes operators in any case, and the last of a repeated one", () => {
    expect(parsed("IN:#a In:#b x")).toEqual({ in: "b", text: "x" });
  });

  it("does not read an operator inside a word or a url", () => {
    expect(parsed("login:true http://x.dev/from:me")).toEqual({ text: "login:true http://x.dev/from:me" });
  });

  it("refuses dates that do not exist or are not YYYY-MM-DD, naming the operator", () => {
    expect(parseSearchQuery("before:2026-02-30")).toEqual({ ok: false, error: "before: needs a date as YYYY-MM-DD" });
    expect(parseSearchQuery("after:yesterday")).toEqual({ ok: false, error: "after: needs a date as YYYY-MM-DD" });
    expect(parseSearchQuery("after:")).toMatchObject({ ok: false });
  });

  it("refuses an empty name", () => {
    expect(parseSearchQuery("in:# hello")).toEqual({ ok: false, error: "in: needs a space name, like in:#general" });
    expect(parseSearchQuery("from:@")).toEqual({ ok: false, error: "from: needs a name, like from:@ada" });
  });

  it("says whether anything is asked", () => {
    expect(hasCriteria(parsed("   "))).toBe(false);
    expect(hasCriteria(parsed("from:ada"))).toBe(true);
    expect(hasCriteria(parsed("x"))).toBe(true);
  });
});

describe("days", () => {
  it("validates calendar days", () => {
    expect(validDay("2024-02-29")).toBe("2024-02-29");
    expect(validDay("2023-02-29")).toBeNull();
    expect(validDay("2024-13-01")).toBeNull();
    expect(validDay("2024-1-1")).toBeNull();
  });
  it("spans a UTC day", () => {
    expect(startOfDay("2026-03-01").toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(endOfDay("2026-03-01").toISOString()).toBe("2026-03-02T00:00:00.000Z");
  });
});

describe("snippets", () => {
  it("splits marked words into parts, never interpreting markup", () => {
    const s = `see ${HIT_START}<b>deploy</b>${HIT_END} now`;
    expect(snippetParts(s)).toEqual([
      { text: "see ", hit: false },
      { text: "<b>deploy</b>", hit: true },
      { text: " now", hit: false },
    ]);
    expect(plainSnippet(s)).toBe("see <b>deploy</b> now");
  });
  it("ends a match cut off by the snippet's length at the end", () => {
    expect(snippetParts(`a ${HIT_START}dep`)).toEqual([
      { text: "a ", hit: false },
      { text: "dep", hit: true },
    ]);
    expect(snippetParts(`x${HIT_END}y`)).toEqual([
      { text: "x", hit: false },
      { text: "y", hit: false },
    ]);
  });
});
