// Where an agent's memory, goal or plan came from: the space its run was acting in and that
// run's reach. A later run sees it only when all of that reach is within its own, so what
// an agent learned for one audience is not repeated to another. Admin-made items have an
// empty reach and are visible to every run.
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
