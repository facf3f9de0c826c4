// Markdown → the words a reader sees, for one-line excerpts (reply quotes, run lists): a
// quote of "**Reminder**: ship it" should read "Reminder: ship it", not show the asterisks.
// Parsed with the same micromark/mdast family react-markdown renders with, so what counts as
// markup here is what the chat renders as markup.
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString as nodeText } from "mdast-util-to-string";
import type { Nodes, Parents } from "mdast";

/** Blocks whose text is read on its own; their children are joined with spaces, not glued. */
const CONTAINERS = new Set(["root", "blockquote", "list", "listItem", "table", "tableRow"]);

function blocks(node: Nodes, out: string[]): void {
  if (CONTAINERS.has(node.type) && "children" in node) {
    for (const child of (node as Parents).children) blocks(child, out);
    return;
  }
  // Code blocks keep their content (someone quoting a command wants to recognise it).
  const text = node.type === "code" || node.type === "inlineCode" ? node.value : nodeText(node);
  if (text.trim()) out.push(text.trim());
}

/** The plain text of `markdown`, whitespace collapsed, clipped to `max` characters with "…". */
export function plainText(markdown: string, max = Number.POSITIVE_INFINITY): string {
  const out: string[] = [];
  blocks(fromMarkdown(markdown), out);
  const text = out.join(" ").replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}
