// Edits and deletions → agents.
// - An edit that newly names an agent (it names it now and did not before, reply-modes.ts
//   `mentionsEntity`) is a message addressed to it: the trigger path of on-message.ts decides about
//   it for those agents only, with its TriggerDecision. Agents that already decided about the
//   message (a run, a fold, a resume) are left alone: they saw it, and their next run is told of
//   the edit (load-message-changes.ts). An edit wakes no waiting run: only new messages answer waits.
// - A deleted message never reaches an agent again: a queued run it triggered is canceled
//   (its only request is gone), unless messages folded into that run still stand. The context
//   loaders skip deleted messages; the text itself was blanked where it is stored.
import type { MessageDto } from "@/lib/realtime/dto";
import { mentionsEntity } from "@/lib/agents/reply-modes";
import type { GatewayCtx } from "../gateway-context";
import { onMessage } from "./on-message";
import { cancelRun } from "../runs/transitions";

export const DELETED_TRIGGER_REASON = "its trigger message was deleted";

export async function onMessageEdited(ctx: GatewayCtx, e: { message: MessageDto; before: string }): Promise<void> {
  const m = e.message;
  if (m.deletedAt || m.kind === "system") return;
  const agents = await ctx.db.membership.findMany({
    where: { spaceId: m.spaceId, entity: { type: "agent" }, entityId: { not: m.sender.id } },
    select: { entity: { select: { id: true, name: true, agent: { select: { id: true } } } } },
  });
  // By name or by a stored @mention reference (`<@entityId>`), which survives renames.
  const named = agents.filter(({ entity }) => mentionsEntity(m.text, entity) && !mentionsEntity(e.before, entity));
  if (named.length === 0) return;
  const decided = await ctx.db.triggerDecision.findMany({
    where: { messageId: m.id, decision: { in: ["triggered", "folded", "resumed"] }, agentId: { in: named.map((a) => a.entity.agent?.id ?? "") } },
    select: { agentId: true },
  });
  const done = new Set(decided.map((d) => d.agentId));
  const only = new Set(named.filter((a) => a.entity.agent && !done.has(a.entity.agent.id)).map((a) => a.entity.id));
  if (only.size) await onMessage(ctx, m, { onlyEntityIds: only });
}

export async function onMessageDeleted(ctx: GatewayCtx, e: { message: MessageDto }): Promise<void> {
  const queued = await ctx.db.run.findMany({ where: { triggerMessageId: e.message.id, status: "queued" }, select: { id: true } });
  for (const run of queued) {
    const folded = await ctx.db.triggerDecision.findMany({ where: { runId: run.id, decision: "folded" }, select: { messageId: true } });
    const standing = folded.length ? await ctx.db.message.count({ where: { id: { in: folded.map((f) => f.messageId) }, deletedAt: null } }) : 0;
    if (standing === 0) await cancelRun(ctx, run.id, DELETED_TRIGGER_REASON);
  }
}
