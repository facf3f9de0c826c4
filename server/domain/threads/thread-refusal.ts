// Why a thread reply was not stored, asked only on that rare path (the send itself is one
// statement that stores nothing when a check fails). The caller asked membership first, so
// a non-member learns nothing about the root.
import { AppError } from "../errors";
import type { Db } from "../../db/client";

/** The refusal for a root that cannot take a reply in `spaceId`, or null when the root is fine. */
export async function threadRootRefusal(db: Db, spaceId: string, rootId: string): Promise<AppError | null> {
  const root = await db.message.findUnique({ where: { id: rootId }, select: { spaceId: true, threadRootId: true, kind: true, deletedAt: true } });
  // A root in another space is "not found" too: whether it exists there is not this space's business.
  if (!root || root.spaceId !== spaceId || root.deletedAt) return new AppError("bad_request", "The thread's root message is not in this space");
  if (root.threadRootId) return new AppError("bad_request", "A reply in a thread cannot start a thread of its own");
  if (root.kind === "system") return new AppError("bad_request", "A system line cannot start a thread");
  return null;
}
