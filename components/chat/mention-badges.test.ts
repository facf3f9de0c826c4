// The mention badges in the client: a mention:new counts once it is past my cursor, reading
// past it clears it, a single space's refresh keeps the count and my notify level.
import { describe, expect, it } from "vitest";
import type { MessageDto, SpaceDto } from "@/lib/realtime/dto";
import { initialState, reducer } from "./workspace-reducer";

const space: SpaceDto = {
  id: "sp",
  name: "design",
  kind: "channel",
  topic: "",
  maxChainDepth: 5,
  dailyTokenBudget: null,
  lastSeq: 1,
  unreadCount: 0,
  lastSeenSeq: 1,
  members: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  mentionCount: 0,
  notifyLevel: "all",
  visibility: "private",
  description: "",
  archived: false,
};
const ada = { id: "ent-ada", name: "Ada", type: "human" as const, avatarColor: null };
const mention = (seq: number): MessageDto => ({
  id: `m${seq}`,
  seq,
  spaceId: "sp",
  sender: ada,
  text: "<@me> look",
  replyToMessageId: null,
  replyTo: null,
  clientMessageId: null,
  runId: null,
  origin: null,
  chainDepth: 0,
  chainStopLimit: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  editedAt: null,
  deletedAt: null,
  threadRootId: null,
  thread: null,
  reactions: [],
});

describe("mention badges", () => {
  it("count new mentions, clear when read, survive a space refresh", () => {
    let s = reducer(initialState("me", null), { type: "spaces", spaces: [space] });
    s = reducer(s, { type: "page", spaceId: "sp", messages: [mention(2)] });
    s = reducer(s, { type: "mention", message: mention(2) });
    s = reducer(s, { type: "mention", message: mention(1) });
    expect(s.spaces.sp!.mentionCount).toBe(1);
    s = reducer(s, { type: "notifyLevel", spaceId: "sp", notifyLevel: "mentions" });
    const { mentionCount: _m, notifyLevel: _n, ...refreshed } = s.spaces.sp!;
    s = reducer(s, { type: "space", space: refreshed });
    expect(s.spaces.sp).toMatchObject({ mentionCount: 1, notifyLevel: "mentions" });
    s = reducer(s, { type: "read", cursor: { spaceId: "sp", entityId: "me", lastSeenSeq: 2, lastSeenMessageId: "m2" } });
    expect(s.spaces.sp!.mentionCount).toBe(0);
  });
});
