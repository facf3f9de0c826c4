// Presence changes go to the workspace in batches, one event per PRESENCE_BATCH_MS instead of
// one per connect: when a thousand people arrive at once (a restart), that is a few events,
// not a thousand. Each batch says the state at send time, read from the store, so a flap
// (gone and back within the window) or two processes reporting in either order still end
// with every client holding the true state.
import { PRESENCE_BATCH_MS } from "@/lib/limits";
import { log } from "../../log";
import { OncePerWindow } from "../../limits/once-per-window";
import type { PresenceStore } from "./presence-store";

export type PresenceBatch = { online: string[]; offline: string[] };

export class PresenceBatcher {
  private readonly changed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** A Redis outage fails every batch alike: logged once a minute. */
  private readonly failures = new OncePerWindow(60_000);

  constructor(
    private readonly store: Pick<PresenceStore, "onlineAmong">,
    private readonly send: (batch: PresenceBatch) => void,
    private readonly everyMs = PRESENCE_BATCH_MS,
  ) {}

  add(entityIds: Iterable<string>): void {
    for (const id of entityIds) this.changed.add(id);
    if (this.changed.size && !this.timer) this.timer = setTimeout(() => void this.flush(), this.everyMs);
  }

  /** Sends what changed now (also the last batch on shutdown). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = [...this.changed];
    this.changed.clear();
    if (ids.length === 0) return this.flushing;
    this.flushing = this.flushing.then(async () => {
      try {
        const on = await this.store.onlineAmong(ids);
        this.send({ online: ids.filter((id) => on.has(id)), offline: ids.filter((id) => !on.has(id)) });
      } catch (err) {
        if (this.failures.first("batch")) log.warn({ err, entities: ids.length }, "presence batch failed; it goes with the next one");
        this.add(ids);
      }
    });
    return this.flushing;
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
