// Connects the metrics to this process's pieces, once they exist: the gauges read its
// Socket.IO server and database on each scrape, and stored messages are counted from the
// domain bus, so the messaging domain itself knows nothing of metrics.
import type { Db } from "../db/client";
import type { DomainBus } from "../domain/bus";
import { inBackground } from "../db/lanes";
import { liveRunCounts, runQueueDepth } from "../agents/runs/run-counts";
import { metrics } from "./metrics";

export interface Watched {
  /** The Socket.IO server; its default namespace holds this process's signed-in sockets. */
  io: { of(namespace: "/"): { sockets: { size: number } } };
  db: Db;
  bus?: DomainBus;
}

/** Starts watching; the returned function stops (tests that boot several servers in one process). */
export function watchProcess(p: Watched): () => void {
  const m = metrics();
  const detach = m.watch({
    socketsConnected: () => p.io.of("/").sockets.size,
    // Nobody waits on a scrape: on the embedded database, people's queries go first.
    liveRuns: () => inBackground(() => liveRunCounts(p.db)),
    runQueueDepth: () => inBackground(() => runQueueDepth(p.db, new Date())),
  });
  const unsubscribe = p.bus?.on("message:created", (message) => m.messagesPersisted.inc({ sender: message.sender.type }));
  return () => {
    detach();
    unsubscribe?.();
  };
}
