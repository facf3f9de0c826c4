// Reconnect: the edited or deleted messages of a seq range, so a client that missed their
// message:updated events while away can bring the messages it holds up to date. Seq replay
// (list-messages-after.ts) cannot show them: an edit keeps its message's seq.
import type { MessageDto } from "@/lib/realtime/dto";
import { MAX_CHANGED_RANGE } from "@/lib/limits";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { messageInclude, toMessageDto } from "../dto";
import { requireMembership } from "../spaces/require-membership";

export async function listChangedMessages(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { spaceId: string; fromSeq: number; toSeq: number },
): Promise<{ messages: MessageDto[] }> {
  if (input.toSeq < input.fromSeq) throw new AppError("bad_request", "toSeq is before fromSeq");
  if (input.toSeq - input.fromSeq >= MAX_CHANGED_RANGE) throw new AppError("bad_request", `A range covers at most ${MAX_CHANGED_RANGE} seqs`);
  await requireMembership(db, input.spaceId, actor.entityId);
  const rows = await db.message.findMany({
    where: { spaceId: input.spaceId, seq: { gte: input.fromSeq, lte: input.toSeq }, OR: [{ editedAt: { not: null } }, { deletedAt: { not: null } }] },
    orderBy: { seq: "asc" },
    include: messageInclude,
  });
  return { messages: rows.map(toMessageDto) };
}
