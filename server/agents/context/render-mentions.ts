// Messages store mentions as references (`<@entityId>`, `<#spaceId>`; lib/mentions/format.ts).
// An agent reads them as `@Name` / `#channel`, with the names as they are now, inside the
// message's own quoted text: a name is untrusted text like the rest of the message, and is
// shown only where the message already is. A channel the agent is not a member of, or that is
// outside the run's reach, is not named ("#private-channel").
//
// Applied to a whole loaded context (and to read_messages' page): every string under a key
// that holds message text is rendered. Nothing is read when no text carries a reference, so
// most runs pay no query for it.
import { mentionedEntityIds, mentionedSpaceIds, renderMentions } from "@/lib/mentions/format";
import type { Db } from "../../db/client";

/** Keys whose string values are message text (history lines, trigger, questions, a run's posts). */
const TEXT_KEYS = new Set(["text", "triggerText"]);

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

function collect(value: unknown, into: string[], key = ""): void {
  if (typeof value === "string") {
    if (TEXT_KEYS.has(key) && value.includes("<")) into.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collect(v, into, key);
  } else if (isPlain(value)) {
    for (const [k, v] of Object.entries(value)) collect(v, into, k);
  }
}

function rewrite(value: unknown, render: (text: string) => string, key = ""): unknown {
  if (typeof value === "string") return TEXT_KEYS.has(key) ? render(value) : value;
  if (Array.isArray(value)) return value.map((v) => rewrite(v, render, key));
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, render, k)]));
  return value;
}

export async function renderMentionsForAgent<T>(db: Db, value: T, agentEntityId: string, reach: readonly string[]): Promise<T> {
  const texts: string[] = [];
  collect(value, texts);
  const entityIds = [...new Set(texts.flatMap(mentionedEntityIds))];
  const spaceIds = [...new Set(texts.flatMap(mentionedSpaceIds))];
  if (entityIds.length === 0 && spaceIds.length === 0) return value;
  const [entities, spaces] = await Promise.all([
    entityIds.length ? db.entity.findMany({ where: { id: { in: entityIds } }, select: { id: true, name: true } }) : [],
    spaceIds.length
      ? db.space.findMany({
          where: { id: { in: spaceIds.filter((id) => reach.includes(id)) }, kind: "channel", memberships: { some: { entityId: agentEntityId } } },
          select: { id: true, name: true },
        })
      : [],
  ]);
  const names = { entities: new Map(entities.map((e) => [e.id, e.name])), spaces: new Map(spaces.map((s) => [s.id, s.name])) };
  return rewrite(value, (text) => renderMentions(text, names)) as T;
}
