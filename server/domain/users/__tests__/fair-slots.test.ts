// The hashing queue's fairness and bounds: a key that keeps the queue full gets one turn per
// round, not the slot; each key and the whole queue are bounded; a wait too long is busy.
import { describe, expect, it } from "vitest";
import { FairSlots } from "../fair-slots";

const settle = () => new Promise((r) => setImmediate(r));

describe("FairSlots", () => {
  it("gives the next slot to the key served least recently, not to the flood's next request", async () => {
    const slots = new FairSlots({ slots: 1, perKey: 1, max: 10, waitMs: 10_000 });
    const order: string[] = [];
    const take = (key: string) =>
      slots.take(key).then((release) => {
        order.push(key);
        return release;
      });
    const first = await take("flood");
    const floodNext = take("flood"); // queued first
    const member = take("member"); // queued after it, but "flood" was just served
    expect(slots.state).toEqual({ inUse: 1, waiting: 2 });
    first();
    (await member)();
    (await floodNext)();
    expect(order).toEqual(["flood", "member", "flood"]);
    expect(slots.state).toEqual({ inUse: 0, waiting: 0 });
  });

  it("refuses busy past a key's own queue and past the whole queue, and after waitMs in line", async () => {
    const slots = new FairSlots({ slots: 1, perKey: 1, max: 2, waitMs: 50 });
    const held = await slots.take("a");
    const aWaits = slots.take("a");
    await expect(slots.take("a")).rejects.toMatchObject({ code: "busy" }); // a's own queue is full
    const bWaits = slots.take("b");
    await expect(slots.take("c")).rejects.toMatchObject({ code: "busy" }); // the whole queue is full
    // Nobody releases: both waiters give up after waitMs, and leave the queue.
    await expect(aWaits).rejects.toMatchObject({ code: "busy" });
    await expect(bWaits).rejects.toMatchObject({ code: "busy" });
    expect(slots.state).toEqual({ inUse: 1, waiting: 0 });
    held();
    held(); // twice is harmless
    await settle();
    expect(slots.state).toEqual({ inUse: 0, waiting: 0 });
    (await slots.take("c"))();
  });
});
