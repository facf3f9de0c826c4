// The Mentions view: messages that mention the caller, newest first, keyset paged by
// (createdAt, messageId), in live spaces the caller is STILL a member of (leaving a channel
// takes its mentions out of the view with it).
import type { MentionPageDto } from "@/lib/realtime/dto";
import { MENTIONS_PAGE_SIZE } from "@/lib/limits";
import type { Actor, Deps } from "../deps";
import { messageInclude, toMessageDto } from "../dto";
import { AppError } from "../errors";

export interface ListMentionsInput {
  before?: string;
  limit?: number;
}

export async function listMentions({ db }: Pick<Deps, "db">, actor: Actor, input: ListMentionsInput): Promise<MentionPageDto> {
  const limit = input.limit ?? MENTIONS_PAGE_SIZE;
  const before = input.before === undefined ? null : decodeCursor(input.before);
  const rows = await db.mention.findMany({
    where: {
      mentionedEntityId: actor.entityId,
      message: { deletedAt: null, space: { archivedAt: null, memberships: { some: { entityId: actor.entityId } } } },
      ...(before ? { OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, messageId: { lt: before.messageId } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { messageId: "desc" }],
    take: limit + 1,
    include: { message: { include: { ...messageInclude, space: { select: { name: true, kind: true } } } } },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    mentions: page.map((r) => ({ message: toMessageDto(r.message), spaceName: r.message.space.name, spaceKind: r.message.space.kind })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.messageId) : null,
  };
}

const encodeCursor = (createdAt: Date, messageId: string) => Buffer.from(`${createdAt.toISOString()}|${messageId}`).toString("base64url");

function decodeCursor(cursor: string): { createdAt: Date; messageId: string } {
  const [at, messageId] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(at ?? "");
  if (!messageId || Number.isNaN(createdAt.getTime())) throw new AppError("bad_request", "Malformed cursor");
  return { createdAt, messageId };
}
