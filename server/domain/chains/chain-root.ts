// Where a message's chain starts: follow "sent by a run, which a message triggered" upwards to
// the first message no run of a message sent (a human's, or a plan's or service's run's), or
// to the last one the viewer can read. Bounded: a chain cannot be deeper than a space's depth
// limit allows, and MAX_CHAIN_HOPS stops a corrupt loop.
import type { Db } from "../../db/client";
import type { readableSpaces } from "./readable-spaces";

const MAX_CHAIN_HOPS = 64;

export async function findChainRoot(db: Db, from: { id: string; runId: string | null }, readable: ReturnType<typeof readableSpaces>): Promise<string> {
  let current = from;
  for (let hop = 0; hop < MAX_CHAIN_HOPS && current.runId; hop++) {
    const run = await db.run.findUnique({ where: { id: current.runId }, select: { triggerMessageId: true } });
    if (!run?.triggerMessageId) break;
    const parent = await db.message.findUnique({ where: { id: run.triggerMessageId }, select: { id: true, spaceId: true, runId: true } });
    if (!parent || !(await readable.has(parent.spaceId))) break;
    current = parent;
  }
  return current.id;
}
