// The outbox state machine: one state per message, rate limits and lost answers retried in
// order by themselves, refusals that a retry cannot fix failed with Retry, and the outbox
// surviving a reload.
import { beforeEach, describe, expect, it } from "vitest";
import { OUTBOX_MAX_AUTO_WAIT_S, OUTBOX_RETRY_AFTER_TIMEOUT_MS } from "@/lib/limits";
import { loadOutbox, nextInOutbox, outcomeOf, type PendingMessage, saveOutbox } from "./outbox";
import { initialState, reducer, type WorkspaceState } from "./workspace-reducer";

const msg = (id: string, extra: Partial<PendingMessage> = {}): PendingMessage => ({
  clientMessageId: id,
  spaceId: "sp",
  text: `text ${id}`,
  replyTo: null,
  status: "sending",
  ...extra,
});

const online = (): WorkspaceState => reducer(initialState("me", "sp"), { type: "connection", connection: "online" });
const send = (s: WorkspaceState, id: string) => reducer(s, { type: "pending", pending: msg(id) });
const states = (s: WorkspaceState) => s.pending.map((p) => [p.clientMessageId, p.status, p.retryAt ?? null]);

describe("what a refused send becomes", () => {
  const now = 1_000_000;
  it("rate limited: queued until the server's retryAfter", () => {
    expect(outcomeOf({ code: "rate_limited", message: "Too many requests; try again in 9 s", retryAfterS: 9 }, now)).toEqual({
      status: "queued",
      retryAt: now + 9000,
    });
  });
  it("rate limited for longer than the outbox waits by itself (a daily budget): failed", () => {
    const e = { code: "rate_limited", message: "Daily budget spent", retryAfterS: OUTBOX_MAX_AUTO_WAIT_S + 1 };
    expect(outcomeOf(e, now)).toEqual({ status: "failed", error: "Daily budget spent" });
  });
  it("no answer: tried again shortly with the same key", () => {
    expect(outcomeOf({ code: "timeout", message: "No answer" }, now)).toEqual({ status: "queued", retryAt: now + OUTBOX_RETRY_AFTER_TIMEOUT_MS });
  });
  it.each(["bad_request", "payload_too_large", "forbidden", "not_found"])("%s cannot be fixed by retrying: failed", (code) => {
    expect(outcomeOf({ code, message: "no" }, now).status).toBe("failed");
  });
});

describe("the outbox state machine", () => {
  it("a message sent online is 'sending'; its echo from the server removes it", () => {
    let s = send(online(), "a");
    expect(states(s)).toEqual([["a", "sending", null]]);
    const echo = { id: "m1", seq: 1, spaceId: "sp", clientMessageId: "a" } as never;
    s = reducer(s, { type: "message", message: echo });
    expect(s.pending).toEqual([]);
  });

  it("a rate limit queues that message and every later one until the same time, in order", () => {
    let s = send(send(send(online(), "a"), "b"), "c");
    s = reducer(s, { type: "outboxQueued", clientMessageId: "b", retryAt: 5000 });
    expect(states(s)).toEqual([
      ["a", "sending", null],
      ["b", "queued", 5000],
      ["c", "queued", 5000],
    ]);
    // A message written now waits behind them.
    s = send(s, "d");
    expect(states(s).at(-1)).toEqual(["d", "queued", 5000]);
    // Only the oldest goes next; the queued ones wait for their time.
    expect(nextInOutbox(s.pending, 0)?.message.clientMessageId).toBe("a");
    const rest = s.pending.slice(1);
    expect(nextInOutbox(rest, 2000)).toMatchObject({ message: { clientMessageId: "b" }, waitMs: 3000 });
    expect(nextInOutbox(rest, 6000)).toMatchObject({ message: { clientMessageId: "b" }, waitMs: 0 });
  });

  it("a failed message is skipped (it waits for Retry); Retry puts it back in its place as sending", () => {
    let s = send(send(online(), "a"), "b");
    s = reducer(s, { type: "pendingFailed", clientMessageId: "a", error: "Message is empty" });
    expect(nextInOutbox(s.pending, 0)?.message.clientMessageId).toBe("b");
    s = reducer(s, { type: "outboxSending", clientMessageId: "a" });
    expect(states(s)).toEqual([
      ["a", "sending", null],
      ["b", "sending", null],
    ]);
    s = reducer(s, { type: "outboxDiscard", clientMessageId: "a" });
    expect(states(s)).toEqual([["b", "sending", null]]);
  });

  it("offline: what was sending and what is written waits for the connection", () => {
    let s = send(online(), "a");
    s = reducer(s, { type: "connection", connection: "offline" });
    s = send(s, "b");
    expect(states(s)).toEqual([
      ["a", "queued", null],
      ["b", "queued", null],
    ]);
    // Back online, the oldest goes at once.
    expect(nextInOutbox(s.pending, 0)).toMatchObject({ message: { clientMessageId: "a" }, waitMs: 0 });
  });
});

describe("the outbox across a reload", () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    globalThis.localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
  });

  it("is saved per user and restored first in line, with nothing still 'sending'", () => {
    saveOutbox("me", [msg("a"), msg("b", { status: "queued", retryAt: 9000 }), msg("c", { status: "failed", error: "x" })]);
    expect(loadOutbox("someone-else")).toEqual([]);
    const restored = loadOutbox("me");
    expect(restored.map((p) => [p.clientMessageId, p.status, p.retryAt])).toEqual([
      ["a", "queued", null],
      ["b", "queued", 9000],
      ["c", "failed", undefined],
    ]);
    let s = send(online(), "d");
    s = reducer(s, { type: "outboxRestored", pending: restored });
    expect(s.pending.map((p) => p.clientMessageId)).toEqual(["a", "b", "c", "d"]);
    // Restoring twice (two effects, two tabs) never doubles an entry.
    expect(reducer(s, { type: "outboxRestored", pending: restored }).pending).toHaveLength(4);
  });

  it("an empty outbox leaves nothing behind; junk in storage is ignored", () => {
    saveOutbox("me", []);
    expect(store.size).toBe(0);
    store.set("parley:outbox:me", "{not json");
    expect(loadOutbox("me")).toEqual([]);
  });
});
