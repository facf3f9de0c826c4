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
