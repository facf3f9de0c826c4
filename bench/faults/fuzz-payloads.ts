// Socket events a confused or hostile client might send: known events with random or
// slightly wrong payloads (and some right ones, with real ids), unknown events, odd
// argument lists, binary, large and oversized frames. Deterministic from a seed.
import type { ClientToServerEvents } from "@/lib/realtime/events";
import { MAX_BODY_BYTES } from "@/lib/limits";

/** Every event the server handles; a Record, so the compiler notices a new one missing. */
const KNOWN: Record<keyof ClientToServerEvents, true> = {
  "message:send": true,
  "messages:history": true,
  "messages:since": true,
  "read:mark": true,
  "typing:set": true,
  "spaces:list": true,
  "space:join": true,
  "space:create": true,
  "space:direct": true,
  "space:addMembers": true,
  "space:removeMember": true,
  "space:leave": true,
  "space:rename": true,
  "entities:list": true,
  "message:edit": true,
  "message:delete": true,
  "messages:changed": true,
  "space:update": true,
  "space:archive": true,
  "channels:browse": true,
  "space:joinPublic": true,
  "space:group": true,
  "thread:get": true,
  "threads:list": true,
  "thread:read": true,
  "reaction:add": true,
  "reaction:remove": true,
  "question:answer": true,
  "run:stop": true,
  "run:regenerate": true,
  "run:steps": true,
  "mentions:list": true,
  "space:notify": true,
  "search:query": true,
  "messages:around": true,
};
export const KNOWN_EVENTS = Object.keys(KNOWN);

/** Names the client library refuses to emit (its own lifecycle events). */
const CLIENT_RESERVED = new Set(["connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener"]);
const UNKNOWN_EVENTS = [
  "message:purge",
  "admin:all",
  "error",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "",
  "space:",
  "message:send ",
  "MESSAGE:SEND",
];

export interface FuzzEvent {
  event: string;
  known: boolean;
  args: unknown[];
  withAck: boolean;
  /** Larger than the server accepts in one frame: the server closes the connection instead of answering. */
  oversize: boolean;
}

/** Real ids the payloads may use, so some events get past validation into the domain. */
export interface FuzzIds {
  spaceId: string;
  entityIds: string[];
  messageIds: string[];
}

export function rng(seed: number): () => number {
  // mulberry32
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fuzzEvents(count: number, seed: number, ids: FuzzIds): FuzzEvent[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const int = (max: number) => Math.floor(r() * max);

  const str = (): string => {
    switch (int(8)) {
      case 0:
        return "";
      case 1:
        return " \n\t ";
      case 2:
        return "x".repeat(int(5000));
      case 3:
        return "é😀\u0000\u202e<script>alert(1)</script>";
      case 4:
        return pick([...ids.entityIds, ids.spaceId, ...ids.messageIds, "__proto__", "constructor"]);
      case 5:
        return "a".repeat(63 + int(3)); // around the id limit (64)
      default:
        return Math.random()
          .toString(36)
          .slice(2, 2 + int(20));
    }
  };
  const num = (): number => pick([0, -1, 1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), Number.MAX_VALUE, Number.NaN, Number.POSITIVE_INFINITY, int(1000)]);
  const value = (depth: number): unknown => {
    switch (int(depth > 3 ? 5 : 8)) {
      case 0:
        return null;
      case 1:
        return r() < 0.5;
      case 2:
        return num();
      case 3:
      case 4:
        return str();
      case 5:
        return Array.from({ length: int(6) }, () => value(depth + 1));
      case 6: {
        const o: Record<string, unknown> = {};
        for (let i = int(6); i > 0; i--)
          o[
            pick([
              "spaceId",
              "text",
              "afterSeq",
              "beforeSeq",
              "limit",
              "typing",
              "name",
              "memberIds",
              "entityIds",
              "entityId",
              "lastMessageId",
              "clientMessageId",
              "__proto__",
              "constructor",
              str(),
            ])
          ] = value(depth + 1);
        return o;
      }
      default:
        return Array.from({ length: 200 + int(800) }, () => ({ a: [1, [2, [3]]] })); // wide
    }
  };
  // The event's real shape, with a field or two wrong (or none).
  const nearValid = (event: string): Record<string, unknown> => {
    const base: Record<string, unknown> = {
      spaceId: ids.spaceId,
      text: `fuzz ${int(1e6)}`,
      clientMessageId: `fuzz-${int(1e9)}`,
      afterSeq: int(50),
      beforeSeq: 1 + int(50),
      limit: 1 + int(200),
      lastMessageId: pick(ids.messageIds.length ? ids.messageIds : ["m"]),
      typing: r() < 0.5,
      name: `fuzz-${int(1e6)}`,
      topic: str(),
      memberIds: [pick(ids.entityIds)],
      entityIds: [pick(ids.entityIds)],
      entityId: pick(ids.entityIds),
    };
    if (event === "space:removeMember") base.entityId = `nobody-${int(100)}`; // never remove the fuzzers themselves
    for (let i = int(3); i > 0; i--) base[pick(Object.keys(base))] = value(2);
    return base;
  };

  const events: FuzzEvent[] = [];
  for (let i = 0; i < count; i++) {
    const known = r() < 0.75;
    let event = known ? pick(KNOWN_EVENTS) : r() < 0.5 ? pick(UNKNOWN_EVENTS) : str().slice(0, 2000);
    if (CLIENT_RESERVED.has(event)) event = `${event}!`;
    const withAck = r() < 0.7;
    let oversize = false;
    let args: unknown[];
    const shape = r();
    if (shape < 0.4) args = [nearValid(event)];
    else if (shape < 0.85) args = [value(0)];
    else if (shape < 0.9) args = [Buffer.from(Array.from({ length: int(4096) }, () => int(256)))];
    else if (shape < 0.93) args = [{ spaceId: ids.spaceId, text: "y".repeat(10_000 + int(40_000)) }];
    else if (shape < 0.94) {
      args = [{ spaceId: ids.spaceId, text: "z".repeat(MAX_BODY_BYTES + 1024) }];
      oversize = true;
    } else if (shape < 0.97) args = [];
    else args = [value(1), value(1), value(1)];
    // Wide random values can also pass the frame limit by themselves.
    if (JSON.stringify([event, ...args]).length > MAX_BODY_BYTES) oversize = true;
    events.push({ event, known: Object.hasOwn(KNOWN, event), args, withAck, oversize });
  }
  return events;
}
