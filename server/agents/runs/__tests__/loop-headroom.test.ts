// The probe behind "a busy process claims no more runs": it must see this process busy
// while it computes, and free again once it stops.
import { afterEach, describe, expect, it } from "vitest";
import { RUN_CLAIM_MAX_CPU_SHARE, RUN_CLAIM_MAX_LOOP_LAG_MS } from "@/lib/limits";
import { watchLoopHeadroom, type LoopHeadroom } from "../loop-headroom";

let headroom: LoopHeadroom | undefined;
afterEach(() => headroom?.stop());

/** Keeps the CPU busy for `ms`, yielding to timers between slices as a busy server would. */
async function busyFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const slice = performance.now() + 15;
    while (performance.now() < slice) Math.sqrt(Math.random());
    await new Promise((r) => setImmediate(r));
  }
}

describe("watchLoopHeadroom", () => {
  it("has room while idle, none while the process computes, and room again after", async () => {
    headroom = watchLoopHeadroom();
    await expect.poll(() => headroom!.hasRoom(), { timeout: 15_000 }).toBe(true);
    await busyFor(400);
    expect(headroom.hasRoom()).toBe(false);
    // Over the CPU limit, or, on a machine too loaded to give this process that much, late timers.
    const { cpuShare, lagMs } = headroom.load();
    expect(cpuShare > RUN_CLAIM_MAX_CPU_SHARE || lagMs > RUN_CLAIM_MAX_LOOP_LAG_MS, `cpu share ${cpuShare}, lag ${lagMs} ms`).toBe(true);
    await expect.poll(() => headroom!.hasRoom(), { timeout: 15_000 }).toBe(true);
  });
});
