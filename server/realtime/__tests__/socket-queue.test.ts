import { afterEach, describe, expect, it, vi } from "vitest";
import { socketQueue } from "../socket-queue";
import { MAX_PENDING_EVENTS_PER_SOCKET, REFUSALS_BEFORE_SLOWDOWN, REFUSED_EVENT_PAUSE_MS } from "@/lib/limits";

const refused = { ok: false as const, error: { code: "rate_limited", message: "Too many requests; try again in 5 s" } };
const accepted = { ok: true as const, data: null };
const settle = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => vi.useRealTimers());

describe("a socket's event queue", () => {
  it("handles one event after another, failures included", async () => {
    const queue = socketQueue(() => {});
    const log: string[] = [];
    let release!: () => void;
    queue.push(async () => {
      log.push("first starts");
      await new Promise<void>((r) => (release = r));
      log.push("first ends");
      throw new Error("first failed");
    });
    queue.push(async () => void log.push("second runs"));
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(["first starts"]);
    expect(queue.pending).toBe(2);
    release();
    await vi.waitFor(() => expect(log).toEqual(["first starts", "first ends", "second runs"]));
    expect(queue.pending).toBe(0);
  });

  it(`answers refusals past ${REFUSALS_BEFORE_SLOWDOWN} in a row ${REFUSED_EVENT_PAUSE_MS} ms apart; an accepted event ends that`, async () => {
    vi.useFakeTimers();
    const queue = socketQueue(() => {});
    let handled = 0;
    const push = (ack: typeof refused | typeof accepted, n: number) => {
      for (let i = 0; i < n; i++)
        queue.push(async () => {
          handled++;
          return ack;
        });
    };
    push(refused, REFUSALS_BEFORE_SLOWDOWN + 3);
    await settle();
    // Ten refusals go straight through; the eleventh is answered, then holds the queue.
    expect(handled).toBe(REFUSALS_BEFORE_SLOWDOWN + 1);
    await vi.advanceTimersByTimeAsync(REFUSED_EVENT_PAUSE_MS);
    expect(handled).toBe(REFUSALS_BEFORE_SLOWDOWN + 2);
    await vi.advanceTimersByTimeAsync(2 * REFUSED_EVENT_PAUSE_MS);
    expect(handled).toBe(REFUSALS_BEFORE_SLOWDOWN + 3);
    expect(queue.pending).toBe(0);

    push(accepted, 1);
    push(refused, 3);
    await settle();
    expect(handled).toBe(REFUSALS_BEFORE_SLOWDOWN + 7);
  });

  it(`disconnects (once) a client that leaves more than ${MAX_PENDING_EVENTS_PER_SOCKET} events unanswered, and queues nothing more`, async () => {
    const onOverflow = vi.fn();
    const queue = socketQueue(onOverflow);
    const started = vi.fn();
    for (let i = 0; i < MAX_PENDING_EVENTS_PER_SOCKET + 5; i++)
      queue.push(() => {
        started();
        return new Promise(() => {});
      });
    expect(onOverflow).toHaveBeenCalledTimes(1);
    expect(queue.pending).toBe(MAX_PENDING_EVENTS_PER_SOCKET);
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toHaveBeenCalledTimes(1);
  });
});
