// A run's reach: the spaces whose content may flow into what the run reads and posts. It
// stops an agent from being used as a confused deputy — a member asking an agent to read a
// space the member cannot read. This module is the one owner of the rules:
//   - a human's message: the spaces that human and the agent are both members of;
//   - an agent's message: the sending run's reach ∩ this agent's spaces (a chain never widens);
//   - a plan: the reach of the run that made the plan, stored with it;
//   - a service trigger: the key's list of spaces, within the agent's and (as of the trigger)
//     those of the admin who made the key; an old key without a list: what those two share.
// Tools refuse spaces outside the reach, and the context never mentions them.
import type { Db } from "../../db/client";
import { AppError } from "../../domain/errors";

export type Reach = readonly string[];

/** The error a tool gives for a space outside the reach. It names no space, so the refusal leaks nothing. */
export const outOfReach = () => new AppError("not_found", "That space is not available in this run: the person or service you are acting for cannot see it.");

export const inReach = (reach: Reach, spaceId: string | null | undefined): spaceId is string => !!spaceId && reach.includes(spaceId);

export { reachCovers } from "../../domain/agents/provenance";

export const intersect = (a: Reach, b: Reach): string[] => a.filter((s) => b.includes(s));

/** The memberships that count towards reach (spaces not archived), as a Prisma relation query; spacesOf reads them. */
export const reachMemberships = { where: { space: { archivedAt: null } }, select: { spaceId: true } } as const;

export async function spacesOf(db: Pick<Db, "membership">, entityId: string): Promise<string[]> {
  const rows = await db.membership.findMany({ where: { entityId, ...reachMemberships.where }, select: reachMemberships.select });
  return rows.map((r) => r.spaceId);
}

type Sent = { spaceId: string; sender: { id: string; type: "human" | "agent" }; runId: string | null };

/**
 * Who a run acting on `m` works for, in one read:
 * - `reach`, what the sender may see: a human's spaces; for an agent, the reach of the run
 *   that sent it (one posted outside a run: only its own space). A run acting on `m` must
 *   stay within it.
 * - `requesterId`, whom it acts for: the human who wrote it, or the human its sending run
 *   acted for.
 */
export async function senderScope(db: Db, m: Sent): Promise<{ reach: string[]; requesterId: string | null }> {
  if (m.sender.type === "human") return { reach: await spacesOf(db, m.sender.id), requesterId: m.sender.id };
  const parent = m.runId ? await db.run.findUnique({ where: { id: m.runId }, select: { reach: true, requesterId: true } }) : null;
  return parent ? { reach: parent.reach, requesterId: parent.requesterId } : { reach: [m.spaceId], requesterId: null };
}

/** The reach of a run triggered by a message: the agent's spaces (spacesOf) within its sender's reach (senderScope). */
export const reachForMessage = (agentSpaces: Reach, senderReach: Reach): string[] => intersect(agentSpaces, senderReach);

/**
 * The reach of a service-triggered run: the agent's spaces within the key's list, and within
 * the spaces of the admin who made the key as they are now (like a plan an admin made), so a
 * key never reaches a channel its maker has left. A key made before every key had a list
 * reaches what the agent shares with its maker; one with neither a list nor a known maker,
 * nothing. A key from `npm run agent-key` (no maker) reaches its list. `key` null: no key at
 * all (an admin's test trigger): the agent's spaces, which the caller narrows to the admin's own.
 */
export async function reachForService(
  db: Db,
  agentEntityId: string,
  key: { spaceIds: readonly string[]; createdById: string | null } | null,
): Promise<string[]> {
  const agentSpaces = await spacesOf(db, agentEntityId);
  if (!key) return agentSpaces;
  const maker = key.createdById ? await spacesOf(db, key.createdById) : null;
  const listed = key.spaceIds.length ? intersect(agentSpaces, key.spaceIds) : maker ? agentSpaces : [];
  return maker ? intersect(listed, maker) : listed;
}

/** A tool may touch `spaceId` only when it is in reach and the agent is (still) a member. */
export function requireInReach(reach: Reach, spaceId: string): void {
  if (!inReach(reach, spaceId)) throw outOfReach();
}

/**
 * Prisma filter for the agent's runs a run with `reach` may see (ACTIVE RUNS, get_my_runs,
 * stop_run): itself, and runs triggered in — or, without a trigger space, acting in — a space in reach.
 */
export const runsWithin = (reach: Reach, thisRunId: string) => ({
  OR: [{ id: thisRunId }, { triggerSpaceId: { in: [...reach] } }, { triggerSpaceId: null, activeSpaceId: { in: [...reach] } }],
});

/**
 * `reach` as it stands now: a requester who has left a space since (or the run was queued,
 * or the plan made) no longer reaches it through the agent. Only ever narrows.
 */
export async function currentReach(db: Db, reach: Reach, requesterId: string | null): Promise<string[]> {
  if (!requesterId) return [...reach];
  return intersect(reach, await spacesOf(db, requesterId));
}
