// A search result's snippet is plain text in which the server marks each matched word with two
// control characters (the server removes them from message text first, so only its own marks
// remain). The browser turns the marks into <mark> elements with React, never into HTML, and an
// agent gets the text with them removed.

/** Starts a matched word in a snippet. */
export const HIT_START = "\u0002";
/** Ends a matched word in a snippet. */
export const HIT_END = "\u0003";

export interface SnippetPart {
  text: string;
  hit: boolean;
}

/**
 * The snippet as runs of plain and matched text. Unbalanced marks (a snippet cut inside a
 * match) end the match at the end of the text; stray ends are dropped.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let hit = false;
  let current = "";
  const flush = () => {
    if (current) parts.push({ text: current, hit });
    current = "";
  };
  for (const ch of snippet) {
    if (ch === HIT_START || ch === HIT_END) {
      flush();
      hit = ch === HIT_START;
    } else current += ch;
  }
  flush();
  return parts;
}

/** The snippet without its marks. */
export const plainSnippet = (snippet: string): string => snippet.split(HIT_START).join("").split(HIT_END).join("");
