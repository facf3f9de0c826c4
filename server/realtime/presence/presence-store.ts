// Who is online: a count of open sockets per entity, changed by one step per connect and
// disconnect, so presence costs O(1) however many people are connected. The embedded
// database means one process, so counts live in memory; with Redis every process adds its
// own counts to a shared total (redis-presence-store.ts).

export interface PresenceStore {
  /** One more socket for `entityId`; true when it was offline until now. */
  connect(entityId: string): Promise<boolean>;
  /** One socket less; true when that was its last one (it is offline now). */
  disconnect(entityId: string): Promise<boolean>;
  /** Which of `entityIds` are online now. */
  onlineAmong(entityIds: readonly string[]): Promise<Set<string>>;
  /** Every online entity (sent once to each new connection). */
  online(): Promise<string[]>;
  /**
   * Calls `changed` with entities whose presence changed outside connect/disconnect: a whole
   * process died, or counts were rewritten after Redis missed some (Redis only).
   */
  onExpired(changed: (entityIds: string[]) => void): void;
  /** This process's sockets count no more; stops its timers. */
  close(): Promise<void>;
}

export class MemoryPresenceStore implements PresenceStore {
  private readonly counts = new Map<string, number>();
  /** The online list, rebuilt only after a change: a burst of connects shares one array. */
  private list: string[] | null = null;

  async connect(entityId: string): Promise<boolean> {
    const n = (this.counts.get(entityId) ?? 0) + 1;
    this.counts.set(entityId, n);
    if (n === 1) this.list = null;
    return n === 1;
  }

  async disconnect(entityId: string): Promise<boolean> {
    const n = (this.counts.get(entityId) ?? 0) - 1;
    if (n > 0) {
      this.counts.set(entityId, n);
      return false;
    }
    const was = this.counts.delete(entityId);
    this.list = null;
    return was;
  }

  async onlineAmong(entityIds: readonly string[]): Promise<Set<string>> {
    return new Set(entityIds.filter((id) => this.counts.has(id)));
  }

  async online(): Promise<string[]> {
    this.list ??= [...this.counts.keys()];
    return this.list;
  }

  onExpired(): void {}

  async close(): Promise<void> {
    this.counts.clear();
    this.list = null;
  }
}
