// Presence for one process's sockets: each socket counts once in the store when it is set up
// and once less when it closes, and every change reaches the workspace in the next batch.
import { rooms } from "@/lib/realtime/events";
import type { EventSink } from "../../domain/deps";
import { log } from "../../log";
import { OncePerWindow } from "../../limits/once-per-window";
import { PresenceBatcher } from "./presence-batcher";
import type { PresenceStore } from "./presence-store";

export class Presence {
  private readonly batcher: PresenceBatcher;
  /** Per socket: its count in the store, once made (a socket closed during setup waits for it). */
  private readonly counted = new Map<string, Promise<boolean>>();
  private readonly pending = new Set<Promise<unknown>>();
  /** During a Redis outage every connect fails alike: logged once a minute. */
  private readonly failures = new OncePerWindow(60_000);

  constructor(
    private readonly store: PresenceStore,
    events: EventSink,
  ) {
    this.batcher = new PresenceBatcher(store, (batch) => events.publish(rooms.workspace, "presence:updated", batch));
    store.onExpired((ids) => this.batcher.add(ids));
  }

  opened(socketId: string, entityId: string): Promise<void> {
    const counted = this.track(this.store.connect(entityId)).then(
      (became) => {
        if (became) this.batcher.add([entityId]);
        return true;
      },
      (err) => {
        // The store keeps its own count and writes it to Redis once Redis answers again; the
        // disconnect must still be counted against it.
        if (this.failures.first("connect")) log.warn({ err, entityId }, "presence: connect not counted in redis yet");
        return true;
      },
    );
    this.counted.set(socketId, counted);
    return counted.then(() => {});
  }

  closed(socketId: string, entityId: string): void {
    const counted = this.counted.get(socketId);
    if (!counted) return;
    this.counted.delete(socketId);
    const done = counted.then(async (was) => {
      if (!was) return;
      if (await this.store.disconnect(entityId)) this.batcher.add([entityId]);
    });
    this.track(done).catch((err) => {
      if (this.failures.first("disconnect")) log.warn({ err, entityId }, "presence: disconnect not counted in redis yet");
    });
  }

  /**
   * Who is online, for a new connection's `session:ready`. Without Redis (an outage) the
   * connection still comes up, told only of itself; the batches after Redis returns fill in
   * the rest.
   */
  async online(self: string): Promise<string[]> {
    try {
      return await this.store.online();
    } catch (err) {
      if (this.failures.first("online")) log.warn({ err }, "presence: online list unavailable");
      return [self];
    }
  }

  /** After the sockets closed: their counts are settled, the last batch sent, the store released. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    await this.batcher.flush();
    this.batcher.close();
    await this.store.close();
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => {});
    return p;
  }
}
