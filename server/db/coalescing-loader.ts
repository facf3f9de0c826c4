// Lookups by key that go to the database together when they pile up. A lone lookup goes at
// once, so a quiet server adds no latency. Under a burst (lookups arriving less than
// BURST_GAP_MS apart) the next batch lingers LINGER_MS to gather more, and lookups arriving
// while a batch is in flight wait for it; either way they go together as one query. Socket
// setup is the user: 1,000 clients reconnecting after a restart would otherwise make
// thousands of one-row queries, and on the embedded database each one waits its turn on the
// single connection.
import DataLoader from "dataloader";

/** At most this many keys in one query (an IN list this long is still one index scan). */
export const MAX_COALESCED_KEYS = 500;
/** A batch dispatched less than this long after the previous one means a burst is on. */
export const BURST_GAP_MS = 50;
/** How long a batch gathers lookups during a burst before it goes. */
export const LINGER_MS = 5;

export function coalescingLoader<K extends string, V>(fetch: (keys: readonly K[]) => Promise<Map<K, V>>, missing: V): DataLoader<K, V> {
  let inFlight: Promise<unknown> | null = null;
  let lastDispatch = Number.NEGATIVE_INFINITY;
  return new DataLoader<K, V>(
    (keys) => {
      lastDispatch = performance.now();
      const batch = fetch(keys).then((found) => keys.map((k) => (found.has(k) ? (found.get(k) as V) : missing)));
      const done = batch.catch(() => {});
      inFlight = done;
      void done.then(() => {
        if (inFlight === done) inFlight = null;
      });
      return batch;
    },
    {
      // Never cached: each lookup must read the database as it is now (a session may have ended).
      cache: false,
      maxBatchSize: MAX_COALESCED_KEYS,
      batchScheduleFn: (dispatch) => {
        if (inFlight) void inFlight.then(() => setImmediate(dispatch));
        else if (performance.now() - lastDispatch < BURST_GAP_MS) setTimeout(dispatch, LINGER_MS);
        // Idle: once this turn of the event loop has handled what arrived with this lookup.
        else setImmediate(dispatch);
      },
    },
  );
}
