// Which live events become browser notifications: a reply in a thread I follow, a question an
// agent asks me, a direct message and a mention; never my own messages, never a thread I am not
// in, never a space set to "none". The browser's Notification is replaced by a recorder.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MessageDto, SpaceDto } from "@/lib/realtime/dto";
import { initialState, reducer, type WorkspaceState } from "./workspace-reducer";
import { notifyDirect, notifyQuestion, notifyThreadReply } from "./notify-on-events";

const shown: string[] = [];
beforeEach(() => {
  shown.length = 0;
  class FakeNotification {
    static permission = "granted";
    onclick: (() => void) | null = null;
    constructor(title: string) {
      shown.push(title);
    }
  }
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("window", { Notification: FakeNotification, location: { pathname: "/spaces/elsewhere" }, focus() {} });
  vi.stubGlobal("document", { visibilityState: "hidden" });
  vi.stubGlobal("localStorage", { getItem: () => null, setItem() {}, removeItem() {} });
});
afterEach(() => vi.unstubAllGlobals());

const person = (id: string, name: string) => ({ id, name, type: "human" as const, avatarColor: null });
const me = person("me", "Me");
const ben = person("ben", "Ben");
const space = (id: string, kind: "channel" | "direct", notifyLevel: "all" | "mentions" | "none" = "all"): SpaceDto =>
  ({ id, name: id, kind, topic: "", members: [], lastSeq: 0, unreadCount: 0, lastSeenSeq: 0, notifyLevel }) as unknown as SpaceDto;
const msg = (id: string, spaceId: string, sender = ben, extra: Partial<MessageDto> = {}): MessageDto =>
  ({
    id,
    seq: 1,
    spaceId,
    sender,
    text: `text of ${id}`,
    replyTo: null,
    createdAt: new Date(0).toISOString(),
    thread: null,
    threadRootId: null,
    ...extra,
  }) as MessageDto;

function stateWith(spaces: SpaceDto[], messages: MessageDto[]): WorkspaceState {
  let s = reducer(initialState("me", null), { type: "spaces", spaces });
  for (const sp of spaces) s = reducer(s, { type: "page", spaceId: sp.id, messages: messages.filter((m) => m.spaceId === sp.id) });
  return s;
}

describe("browser notifications from live events", () => {
  it("a reply in a thread I started or replied in notifies; one in a thread I am not in, or my own, does not", () => {
    const mine = msg("root-mine", "general", me);
    const joined = msg("root-joined", "general", ben, { thread: { replyCount: 1, lastReplyAt: null, participantIds: ["me"] } });
    const other = msg("root-other", "general", ben);
    const s = stateWith([space("general", "channel")], [mine, joined, other]);
    notifyThreadReply(s, msg("r1", "general", ben, { threadRootId: "root-mine" }));
    notifyThreadReply(s, msg("r2", "general", ben, { threadRootId: "root-joined" }));
    notifyThreadReply(s, msg("r3", "general", ben, { threadRootId: "root-other" }));
    notifyThreadReply(s, msg("r4", "general", me, { threadRootId: "root-mine" }));
    expect(shown).toEqual(["Ben replied in a thread in #general", "Ben replied in a thread in #general"]);
  });

  it("a space set to none stays silent for thread replies and direct messages", () => {
    const s = stateWith([space("quiet", "channel", "none"), space("dm", "direct", "none")], [msg("root", "quiet", me)]);
    notifyThreadReply(s, msg("r", "quiet", ben, { threadRootId: "root" }));
    notifyDirect(s, msg("d", "dm"));
    expect(shown).toEqual([]);
  });

  it("an agent's question to me notifies with the agent's name", () => {
    const s = stateWith([space("general", "channel")], [msg("q", "general", person("planner", "Planner"))]);
    notifyQuestion(s, { question: { messageId: "q", spaceId: "general" }, agentName: "Planner", spaceName: "general" });
    expect(shown).toEqual(["Planner asks you in #general"]);
  });

  it("nothing shows while I look at that very space", () => {
    vi.stubGlobal("document", { visibilityState: "visible" });
    vi.stubGlobal("window", { Notification, location: { pathname: "/spaces/dm" }, focus() {} });
    notifyDirect(stateWith([space("dm", "direct")], []), msg("d", "dm"));
    expect(shown).toEqual([]);
  });
});
