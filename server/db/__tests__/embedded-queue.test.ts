import { describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { BACKGROUND_SHARE, LaneQueue, queued } from "../embedded-queue";
import { currentLane, inBackground } from "../lanes";

/** Holds the queue's turn until `release()` is called, so later work has to wait in line. */
function hold(queue: LaneQueue) {
  let release!: () => void;
  const held = queue.run(() => new Promise<void>((r) => (release = r)));
  return {
    release: () => {
      release();
      return held;
    },
  };
}

describe("the embedded database's queue", () => {
  it("serves people's work before background work that was waiting longer", async () => {
    const queue = new LaneQueue();
    const order: string[] = [];
    const blocker = hold(queue);
    const all = [
      inBackground(() => queue.run(async () => void order.push("agent 1"))),
      inBackground(() => queue.run(async () => void order.push("agent 2"))),
      queue.run(async () => void order.push("member 1")),
      queue.run(async () => void order.push("member 2")),
    ];
    expect(queue.depth).toEqual({ foreground: 2, background: 2 });
    await blocker.release();
    await Promise.all(all);
    expect(order).toEqual(["member 1", "member 2", "agent 1", "agent 2"]);
  });

  it(`gives background work one turn in ${BACKGROUND_SHARE} while people keep it busy`, async () => {
    expect(BACKGROUND_SHARE).toBe(4);
    const queue = new LaneQueue();
    const order: string[] = [];
    const blocker = hold(queue);
    const all = [
      ...[1, 2].map((i) => inBackground(() => queue.run(async () => void order.push(`a${i}`)))),
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => queue.run(async () => void order.push(`m${i}`))),
    ];
    await blocker.release();
    await Promise.all(all);
    expect(order).toEqual(["m1", "m2", "m3", "a1", "m4", "m5", "m6", "a2", "m7", "m8"]);
  });

  it("keeps the lane across awaits and timers, and a failed turn passes the connection on", async () => {
    const lanes = await inBackground(async () => {
      await new Promise((r) => setTimeout(r, 1));
      return currentLane();
    });
    expect(lanes).toBe("background");
    expect(currentLane()).toBe("foreground");
    const queue = new LaneQueue();
    await expect(queue.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(queue.run(async () => "next")).resolves.toBe("next");
  });

  it("lets a transaction finish before a statement that arrived during it", async () => {
    const lite = queued(await PGlite.create());
    await lite.exec("create table t (n int)");
    let inside!: () => void;
    const started = new Promise<void>((r) => (inside = r));
    const tx = lite.transaction(async (t) => {
      await t.query("insert into t values (1)");
      inside();
      await new Promise((r) => setTimeout(r, 20));
      await t.query("insert into t values (2)");
    });
    await started;
    const read = lite.query<{ c: number }>("select count(*)::int as c from t");
    await tx;
    expect((await read).rows[0]!.c).toBe(2);
    await lite.close();
  });
});
