import { describe, expect, it } from "vitest";
import type { MessageDto } from "../realtime/dto";
import { contiguousEnd, countUnread, firstUnreadSeq, mergeMessages, readMarkers } from "./timeline";

const msg = (seq: number, sender = "a"): MessageDto => ({
  id: `m${seq}`,
  seq,
  spaceId: "s",
  sender: { id: sender, name: sender, type: "human", avatarColor: null },
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
});

describe("mergeMessages", () => {
  it("appends in order", () => {
    expect(mergeMessages([msg(1), msg(2)], [msg(3), msg(4)]).map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });
  it("drops duplicates and sorts out-of-order arrivals", () => {
    const merged = mergeMessages([msg(1), msg(3)], [msg(3), msg(2), msg(5), msg(1)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 5]);
  });
  it("prepends an older page", () => {
    expect(mergeMessages([msg(5), msg(6)], [msg(3), msg(4)]).map((m) => m.seq)).toEqual([3, 4, 5, 6]);
  });
});

describe("unread", () => {
  const list = [msg(1, "me"), msg(2, "b"), msg(3, "me"), msg(4, "b")];
  it("the divider goes at the first message from someone else after my cursor", () => {
    expect(firstUnreadSeq(list, 1, "me")).toBe(2);
    expect(firstUnreadSeq(list, 2, "me")).toBe(4);
    expect(firstUnreadSeq(list, 4, "me")).toBeNull();
  });
  it("counts only others' messages", () => expect(countUnread(list, 1, "me")).toBe(2));
});

describe("readMarkers", () => {
  it("puts each member at the newest loaded message at or before their cursor", () => {
    const members = [
      {
        id: "b",
        name: "B",
        type: "human" as const,
        avatarColor: null,
        provider: null,
        agentId: null,
        replyMode: null,
        role: "member" as const,
        lastSeenSeq: 3,
        lastSeenMessageId: "m3",
      },
      {
        id: "p",
        name: "P",
        type: "agent" as const,
        avatarColor: null,
        provider: null,
        agentId: null,
        replyMode: null,
        role: "member" as const,
        lastSeenSeq: 10,
        lastSeenMessageId: "m10",
      },
      {
        id: "me",
        name: "Me",
        type: "human" as const,
        avatarColor: null,
        provider: null,
        agentId: null,
        replyMode: null,
        role: "member" as const,
        lastSeenSeq: 4,
        lastSeenMessageId: "m4",
      },
    ];
    const markers = readMarkers([msg(2), msg(3), msg(4)], members, "me");
    expect(markers.get("m3")?.map((m) => m.id)).toEqual(["b"]);
    expect(markers.get("m4")?.map((m) => m.id)).toEqual(["p"]);
  });
  it("shows no marker on a member's own message", () => {
    const author = {
      id: "a",
      name: "A",
      type: "human" as const,
      avatarColor: null,
      provider: null,
      agentId: null,
      replyMode: null,
      role: "member" as const,
      lastSeenSeq: 2,
      lastSeenMessageId: "m2",
    };
    expect(readMarkers([msg(1), msg(2)], [author], "me").size).toBe(0);
  });
});

describe("contiguousEnd", () => {
  it("stops before the first hole, so catch-up after a reconnect cannot skip missed messages", () => {
    expect(contiguousEnd([])).toBe(0);
    expect(contiguousEnd([msg(3), msg(4), msg(5)])).toBe(5);
    // 6–8 were missed while offline; 9 arrived live before the catch-up ran.
    expect(contiguousEnd([msg(3), msg(4), msg(5), msg(9)])).toBe(5);
  });
});
