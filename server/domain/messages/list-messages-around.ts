// The messages around one seq, oldest first: what a search result opens onto. The anchor and
// AROUND_MESSAGES before it, and AROUND_MESSAGES after it; the client pages on from either end
// (messages:history before the first, messages:since after the last).
import { AROUND_MESSAGES } from "@/lib/limits";
import type { MessageDto } from "@/lib/realtime/dto";
import type { Actor, Deps } from "../deps";
import { messageInclude, toMessageDto } from "../dto";
import { requireReadableMembership } from "../spaces/require-membership";

export interface AroundPage {
  messages: MessageDto[];
  hasMoreBefore: boolean;
  hasMoreAfter: boolean;
}

export async function listMessagesAround({ db }: Pick<Deps, "db">, actor: Actor, input: { spaceId: string; seq: number }): Promise<AroundPage> {
  await requireReadableMembership(db, input.spaceId, actor.entityId);
  const [upTo, after] = await Promise.all([
    db.message.findMany({
      where: { spaceId: input.spaceId, seq: { lte: input.seq } },
      orderBy: { seq: "desc" },
      take: AROUND_MESSAGES + 2,
      include: messageInclude,
    }),
    db.message.findMany({
      where: { spaceId: input.spaceId, seq: { gt: input.seq } },
      orderBy: { seq: "asc" },
      take: AROUND_MESSAGES + 1,
      include: messageInclude,
    }),
  ]);
  return {
    messages: [...upTo.slice(0, AROUND_MESSAGES + 1).reverse(), ...after.slice(0, AROUND_MESSAGES)].map(toMessageDto),
    hasMoreBefore: upTo.length > AROUND_MESSAGES + 1,
    hasMoreAfter: after.length > AROUND_MESSAGES,
  };
}
