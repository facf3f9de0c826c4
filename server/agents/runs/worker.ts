// The run worker: claims runnable runs and executes them, woken by kick() when a trigger or
// reply lands and by a tick for timeouts and runs queued by other processes. Pumps never
// overlap; a kick during a pump makes it go round once more.
import { log } from "../../log";
import type { GatewayCtx } from "../gateway-context";
import { runnableRuns } from "./claim";
import { claimRun } from "./transitions";
import { executeRun } from "./execute-run";
import { ShutdownAbort } from "./classify-error";
import { park } from "./waits";
import { appendRunEvent } from "./run-events";
import { staleRuns, takeOver } from "./lease";
import { inBackground } from "../../db/lanes";
import { RUN_CLAIM_RETRY_MS } from "@/lib/limits";
import type { LoopHeadroom } from "./loop-headroom";
import type { RunningRun } from "./running-run";

export class RunWorker {
  private pumping = false;
  private again = false;
  private readonly inflight = new Set<Promise<void>>();
  /**
   * Runs this worker claimed or took over, from then until their execution ends: one claimed
   * but not yet executing (no heartbeat yet) must not look stale to this same worker.
   */
  private readonly mine = new Set<string>();
  private pumpDone: Promise<void> = Promise.resolve();
  /** Set by stopClaiming(): no new claims, so a shutdown does not start runs it would then cut off. */
  private stopping = false;
  private retry: NodeJS.Timeout | undefined;

  /**
   * `maxInFlight`: runs this process executes at once, whatever their agents (see GatewayOptions).
   * `headroom`: past the first run in flight, a claim waits while the process is busy (loop-headroom.ts);
   * the runs it leaves stay queued, and the worker looks again RUN_CLAIM_RETRY_MS later.
   */
  constructor(
    private readonly ctx: GatewayCtx,
    private readonly maxInFlight = Number.POSITIVE_INFINITY,
    private readonly headroom?: LoopHeadroom,
  ) {}

  kick(): void {
    if (this.stopping) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    // Nobody waits on a pump or a run: their queries yield to people's on the embedded database.
    this.pumpDone = inBackground(() => this.pump());
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      do {
        this.again = false;
        const full = new Set<string>();
        // Asked before the query too: a busy process would otherwise look up the queue every
        // RUN_CLAIM_RETRY_MS only to claim nothing, adding to the load it is waiting out.
        if (!this.mayClaim()) break;
        for (const c of await runnableRuns(this.ctx)) {
          // Left queued, not refused: track() kicks again when a run ends and a place frees up.
          if (!this.mayClaim()) break;
          if (full.has(c.agentId)) continue;
          const claim = await claimRun(this.ctx, c);
          if (claim.outcome === "full") full.add(c.agentId);
          if (claim.outcome !== "claimed") continue;
          this.track(c.id, claim.run); // when it ends, track() kicks again: a slot freed up
        }
      } while (this.again && !this.stopping);
    } catch (err) {
      log.error({ err }, "run worker pump failed");
    } finally {
      this.pumping = false;
    }
  }

  /**
   * After a restart nothing executes the runs this process had in flight. Single-process
   * deployments call this on start: interrupted runs get a fresh model call, and waits
   * that were not parked yet are parked.
   */
  async recoverInterrupted(): Promise<number> {
    const stuck = await this.ctx.db.run.findMany({ where: { status: "running" }, select: { id: true } });
    const unparked = await this.ctx.db.run.findMany({ where: { status: "waiting_reply", resumeAt: null }, select: { id: true } });
    for (const r of unparked) await park(this.ctx, r.id);
    for (const r of stuck) if (!this.mine.has(r.id)) this.track(r.id);
    return stuck.length + unparked.length;
  }

  /**
   * Any process, on every tick: runs whose process died (no heartbeat) are taken over —
   * `running` ones get a fresh model call, unparked waits are parked.
   */
  async recoverStale(): Promise<number> {
    if (this.stopping) return 0;
    let n = 0;
    for (const r of await staleRuns(this.ctx)) {
      if (this.stopping || this.mine.has(r.id) || !(await takeOver(this.ctx, r))) continue;
      n++;
      if (r.status === "waiting_reply") {
        // Its call had asked and ended, but its process died before parking it.
        await appendRunEvent(this.ctx, r.id, "status", {
          status: "waiting_reply",
          reason: "taken over: the process running it stopped before parking the wait",
        });
        await park(this.ctx, r.id);
        continue;
      }
      await appendRunEvent(this.ctx, r.id, "status", { status: "running", reason: "taken over: the process running it stopped" });
      this.track(r.id);
    }
    return n;
  }

  /**
   * Whether this process may claim one more run now: a free slot, not shutting down, and past
   * the first run in flight, room to spare. Held back for lack of room, it looks again shortly.
   */
  private mayClaim(): boolean {
    if (this.inflight.size >= this.maxInFlight || this.stopping) return false;
    if (this.inflight.size === 0 || !this.headroom || this.headroom.hasRoom()) return true;
    this.retry ??= setTimeout(() => {
      this.retry = undefined;
      this.kick();
    }, RUN_CLAIM_RETRY_MS);
    return false;
  }

  /** `claimed`: the row the claim read, when this worker just claimed the run. */
  private track(runId: string, claimed?: RunningRun | null): void {
    this.mine.add(runId);
    const p = inBackground(() => executeRun(this.ctx, runId, claimed))
      .catch((err) => log.error({ err, runId }, "run execution crashed"))
      .finally(() => {
        this.mine.delete(runId);
        this.inflight.delete(p);
        this.kick();
      });
    this.inflight.add(p);
  }

  /** Resolves when nothing is executing and no pump is pending (tests, shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      await this.pumpDone;
      if (this.inflight.size === 0 && !this.pumping) return;
      // Only a pump still going is worth waiting on: a finished one's promise is settled and
      // would make this loop spin, once per turn of the event loop, until the runs end.
      await Promise.race(this.pumping ? [...this.inflight, this.pumpDone] : [...this.inflight]);
      await new Promise((r) => setImmediate(r));
    }
  }

  /** Shutdown, first step: no more claims or takeovers; runs already executing go on. */
  stopClaiming(): void {
    this.stopping = true;
    clearTimeout(this.retry);
  }

  /**
   * Shutdown: runs executing here get `ms` to finish; then the rest are aborted, and each is
   * put back for another process as it unwinds (execute-run.ts, put-back.ts). Resolves when
   * none is left.
   */
  async drain(ms: number): Promise<{ finished: number; putBack: number }> {
    this.stopClaiming();
    await this.pumpDone;
    const started = this.inflight.size;
    const all = Promise.allSettled([...this.inflight]);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([all.then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), ms)))]);
    clearTimeout(timer);
    const cut = timedOut ? [...this.ctx.executing.values()] : [];
    for (const c of cut) c.abort(new ShutdownAbort("server shutting down"));
    await all;
    return { finished: started - cut.length, putBack: cut.length };
  }
}
