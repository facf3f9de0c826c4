// Which of a space's messages wake an agent member. Listed once here (the Prisma enum
// ReplyMode holds the same values; a test keeps them equal) for the API, the admin panel and
// the agent's context.
export const REPLY_MODES = ["every", "auto", "addressed", "off"] as const;
export type ReplyMode = (typeof REPLY_MODES)[number];

/** How a mode reads to people and to the agent itself. */
export const REPLY_MODE_TEXT: Record<ReplyMode, string> = {
  every: "every message",
  auto: "when addressed or on its topics",
  addressed: "when addressed",
  off: "off",
};

/**
 * The mode an agent gets when it joins a space: in a channel it answers what is addressed to it
 * (and, when nobody is addressed, what matches its topics best), so several agents do not all
 * answer every line people write; in a direct space every message is for it.
 */
export const defaultReplyMode = (kind: "channel" | "direct"): ReplyMode => (kind === "direct" ? "every" : "auto");

/** How many agents, at most, a message addressed to nobody wakes by their topics (reply mode auto). */
export const MAX_TOPIC_WAKES = 2;

/**
 * True when `text` names `name` as a word, with or without a leading @ ("Scout, …", "@Scout",
 * "thanks scout!"), case-insensitively; "Scouting" does not count.
 */
export function mentions(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\w])@?${escaped}(?![\\w])`, "i").test(text);
}

/**
 * True when `text` addresses the agent: a `<@entityId>` reference to it (what the composer's
 * autocomplete and the server's "@Name" resolution store), or its name as `mentions` reads it.
 * The reference survives the agent being renamed; the name keeps older messages and plain
 * API text working.
 */
export function mentionsEntity(text: string, entity: { id: string; name: string }): boolean {
  return text.includes(`<@${entity.id}>`) || mentions(text, entity.name);
}
