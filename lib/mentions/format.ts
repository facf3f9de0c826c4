// How a message refers to members and channels. A mention is stored in the message text as a
// reference token, `<@entityId>` for a person or agent and `<#spaceId>` for a channel, never
// as the name: names change, ids do not, so every reader sees the CURRENT name
// (renderMentions, or the chat's markdown). The server turns a typed "@Name" that exactly
// names a member into a token when the message is sent (resolvePlainMentions), so API
// clients and agents that write "@Ada" mention too.
//
// Markdown leaves both tokens as plain text (neither is an autolink nor an HTML tag), so a
// client that knows nothing of mentions still shows something readable.

/** One reference: `<@id>` or `<#id>`; ids are cuids/uuids. */
export const MENTION_TOKEN = /<([@#])([A-Za-z0-9_-]{1,64})>/g;

export const entityToken = (entityId: string) => `<@${entityId}>`;
export const spaceToken = (spaceId: string) => `<#${spaceId}>`;

function idsOf(text: string, sigil: "@" | "#"): string[] {
  const ids = new Set<string>();
  for (const m of text.matchAll(MENTION_TOKEN)) if (m[1] === sigil) ids.add(m[2]!);
  return [...ids];
}

/** The entities a text mentions by reference, each once, in order of first appearance. */
export const mentionedEntityIds = (text: string): string[] => idsOf(text, "@");
/** The spaces a text links by reference, each once. */
export const mentionedSpaceIds = (text: string): string[] => idsOf(text, "#");

export interface MentionNames {
  /** entityId → current name */
  entities: ReadonlyMap<string, string> | Record<string, string>;
  /** spaceId → current channel name */
  spaces?: ReadonlyMap<string, string> | Record<string, string>;
}

const lookup = (m: MentionNames["entities"] | undefined, id: string): string | undefined =>
  m === undefined ? undefined : m instanceof Map ? m.get(id) : (m as Record<string, string>)[id];

/** Shown for a reference whose target the reader cannot name (gone, or a channel they are not in). */
export const UNKNOWN_ENTITY = "unknown";
export const UNKNOWN_SPACE = "private-channel";

/** Text with every reference as `@Name` / `#name`: for excerpts, notifications and agents' context. */
export function renderMentions(text: string, names: MentionNames): string {
  return text.replace(MENTION_TOKEN, (_all, sigil: string, id: string) =>
    sigil === "@" ? `@${lookup(names.entities, id) ?? UNKNOWN_ENTITY}` : `#${lookup(names.spaces, id) ?? UNKNOWN_SPACE}`,
  );
}

/** Parts of a text for a renderer: plain runs and references, in order. */
export type MentionPart = { kind: "text"; text: string } | { kind: "entity"; id: string } | { kind: "space"; id: string };

export function splitMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let at = 0;
  for (const m of text.matchAll(MENTION_TOKEN)) {
    if (m.index > at) parts.push({ kind: "text", text: text.slice(at, m.index) });
    parts.push(m[1] === "@" ? { kind: "entity", id: m[2]! } : { kind: "space", id: m[2]! });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ kind: "text", text: text.slice(at) });
  return parts;
}

/** Code spans and fenced blocks: a typed "@Name" inside code is code, not a mention. */
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;

/**
 * Replaces each typed `@Name` that exactly names one of `members` (case-insensitively, the
 * whole name, not followed by a word character) with its reference token, outside code.
 * Longer names win ("@Ada Lovelace" over "@Ada"). A name two members share stays text: it
 * names no one in particular.
 */
export const resolvePlainMentions = (text: string, members: readonly { id: string; name: string }[]): string => resolveNames(text, "@", members, entityToken);

/** The same for `#channel` names (the composer's picks): each becomes `<#spaceId>`. */
export const resolvePlainChannels = (text: string, channels: readonly { id: string; name: string }[]): string => resolveNames(text, "#", channels, spaceToken);

function resolveNames(text: string, sigil: "@" | "#", items: readonly { id: string; name: string }[], token: (id: string) => string): string {
  if (!text.includes(sigil) || items.length === 0) return text;
  const byName = new Map<string, string | null>();
  for (const m of items) {
    const key = m.name.toLowerCase();
    if (key.trim() === "") continue;
    byName.set(key, byName.has(key) && byName.get(key) !== m.id ? null : m.id);
  }
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  const resolveRun = (run: string) => {
    let out = "";
    let i = 0;
    while (i < run.length) {
      const at = run.indexOf(sigil, i);
      if (at < 0) break;
      out += run.slice(i, at);
      // The sigil must start a word: "ada@example.com" is an address, not a mention.
      const before = at > 0 ? run[at - 1]! : "";
      const rest = run.slice(at + 1).toLowerCase();
      const hit = /[\w<&]/.test(before) ? undefined : names.find((n) => rest.startsWith(n) && !/^[\w]/.test(rest.slice(n.length)));
      const id = hit === undefined ? undefined : byName.get(hit);
      if (hit !== undefined && id) {
        out += token(id);
        i = at + 1 + hit.length;
      } else {
        out += sigil;
        i = at + 1;
      }
    }
    return out + run.slice(i);
  };
  let out = "";
  let at = 0;
  for (const m of text.matchAll(CODE)) {
    out += resolveRun(text.slice(at, m.index)) + m[0];
    at = m.index + m[0].length;
  }
  return out + resolveRun(text.slice(at));
}
