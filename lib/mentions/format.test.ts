import { describe, expect, it } from "vitest";
import { mentionedEntityIds, mentionedSpaceIds, renderMentions, resolvePlainChannels, resolvePlainMentions, splitMentions } from "./format";

const members = [
  { id: "ada1", name: "Ada" },
  { id: "adal", name: "Ada Lovelace" },
  { id: "ben1", name: "Ben" },
];

describe("mention references", () => {
  it("lists mentioned entities once each, in order, and channels apart", () => {
    const text = "hi <@ben1> and <@ada1>, <@ben1> again in <#chan9>";
    expect(mentionedEntityIds(text)).toEqual(["ben1", "ada1"]);
    expect(mentionedSpaceIds(text)).toEqual(["chan9"]);
    expect(mentionedEntityIds("no <@> or <@bad id> or <@x:y>")).toEqual([]);
  });

  it("renders references with the current names, and unknown ones without leaking ids", () => {
    const text = "<@ben1> see <#c1> and <@gone> in <#secret>";
    expect(renderMentions(text, { entities: { ben1: "Ben" }, spaces: new Map([["c1", "design"]]) })).toBe("@Ben see #design and @unknown in #private-channel");
    // A rename is just a different name at render time: the stored text never changes.
    expect(renderMentions("<@ben1>", { entities: { ben1: "Benjamin" } })).toBe("@Benjamin");
  });

  it("splits text into plain runs and references for the chat's renderer", () => {
    expect(splitMentions("a <@x> b <#y>")).toEqual([
      { kind: "text", text: "a " },
      { kind: "entity", id: "x" },
      { kind: "text", text: " b " },
      { kind: "space", id: "y" },
    ]);
  });

  it("turns a typed @Name of a member into a reference, longest name first, case-insensitively", () => {
    expect(resolvePlainMentions("@Ada Lovelace and @ben, thanks", members)).toBe("<@adal> and <@ben1>, thanks");
    expect(resolvePlainMentions("ping @Ada!", members)).toBe("ping <@ada1>!");
  });

  it("leaves what is not an exact member name, an e-mail address, code and existing tokens alone", () => {
    expect(resolvePlainMentions("@Bennet and @Zed", members)).toBe("@Bennet and @Zed");
    expect(resolvePlainMentions("mail ben@ben.org", members)).toBe("mail ben@ben.org");
    expect(resolvePlainMentions("run `@Ben` and\n```\n@Ada\n```", members)).toBe("run `@Ben` and\n```\n@Ada\n```");
    expect(resolvePlainMentions("<@ben1> hi", members)).toBe("<@ben1> hi");
  });

  it("does not resolve a name two members share", () => {
    expect(
      resolvePlainMentions("@Sam", [
        { id: "s1", name: "Sam" },
        { id: "s2", name: "sam" },
      ]),
    ).toBe("@Sam");
  });
  it("turns a picked #channel into a channel reference, not a heading or an anchor in a word", () => {
    const channels = [{ id: "c1", name: "design" }];
    expect(resolvePlainChannels("see #design and a#design", channels)).toBe("see <#c1> and a#design");
  });
});
