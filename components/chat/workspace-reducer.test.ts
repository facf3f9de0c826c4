// The chat's agent indicators: drafts become the final message in one step, and a run that
// stops running (finished, failed, paused) leaves no draft and no "thinking" line behind.
import { describe, expect, it } from "vitest";
import type { MessageDto, RunDto, RunStreamDto, SpaceDto } from "@/lib/realtime/dto";
import { agentActivity, initialState, reducer } from "./workspace-reducer";

const scout = { id: "ent-scout", name: "Scout", type: "agent" as const, avatarColor: null };
const run = (status: RunDto["status"], extra: Partial<RunDto> = {}): RunDto => ({
  id: "run-1",
  agent: { ...scout, provider: "offline", modelId: "parley-offline-1" },
  status,
  triggerType: "space_message",
  triggerMessageId: "m1",
  triggerSpaceId: "sp",
  triggerEntityId: "ent-ada",
  planId: null,
  serviceName: null,
  chainDepth: 0,
  activeSpaceId: "sp",
  waitState: null,
  waitCount: 0,
  stepCount: 0,
  inputTokens: 0,
  cachedInputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  error: null,
  partialOutput: null,
  statusReason: null,
  queuedAt: "2026-01-01T00:00:00.000Z",
  startedAt: null,
  endedAt: null,
  retryOfId: null,
  ...extra,
});
const draft = (text: string): RunStreamDto => ({ runId: "run-1", spaceId: "sp", agent: scout, clientMessageId: "run:run-1:c1", text });
const message: MessageDto = {
  id: "m2",
  seq: 2,
  spaceId: "sp",
  sender: scout,
  text: "Hello there",
  replyToMessageId: null,
  replyTo: null,
  clientMessageId: "run:run-1:c1",
  runId: "run-1",
  origin: null,
  chainDepth: 0,
  chainStopLimit: null,
  createdAt: "2026-01-01T00:00:01.000Z",
  editedAt: null,
  deletedAt: null,
  threadRootId: null,
  thread: null,
  reactions: [],
};

describe("agent indicators", () => {
  it("thinking, then writing, then the draft turns into the message", () => {
    let s = reducer(initialState("me", "sp"), { type: "page", spaceId: "sp", messages: [] });
    s = reducer(s, { type: "run", run: run("running") });
    expect(agentActivity(s, "sp")).toEqual(["Scout is thinking…"]);
    s = reducer(s, { type: "draft", draft: draft("Hel") });
    s = reducer(s, { type: "draft", draft: draft("Hello the") });
    expect(Object.values(s.drafts).map((d) => d.text)).toEqual(["Hello the"]);
    expect(agentActivity(s, "sp")).toEqual(["Scout is writing…"]);
    s = reducer(s, { type: "message", message });
    expect(s.drafts).toEqual({});
    expect(s.timelines.sp!.messages.map((m) => m.text)).toEqual(["Hello there"]);
    // A late stream frame for a message already shown does not bring the draft back.
    s = reducer(s, { type: "draft", draft: draft("Hello there") });
    expect(s.drafts).toEqual({});
    s = reducer(s, { type: "run", run: run("completed") });
    expect(agentActivity(s, "sp")).toEqual([]);
  });

  it("a withdrawn draft (its message was refused) disappears and nothing replaces it", () => {
    let s = reducer(initialState("me", "sp"), { type: "page", spaceId: "sp", messages: [] });
    s = reducer(s, { type: "run", run: run("running") });
    s = reducer(s, { type: "draft", draft: draft("Here is #design's") });
    s = reducer(s, { type: "draftWithdrawn", clientMessageId: "run:run-1:c1" });
    expect(s.drafts).toEqual({});
    expect(s.timelines.sp!.messages).toEqual([]);
    expect(agentActivity(s, "sp")).toEqual(["Scout is thinking…"]);
  });

  it("a failed run leaves no draft pulsing", () => {
    let s = reducer(initialState("me", "sp"), { type: "run", run: run("running") });
    s = reducer(s, { type: "draft", draft: draft("half a sent") });
    s = reducer(s, { type: "run", run: run("failed", { error: "boom" }) });
    expect(s.drafts).toEqual({});
    expect(s.runs).toEqual({});
  });

  it("a waiting run says so; going offline clears every indicator", () => {
    let s = reducer(initialState("me", "sp"), {
      type: "run",
      run: run("waiting_reply", { waitState: { spaceId: "sp", timeoutAt: "2026-01-01T00:05:00.000Z" } }),
    });
    expect(agentActivity(s, "sp")).toEqual(["Scout is waiting for a reply"]);
    expect(agentActivity(s, "elsewhere")).toEqual([]);
    s = reducer(s, { type: "connection", connection: "offline" });
    expect(agentActivity(s, "sp")).toEqual([]);
  });
});

