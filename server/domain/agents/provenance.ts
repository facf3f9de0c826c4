// Where an agent's memory, goal or plan came from: the space its run was acting in and that
// run's reach. A later run sees it only when all of that reach is within its own, so what
// an agent learned for one audience is not repeated to another. Admin-made items have an
// empty reach and are visible to every run.
import type { Actor } from "../deps";

export interface Provenance {
  originSpaceId: string | null;
  reach: string[];
  /** The human the maker acted for (plans keep it, so their runs follow that person's access). */
  requesterId?: string | null;
  /** The run making the change, for the audit log (absent for admins and scripts). */
  runId?: string;
}

/** Made by an admin (or a script): visible to every run of the agent. */
export const ADMIN_PROVENANCE: Provenance = { originSpaceId: null, reach: [] };

/** True when everything in `inner` is in `outer`. */
export const reachCovers = (outer: readonly string[], inner: readonly string[]): boolean => inner.every((s) => outer.includes(s));

/** Filter for rows a run with reach `within` may see; `undefined` (admin views) sees all. */
export const visibleWithin =
  (within: readonly string[] | undefined) =>
  (row: { reach: string[] }): boolean =>
    !within || reachCovers(within, row.reach);

/**
 * Who acts on an agent's memories, goals and plans. A plain Actor (an admin, a script) sees
 * all of them, and what it writes is visible to every run. One of the agent's runs adds
 * `run`, its provenance: it sees and changes only what that reach covers, and what it
 * writes carries that provenance. Who may act at all is the caller's check (admin-only
 * HTTP, or the agent's own run).
 */
export type AgentActor = Actor & { run?: Provenance };

/** The provenance an actor's writes carry. */
export const writerProvenance = (actor: AgentActor): Provenance => actor.run ?? ADMIN_PROVENANCE;

/** The reach limiting what an actor sees; undefined for admins and scripts (they see all). */
export const readerReach = (actor: AgentActor): readonly string[] | undefined => actor.run?.reach;

/**
 * An item's reach as its scope: sorted bytewise (as the migration's backfill, COLLATE "C"),
 * comma-joined. Memory keys and plan names are unique per agent and scope, so a run whose
 * reach does not cover an item with a name creates its own under that name: it is never told
 * the name is taken (which would reveal a hidden item) and never overwrites it.
 */
export const scopeOf = (reach: readonly string[]): string => [...reach].sort().join(",");

/**
 * Why a run may not change an item it can see, or null when it may. An item an admin created
 * or last edited is the admin's. A run changes only items made for exactly its own reach: an
 * update keeps the item's reach, so a wider run writing into a narrower item would carry what
 * it read to an audience that cannot read it. Deleting carries nothing, so only the first applies.
 */
export function refusalToChange(run: Provenance, item: { reach: string[]; adminOwned: boolean }, kind: "memory" | "goal" | "plan"): string | null {
  if (item.adminOwned) return `an admin set this ${kind}; it is read-only to agents`;
  if (scopeOf(item.reach) !== scopeOf(run.reach))
    return `this ${kind} was made for a different audience than this run acts for; make a new one${kind === "goal" ? "" : " under another name"} or delete it`;
  return null;
}
