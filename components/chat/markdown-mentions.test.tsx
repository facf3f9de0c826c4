// Mention references render with the current names; mine stronger; channels as links; never in code.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./markdown";
import { MentionNamesContext } from "./mention-names";

const names = {
  meId: "me1",
  entities: new Map([
    ["me1", "Ben"],
    ["ada1", "Ada <b>"],
  ]),
  spaces: new Map([["c1", "design"]]),
};
const render = (text: string) =>
  renderToStaticMarkup(
    <MentionNamesContext.Provider value={names}>
      <Markdown text={text} />
    </MentionNamesContext.Provider>,
  );

describe("mentions in messages", () => {
  it("shows @Name for a reference, marks mine, and escapes names", () => {
    const html = render("hi <@me1> and **<@ada1>**");
    expect(html).toContain('data-mention="me"');
    expect(html).toContain(">@Ben</span>");
    expect(html).toContain("@Ada &lt;b&gt;");
    expect(html).toContain("<strong>");
    expect(html).not.toContain("&lt;@me1&gt;");
  });
  it("links a channel I am in, hides one I am not, and leaves code alone", () => {
    expect(render("see <#c1>")).toContain('href="/spaces/c1"');
    expect(render("see <#c1>")).toContain(">#design</a>");
    expect(render("see <#zz>")).toContain("#private-channel");
    expect(render("`<@me1>`")).toContain("<code>&lt;@me1&gt;</code>");
  });
});