describe("membership news", () => {
  const ada = { id: "ent-ada", name: "Ada", type: "human" as const, avatarColor: null };
  const member = (e: typeof ada) => ({
    ...e,
    role: "member" as const,
    provider: null,
    agentId: null,
    replyMode: null,
    lastSeenSeq: 0,
    lastSeenMessageId: null,
  });
  const general: SpaceDto = {
    id: "sp",
    name: "general",
    kind: "channel",
    topic: "",
    maxChainDepth: 5,
    dailyTokenBudget: null,
    lastSeq: 0,
    unreadCount: 0,
    lastSeenSeq: 0,
    members: [member(ada)],
    createdAt: "2026-01-01T00:00:00.000Z",
    visibility: "public",
    description: "",
    archived: false,
  };

  it("a new member is merged into the space's list, once, without a refetch", () => {
    const bo = member({ id: "ent-bo", name: "Bo", type: "human", avatarColor: null });
    let s = reducer(initialState("ent-ada", "sp"), { type: "space", space: general });
    s = reducer(s, { type: "members", spaceId: "sp", added: [bo] });
    s = reducer(s, { type: "members", spaceId: "sp", added: [bo] });
    expect(s.spaces.sp!.members.map((m) => m.name)).toEqual(["Ada", "Bo"]);
    // A space this client does not show is left alone.
    expect(reducer(s, { type: "members", spaceId: "other", added: [bo] })).toBe(s);
  });

  it("being added to a channel leaves a notice until it is dismissed", () => {
    let s = reducer(initialState("me", null), { type: "added", spaceId: "sp", spaceName: "design", by: ada });
    expect(s.notices).toEqual([{ id: expect.any(String), spaceId: "sp", spaceName: "design", text: "Ada added you to #design" }]);
    s = reducer(s, { type: "dismissNotice", id: s.notices[0]!.id });
    expect(s.notices).toEqual([]);
  });
});

describe("connection", () => {
  it("an outdated protocol stays outdated: the disconnect after it does not turn into reconnecting", () => {
    const outdated = reducer({ ...initialState("me", null), connection: "online" }, { type: "connection", connection: "outdated" });
    expect(outdated.connection).toBe("outdated");
    expect(reducer(outdated, { type: "connection", connection: "offline" }).connection).toBe("outdated");
    expect(reducer(outdated, { type: "connection", connection: "online" }).connection).toBe("outdated");
  });
});

describe("unanswered messages", () => {
  it("keeps why my message woke no agent, for the newest 50 messages", () => {
    let s = initialState("me", null);
    for (let i = 0; i < 55; i++)
      s = reducer(s, {
        type: "unanswered",
        note: { spaceId: "sp", messageId: `m${i}`, agents: [{ name: "Scout", decision: "refused", reason: "reply mode is off" }] },
      });
    expect(Object.keys(s.unanswered)).toHaveLength(50);
    expect(s.unanswered.m54?.agents[0]?.reason).toBe("reply mode is off");
    expect(s.unanswered.m0).toBeUndefined();
  });
});

describe("chain stopped", () => {
  it("marks the loaded message where the server says the chain stopped, and ignores unknown ones", () => {
    let s = reducer(initialState("me", "sp"), { type: "page", spaceId: "sp", messages: [message] });
    expect(s.timelines.sp?.messages[0]?.chainStopLimit).toBeNull();
    s = reducer(s, { type: "chainStopped", spaceId: "sp", messageId: "m2", limit: 5 });
    expect(s.timelines.sp?.messages[0]?.chainStopLimit).toBe(5);
    expect(reducer(s, { type: "chainStopped", spaceId: "sp", messageId: "nope", limit: 5 })).toBe(s);
  });
});

describe("threads", () => {
  it("thread:updated sets the root's summary; a late, smaller one does not undo a newer one", () => {
    let s = reducer(initialState("me", "sp"), { type: "page", spaceId: "sp", messages: [message] });
    const two = { replyCount: 2, lastReplyAt: "2026-01-01T00:00:09.000Z", participantIds: ["a", "b"] };
    s = reducer(s, { type: "threadUpdated", spaceId: "sp", rootId: message.id, thread: two });
    expect(s.timelines.sp!.messages[0]!.thread).toEqual(two);
    s = reducer(s, { type: "threadUpdated", spaceId: "sp", rootId: message.id, thread: { ...two, replyCount: 1, participantIds: ["a"] } });
    expect(s.timelines.sp!.messages[0]!.thread).toEqual(two);
    // A root not loaded here changes nothing.
    expect(reducer(s, { type: "threadUpdated", spaceId: "sp", rootId: "other", thread: two })).toBe(s);
  });
});

describe("reactions", () => {
  it("replaces a loaded message's reactions with the list as it now is, and ignores unloaded messages", () => {
    let s = reducer(initialState("me", "sp"), { type: "page", spaceId: "sp", messages: [message] });
    const reactions = [{ emoji: "👍", count: 2, entityIds: ["me", "ben"] }];
    s = reducer(s, { type: "reactions", spaceId: "sp", messageId: message.id, reactions });
    expect(s.timelines.sp!.messages[0]!.reactions).toEqual(reactions);
    s = reducer(s, { type: "reactions", spaceId: "sp", messageId: message.id, reactions: [] });
    expect(s.timelines.sp!.messages[0]!.reactions).toEqual([]);
    expect(reducer(s, { type: "reactions", spaceId: "sp", messageId: "elsewhere", reactions })).toBe(s);
    expect(reducer(s, { type: "reactions", spaceId: "other", messageId: message.id, reactions })).toBe(s);
  });
});
