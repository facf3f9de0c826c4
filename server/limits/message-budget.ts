// One budget for a person's messages (messagesPerUser), whether sent over the socket or
// HTTP. Spent before any database work, so a flood costs the server almost nothing.
import type { Actor, Deps } from "../domain/deps";
import { isAppError } from "../domain/errors";

/**
 * Spends one message of the sender's budget, or throws rate_limited. Past the limit, a
 * retry of a message that is already stored (same clientMessageId) still goes through:
 * sendMessage answers it with the stored message and stores nothing. Those lookups have
 * their own small budget, so replaying one key cannot become a flood of queries either.
 */
export async function spendMessageBudget(deps: Deps, actor: Actor, clientMessageId: string | undefined): Promise<void> {
  const { limits, db } = deps;
  if (!limits) return;
  try {
    await limits.consume("messagesPerUser", actor.entityId);
  } catch (refused) {
    if (!isAppError(refused) || refused.code !== "rate_limited" || !clientMessageId) throw refused;
    await limits.consume("messageRetriesPerUser", actor.entityId).catch(() => {
      throw refused;
    });
    const stored = await db.message.findUnique({
      where: { senderId_clientMessageId: { senderId: actor.entityId, clientMessageId } },
      select: { id: true },
    });
    if (!stored) throw refused;
  }
}
