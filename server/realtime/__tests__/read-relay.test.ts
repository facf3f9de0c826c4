// The receipt throttle on its own, on a fake clock: first at once, then the latest per window.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ReadRelay } from "../read-relay";
import type { ReadCursorDto } from "@/lib/realtime/dto";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const cursor = (entityId: string, seq: number): ReadCursorDto => ({ spaceId: "s", entityId, lastSeenSeq: seq, lastSeenMessageId: `m${seq}` });

it("sends the first cursor at once and folds a burst into one trailing event with the furthest cursor", () => {
  const sent: [string, number][] = [];
  const relay = new ReadRelay(
    (_room, c) => sent.push([c.entityId, c.lastSeenSeq]),
    250,
    () => Date.now(),
  );
  relay.relay("space:s", cursor("bob", 1));
  expect(sent).toEqual([["bob", 1]]);
  for (const seq of [2, 5, 3, 4]) relay.relay("space:s", cursor("bob", seq));
  relay.relay("space:s", cursor("carol", 7)); // another reader is not held by Bob's window
  expect(sent).toEqual([
    ["bob", 1],
    ["carol", 7],
  ]);
  vi.advanceTimersByTime(250);
  expect(sent).toEqual([
    ["bob", 1],
    ["carol", 7],
    ["bob", 5],
  ]);
  vi.advanceTimersByTime(1000);
  relay.relay("space:s", cursor("bob", 6)); // a quiet reader's next move goes out at once again
  expect(sent.at(-1)).toEqual(["bob", 6]);
});

it("flush sends what is waiting (shutdown loses no receipt)", () => {
  const sent: number[] = [];
  const relay = new ReadRelay(
    (_room, c) => sent.push(c.lastSeenSeq),
    250,
    () => Date.now(),
  );
  relay.relay("space:s", cursor("bob", 1));
  relay.relay("space:s", cursor("bob", 2));
  relay.flush();
  expect(sent).toEqual([1, 2]);
  vi.advanceTimersByTime(1000);
  expect(sent).toEqual([1, 2]);
});
