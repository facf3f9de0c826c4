// Before a message is stored: typed "@Name"s of members become reference tokens, and the
// members it mentions are picked out. Only members of the space can be mentioned: a token
// naming anyone else stays text (it renders as that name, or "@unknown") and reaches no one.
// The insert statement checks membership again, so a member who leaves meanwhile is skipped.
import { MAX_MENTIONS_PER_MESSAGE } from "@/lib/limits";
import { mentionedEntityIds, resolvePlainMentions } from "@/lib/mentions/format";
import type { Db } from "../../db/client";
import { AppError } from "../errors";

export interface PreparedMentions {
  text: string;
  /** Members to record a Mention for (never the sender). */
  mentionIds: string[];
}

export async function prepareMentions(db: Db, spaceId: string, senderId: string, text: string): Promise<PreparedMentions> {
  // Most messages name no one: no query for them.
  if (!text.includes("@")) return { text, mentionIds: [] };
  const members = await db.membership.findMany({ where: { spaceId }, select: { entity: { select: { id: true, name: true } } } });
  // A sender who is not a member gets the plain text back, and the send's own membership check
  // refuses it as it refuses any non-member: names matched against members must not tell them apart.
  if (!members.some((m) => m.entity.id === senderId)) return { text, mentionIds: [] };
  const resolved = resolvePlainMentions(
    text,
    members.map((m) => m.entity),
  );
  const ids = mentionedEntityIds(resolved);
  if (ids.length > MAX_MENTIONS_PER_MESSAGE) {
    throw new AppError("bad_request", `A message may mention at most ${MAX_MENTIONS_PER_MESSAGE} members`);
  }
  const memberIds = new Set(members.map((m) => m.entity.id));
  return { text: resolved, mentionIds: ids.filter((id) => id !== senderId && memberIds.has(id)) };
}
