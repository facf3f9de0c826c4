import { describe, expect, it } from "vitest";
import type { MessageDto } from "../realtime/dto";
import { applyMessageUpdates, lastEditable } from "./message-updates";

const msg = (seq: number, extra: Partial<MessageDto> = {}): MessageDto => ({
  id: `m${seq}`,
  seq,
  spaceId: "s",
  sender: { id: "a", name: "Ada", type: "human", avatarColor: null },
  text: `t${seq}`,
  replyToMessageId: null,
  replyTo: null,
  clientMessageId: null,
  runId: null,
  origin: null,
  chainDepth: 0,
  chainStopLimit: null,
  createdAt: new Date(0).toISOString(),
  editedAt: null,
  deletedAt: null,
  threadRootId: null,
  thread: null,
  reactions: [],
  ...extra,
});

describe("applyMessageUpdates", () => {
  it("replaces an edited message and the quote of it in a reply", () => {
    const reply = msg(2, { replyToMessageId: "m1", replyTo: { id: "m1", seq: 1, senderName: "Ada", text: "t1" } });
    const out = applyMessageUpdates([msg(1), reply], [msg(1, { text: "fixed", editedAt: "2026-01-01T00:00:01.000Z" })]);
    expect(out.map((m) => m.text)).toEqual(["fixed", "t2"]);
    expect(out[1]!.replyTo).toMatchObject({ text: "fixed" });
  });

  it("a deletion is final: an older edit arriving after it (a replay) changes nothing", () => {
    const deleted = msg(1, { text: "", deletedAt: "2026-01-01T00:00:02.000Z" });
    const once = applyMessageUpdates([msg(1)], [deleted]);
    const again = applyMessageUpdates(once, [msg(1, { text: "late edit", editedAt: "2026-01-01T00:00:01.000Z" })]);
    expect(again).toBe(once);
    expect(again[0]).toMatchObject({ text: "", deletedAt: expect.any(String) });
  });

  it("an older edit does not undo a newer one; unknown messages and no-ops keep the same array", () => {
    const newer = [msg(1, { text: "v2", editedAt: "2026-01-01T00:00:02.000Z" })];
    expect(applyMessageUpdates(newer, [msg(1, { text: "v1", editedAt: "2026-01-01T00:00:01.000Z" })])).toBe(newer);
    expect(applyMessageUpdates(newer, [msg(9, { text: "elsewhere" })])).toBe(newer);
  });

  it("a reply's quote of a deleted message says deleted, without its text", () => {
    const reply = msg(2, { replyToMessageId: "m1", replyTo: { id: "m1", seq: 1, senderName: "Ada", text: "secret" } });
    const [, r] = applyMessageUpdates([msg(1), reply], [msg(1, { text: "", deletedAt: "2026-01-01T00:00:02.000Z" })]);
    expect(r!.replyTo).toEqual({ id: "m1", seq: 1, senderName: "Ada", text: "", deleted: true });
  });
});

describe("lastEditable", () => {
  it("is my newest message that is neither deleted nor a system line", () => {
    const mine = { id: "a", name: "Ada", type: "human" as const, avatarColor: null };
    const other = { id: "b", name: "Ben", type: "human" as const, avatarColor: null };
    const list = [msg(1, { sender: mine }), msg(2, { sender: mine, kind: "system" }), msg(3, { sender: mine, deletedAt: "x" }), msg(4, { sender: other })];
    expect(lastEditable(list, "a")?.id).toBe("m1");
    expect(lastEditable(list, "c")).toBeNull();
  });
});
