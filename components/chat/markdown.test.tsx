// XSS corpus: nothing a user types may become script, an event handler or a dangerous URL.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./markdown";

const render = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

const corpus = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](  javascript:alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "![x](javascript:alert(1))",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  "[a](vbscript:msgbox(1))",
  '"><script>alert(1)</script>',
  "<details open ontoggle=alert(1)>",
];

describe("markdown rendering is safe", () => {
  for (const input of corpus) {
    it(`neutralises ${JSON.stringify(input)}`, () => {
      const html = render(input).toLowerCase();
      expect(html).not.toMatch(/<script|<iframe|<svg|<img|<details|<div style/);
      // Inside a real tag; escaped text like "&lt;img onerror=" is harmless and allowed.
      expect(html).not.toMatch(/<[^>]*\son[a-z]+=/);
      expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/);
    });
  }

  it("turns a single newline into a line break", () => {
    expect(render("one\ntwo")).toContain("one<br/>");
  });

  it("still renders ordinary markdown", () => {
    const html = render("**bold** _it_ `code` [site](https://example.com)\n\n- a\n- b");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain("<li>a</li>");
  });
});
