// A remark plugin: mention references in the text nodes of a message (never in code, which
// markdown keeps in other node types) become `parley-mention` elements that markdown.tsx
// renders with the current names. Tokens are matched by lib/mentions/format.ts only.
import { splitMentions } from "@/lib/mentions/format";

interface Node {
  type: string;
  value?: string;
  children?: Node[];
  data?: { hName?: string; hProperties?: Record<string, string> };
}

export const MENTION_ELEMENT = "parley-mention";

function walk(node: Node): void {
  if (!node.children) return;
  const out: Node[] = [];
  for (const child of node.children) {
    if (child.type === "text" && child.value?.includes("<")) {
      for (const part of splitMentions(child.value)) {
        if (part.kind === "text") out.push({ type: "text", value: part.text });
        else out.push({ type: MENTION_ELEMENT, data: { hName: MENTION_ELEMENT, hProperties: { kind: part.kind, target: part.id } } });
      }
    } else {
      walk(child);
      out.push(child);
    }
  }
  node.children = out;
}

export function remarkMentions() {
  return (tree: Node) => walk(tree);
}
