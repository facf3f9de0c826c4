// This process broadcasts a space's new messages in seq order. Each send is one statement on
// a pooled connection, so two concurrent sends in a space can finish in either order even
// though the row lock gave them consecutive seqs. A finished send waits for the sends of the
// same space still running in this process (they raced it for the lock, so they are about to
// finish too), then publishes every finished message up to its own seq, lowest first.
// Messages from other processes arrive through Redis in their own order; clients merge by seq.
interface SpaceSends {
  running: Set<Promise<unknown>>;
  /** Finished, not yet published: seq → publish. */
  ready: Map<number, () => void>;
}

const spaces = new Map<string, SpaceSends>();

export async function insertInSeqOrder<T extends { seq: number }>(
  spaceId: string,
  insert: () => Promise<T | null>,
  publish: (row: T) => void,
): Promise<T | null> {
  let s = spaces.get(spaceId);
  if (!s) spaces.set(spaceId, (s = { running: new Set(), ready: new Map() }));
  const sends = s;
  const p = insert();
  sends.running.add(p);
  try {
    let row: T | null;
    try {
      row = await p;
    } finally {
      sends.running.delete(p);
    }
    if (row) {
      const mine = row;
      sends.ready.set(mine.seq, () => publish(mine));
      // Their continuations were queued before this wait's, so each lands in `ready` first.
      if (sends.running.size) await Promise.allSettled([...sends.running]);
      for (const seq of [...sends.ready.keys()].sort((a, b) => a - b)) {
        if (seq > mine.seq) break;
        sends.ready.get(seq)!();
        sends.ready.delete(seq);
      }
    }
    return row;
  } finally {
    // A failed insert (a duplicate key) leaves nothing behind either.
    if (sends.running.size === 0 && sends.ready.size === 0 && spaces.get(spaceId) === sends) spaces.delete(spaceId);
  }
}
