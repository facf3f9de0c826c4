// One message's reactions as they are now, and telling its space about them. The event
// carries the whole list, not a delta: a member who missed one update is right again at the next.
import type { ReactionDto } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "../../db/client";
import type { Deps } from "../deps";
import { groupReactions, reactionSelect } from "./group-reactions";

export interface ReactionsResult {
  spaceId: string;
  messageId: string;
  reactions: ReactionDto[];
}

export async function readReactions(db: Db | Prisma.TransactionClient, messageId: string): Promise<ReactionDto[]> {
  return groupReactions(await db.reaction.findMany({ where: { messageId }, ...reactionSelect }));
}

export function publishReactions({ events }: Pick<Deps, "events">, r: ReactionsResult): void {
  events.publish(rooms.space(r.spaceId), "reaction:updated", r);
}
