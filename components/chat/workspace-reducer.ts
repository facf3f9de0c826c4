// Client state of the workspace: spaces, loaded timelines, unsent messages, presence,
// typing, connection. Pure reducer; the socket hook (use-workspace.ts) feeds it events.
import type { QuestionDto } from "@/lib/questions/question";
import type { EntityDto, MemberDto, MessageDto, ReadCursorDto, RunDto, RunStreamDto, SpaceDto, UnansweredDto } from "@/lib/realtime/dto";
import type { ThreadSummaryDto } from "@/lib/realtime/dto";
import type { ReactionDto } from "@/lib/realtime/dto";
import { countUnread, mergeMessages } from "@/lib/client/timeline";
import { applyMessageUpdates } from "@/lib/client/message-updates";
import { isLiveStatus } from "@/lib/runs/run-status";
import { type PendingMessage, queueFrom, waitForConnection } from "./outbox";
import type { NotifyLevel } from "@/lib/mentions/notify-levels";
import { mentionsOf } from "./mention-count";

/** Notes about my unanswered messages kept in memory; older ones are dropped. */
const UNANSWERED_KEPT = 50;

export interface Timeline {
  messages: MessageDto[];
  hasMore: boolean;
  loadingOlder: boolean;
}

export type { PendingMessage } from "./outbox";

/** "Ada added you to #design": shown until dismissed or opened. */
export interface Notice {
  id: string;
  spaceId: string;
  spaceName: string;
  text: string;
}

/** Notices kept at once; older ones drop off. */
const MAX_NOTICES = 3;

export interface WorkspaceState {
  meId: string;
  spaces: Record<string, SpaceDto>;
  timelines: Record<string, Timeline>;
  pending: PendingMessage[];
  online: Record<string, true>;
  /** spaceId → entityId → name */
  typing: Record<string, Record<string, string>>;
  /** "outdated": the server speaks another protocol version; only a reload helps. */
  connection: "connecting" | "online" | "offline" | "outdated";
  entities: EntityDto[];
  activeSpaceId: string | null;
  /** Unfinished agent runs by id, for the "thinking / writing / waiting" line. */
  runs: Record<string, RunDto>;
  /** Messages agents are writing right now, by the clientMessageId the final message will carry. */
  drafts: Record<string, RunStreamDto>;
  /** My messages that woke no agent, by message id, with why (the newest UNANSWERED_KEPT). */
  unanswered: Record<string, UnansweredDto>;
  /** The last message whose trigger decisions were announced (open chain trees refresh on it). */
  lastDecided: string | null;
  notices: Notice[];
}

export type Action =
  | { type: "question"; question: QuestionDto }
  | { type: "regenerated"; spaceId: string; messageId: string }
  | { type: "spaces"; spaces: SpaceDto[] }
  | { type: "space"; space: SpaceDto }
  | { type: "spaceRemoved"; spaceId: string }
  | { type: "members"; spaceId: string; added: MemberDto[] }
  | { type: "added"; spaceId: string; spaceName: string; by: EntityDto }
  | { type: "dismissNotice"; id: string }
  | { type: "page"; spaceId: string; messages: MessageDto[]; hasMore?: boolean; older?: boolean }
  | { type: "loadingOlder"; spaceId: string }
  | { type: "message"; message: MessageDto }
  | { type: "chainStopped"; spaceId: string; messageId: string; limit: number }
  | { type: "threadUpdated"; spaceId: string; rootId: string; thread: ThreadSummaryDto }
  | { type: "read"; cursor: ReadCursorDto }
  | { type: "presence"; online: string[]; offline: string[]; all?: string[] }
  | { type: "typing"; spaceId: string; entity: EntityDto; typing: boolean }
  | { type: "pending"; pending: PendingMessage }
  | { type: "outboxRestored"; pending: PendingMessage[] }
  | { type: "outboxSending"; clientMessageId: string }
  | { type: "outboxQueued"; clientMessageId: string; retryAt: number | null }
  | { type: "outboxDiscard"; clientMessageId: string }
  | { type: "pendingFailed"; clientMessageId: string; error: string }
  | { type: "connection"; connection: WorkspaceState["connection"] }
  | { type: "entities"; entities: EntityDto[] }
  | { type: "active"; spaceId: string | null }
  | { type: "run"; run: RunDto }
  | { type: "draft"; draft: RunStreamDto }
  | { type: "draftWithdrawn"; clientMessageId: string }
  | { type: "unanswered"; note: UnansweredDto }
  | { type: "decided"; messageId: string }
  /** Messages changed (edited, deleted): their new states, live or from the reconnect catch-up. */
  | { type: "updated"; spaceId: string; messages: MessageDto[] }
  | { type: "reactions"; spaceId: string; messageId: string; reactions: ReactionDto[] }
  | { type: "mention"; message: MessageDto }
  | { type: "notifyLevel"; spaceId: string; notifyLevel: NotifyLevel };

export function initialState(meId: string, activeSpaceId: string | null): WorkspaceState {
  return {
    meId,
    spaces: {},
    timelines: {},
    pending: [],
    online: {},
    typing: {},
    connection: "connecting",
    entities: [],
    activeSpaceId,
    runs: {},
    drafts: {},
    unanswered: {},
    lastDecided: null,
    notices: [],
  };
}

const withoutPending = (pending: PendingMessage[], messages: MessageDto[]) => {
  const keys = new Set(messages.map((m) => m.clientMessageId).filter(Boolean));
  return keys.size ? pending.filter((p) => !keys.has(p.clientMessageId)) : pending;
};

function omit<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/** "Scout is thinking…", "Planner is writing…", "Critic is waiting for a reply" for one space. */
export function agentActivity(state: Pick<WorkspaceState, "runs" | "drafts">, spaceId: string): string[] {
  const writing = new Set(
    Object.values(state.drafts)
      .filter((d) => d.spaceId === spaceId)
      .map((d) => d.runId),
  );
  const lines = new Map<string, string>();
  for (const run of Object.values(state.runs)) {
    if ((run.activeSpaceId ?? run.triggerSpaceId) !== spaceId && run.waitState?.spaceId !== spaceId) continue;
    const name = run.agent.name;
    if (run.status === "running") lines.set(name, writing.has(run.id) ? `${name} is writing…` : `${name} is thinking…`);
    else if (run.status === "waiting_reply" && !lines.has(name)) lines.set(name, `${name} is waiting for a reply`);
  }
  return [...lines.values()];
}

/** One loaded message changed in place (its question, its regenerated mark); not loaded: nothing to do. */
function patchMessage(state: WorkspaceState, spaceId: string, messageId: string, patch: Partial<MessageDto>): WorkspaceState {
  const t = state.timelines[spaceId];
  if (!t?.messages.some((m) => m.id === messageId)) return state;
  const messages = t.messages.map((m) => (m.id === messageId ? { ...m, ...patch } : m));
  return { ...state, timelines: { ...state.timelines, [spaceId]: { ...t, messages } } };
}

export function reducer(state: WorkspaceState, action: Action): WorkspaceState {
  switch (action.type) {
    case "spaces":
      return { ...state, spaces: Object.fromEntries(action.spaces.map((s) => [s.id, s])) };
    case "space": {
      // A single space's refresh has no mention count or notify level: keep the ones known.
      const known = state.spaces[action.space.id];
      const kept = { mentionCount: known?.mentionCount, notifyLevel: known?.notifyLevel };
      return { ...state, spaces: { ...state.spaces, [action.space.id]: { ...kept, ...action.space } } };
    }
    case "mention": {
      const space = state.spaces[action.message.spaceId];
      if (!space || action.message.seq <= space.lastSeenSeq) return state;
      return { ...state, spaces: { ...state.spaces, [space.id]: { ...space, mentionCount: (space.mentionCount ?? 0) + 1 } } };
    }
    case "notifyLevel": {
      const space = state.spaces[action.spaceId];
      return space ? { ...state, spaces: { ...state.spaces, [space.id]: { ...space, notifyLevel: action.notifyLevel } } } : state;
    }
    case "spaceRemoved": {
      const { [action.spaceId]: _gone, ...spaces } = state.spaces;
      const { [action.spaceId]: _t, ...timelines } = state.timelines;
      return { ...state, spaces, timelines, activeSpaceId: state.activeSpaceId === action.spaceId ? null : state.activeSpaceId };
    }
    case "members": {
      const space = state.spaces[action.spaceId];
      if (!space) return state;
      const known = new Set(space.members.map((m) => m.id));
      const added = action.added.filter((m) => !known.has(m.id));
      return added.length ? { ...state, spaces: { ...state.spaces, [space.id]: { ...space, members: [...space.members, ...added] } } } : state;
    }
    case "added": {
      const notice = {
        id: `${action.spaceId}:${Date.now()}`,
        spaceId: action.spaceId,
        spaceName: action.spaceName,
        text: `${action.by.name} added you to #${action.spaceName}`,
      };
      return { ...state, notices: [...state.notices.filter((n) => n.spaceId !== action.spaceId), notice].slice(-MAX_NOTICES) };
    }
    case "dismissNotice":
      return { ...state, notices: state.notices.filter((n) => n.id !== action.id) };
    case "loadingOlder": {
      const t = state.timelines[action.spaceId];
      return t ? { ...state, timelines: { ...state.timelines, [action.spaceId]: { ...t, loadingOlder: true } } } : state;
    }
    case "page": {
      const t = state.timelines[action.spaceId] ?? { messages: [], hasMore: true, loadingOlder: false };
      const next: Timeline = {
        messages: mergeMessages(t.messages, action.messages),
        // Only a page going back in time says whether there is more before it.
        hasMore: action.older && action.hasMore !== undefined ? action.hasMore : t.messages.length === 0 ? (action.hasMore ?? false) : t.hasMore,
        loadingOlder: false,
      };
      return { ...state, timelines: { ...state.timelines, [action.spaceId]: next }, pending: withoutPending(state.pending, action.messages) };
    }
    case "message": {
      const m = action.message;
      const space = state.spaces[m.spaceId];
      const t = state.timelines[m.spaceId];
      const known = t?.messages.some((x) => x.id === m.id);
      const spaces =
        space && !known
          ? {
              ...state.spaces,
              [m.spaceId]: {
                ...space,
                // A sender has read what they wrote: the server sends no separate receipt for it.
                members: space.members.map((mb) =>
                  mb.id === m.sender.id && m.seq > mb.lastSeenSeq ? { ...mb, lastSeenSeq: m.seq, lastSeenMessageId: m.id } : mb,
                ),
                lastSeq: Math.max(space.lastSeq, m.seq),
                unreadCount: m.sender.id !== state.meId && m.seq > space.lastSeenSeq ? space.unreadCount + 1 : space.unreadCount,
              },
            }
          : state.spaces;
      const timelines = t && !known ? { ...state.timelines, [m.spaceId]: { ...t, messages: mergeMessages(t.messages, [m]) } } : state.timelines;
      const typingHere = state.typing[m.spaceId];
      const typing = typingHere?.[m.sender.id]
        ? { ...state.typing, [m.spaceId]: Object.fromEntries(Object.entries(typingHere).filter(([id]) => id !== m.sender.id)) }
        : state.typing;
      // The streamed draft becomes this message in the same render: one bubble, no jump.
      const drafts = m.clientMessageId && state.drafts[m.clientMessageId] ? omit(state.drafts, m.clientMessageId) : state.drafts;
      return { ...state, spaces, timelines, typing, drafts, pending: withoutPending(state.pending, [m]) };
    }
    case "updated": {
      const t = state.timelines[action.spaceId];
      if (!t) return state;
      const messages = applyMessageUpdates(t.messages, action.messages);
      return messages === t.messages ? state : { ...state, timelines: { ...state.timelines, [action.spaceId]: { ...t, messages } } };
    }
    case "threadUpdated": {
      // Summaries only grow: one that arrives late (another process's, after a newer one) is dropped.
      const t = state.timelines[action.spaceId];
      const root = t?.messages.find((m) => m.id === action.rootId);
      if (!t || !root || (root.thread && root.thread.replyCount > action.thread.replyCount)) return state;
      const messages = t.messages.map((m) => (m.id === action.rootId ? { ...m, thread: action.thread } : m));
      return { ...state, timelines: { ...state.timelines, [action.spaceId]: { ...t, messages } } };
    }
    case "question":
      return patchMessage(state, action.question.spaceId, action.question.messageId, { question: action.question });
    case "regenerated":
      return patchMessage(state, action.spaceId, action.messageId, { regenerated: true });
    case "chainStopped": {
      const t = state.timelines[action.spaceId];
      if (!t?.messages.some((m) => m.id === action.messageId)) return state;
      const messages = t.messages.map((m) => (m.id === action.messageId ? { ...m, chainStopLimit: action.limit } : m));
      return { ...state, timelines: { ...state.timelines, [action.spaceId]: { ...t, messages } } };
    }
    case "read": {
      const { spaceId, entityId, lastSeenSeq, lastSeenMessageId } = action.cursor;
      const space = state.spaces[spaceId];
      if (!space) return state;
      const members = space.members.map((mb) => (mb.id === entityId && lastSeenSeq > mb.lastSeenSeq ? { ...mb, lastSeenSeq, lastSeenMessageId } : mb));
      const mine = entityId === state.meId && lastSeenSeq > space.lastSeenSeq;
      const unreadCount = mine ? countUnread(state.timelines[spaceId]?.messages ?? [], lastSeenSeq, state.meId) : space.unreadCount;
      return {
        ...state,
        spaces: {
          ...state.spaces,
          [spaceId]: {
            ...space,
            members,
            lastSeenSeq: mine ? lastSeenSeq : space.lastSeenSeq,
            unreadCount: mine ? Math.min(unreadCount, space.unreadCount) : unreadCount,
            mentionCount: mine
              ? Math.min(mentionsOf(state.timelines[spaceId]?.messages ?? [], lastSeenSeq, state.meId), space.mentionCount ?? 0)
              : space.mentionCount,
          },
        },
      };
    }
    case "presence": {
      if (action.all) return { ...state, online: Object.fromEntries(action.all.map((id) => [id, true as const])) };
      const online = { ...state.online };
      for (const id of action.offline) delete online[id];
      for (const id of action.online) online[id] = true;
      return { ...state, online };
    }
    case "typing": {
      if (action.entity.id === state.meId) return state;
      const here = { ...(state.typing[action.spaceId] ?? {}) };
      if (action.typing) here[action.entity.id] = action.entity.name;
      else delete here[action.entity.id];
      return { ...state, typing: { ...state.typing, [action.spaceId]: here } };
    }
    case "pending": {
      // A new message cannot overtake the queue: behind a queued one (or offline) it is queued too.
      const ahead = state.pending.filter((p) => p.status === "queued").at(-1);
      const held = state.connection !== "online" ? null : ahead ? (ahead.retryAt ?? null) : undefined;
      const pending =
        held !== undefined && action.pending.status === "sending" ? { ...action.pending, status: "queued" as const, retryAt: held } : action.pending;
      return { ...state, pending: [...state.pending.filter((p) => p.clientMessageId !== pending.clientMessageId), pending] };
    }
    case "outboxRestored": {
      // Saved by an earlier page load: first in the queue, unless this page has them already.
      const known = new Set(state.pending.map((p) => p.clientMessageId));
      return { ...state, pending: [...action.pending.filter((p) => !known.has(p.clientMessageId)), ...state.pending] };
    }
    case "outboxSending":
      return {
        ...state,
        pending: state.pending.map((p) =>
          p.clientMessageId === action.clientMessageId ? { ...p, status: "sending", retryAt: undefined, error: undefined } : p,
        ),
      };
    case "outboxQueued":
      return { ...state, pending: queueFrom(state.pending, action.clientMessageId, action.retryAt) };
    case "outboxDiscard":
      return { ...state, pending: state.pending.filter((p) => p.clientMessageId !== action.clientMessageId) };
    case "pendingFailed":
      return {
        ...state,
        pending: state.pending.map((p) => (p.clientMessageId === action.clientMessageId ? { ...p, status: "failed", error: action.error } : p)),
      };
    case "connection":
      // Outdated stays outdated: the disconnect that follows must not turn it into "reconnecting".
      if (state.connection === "outdated") return state;
      // Offline we miss run updates, so indicators could stick: drop them; live ones come back with the next update.
      // Nothing is on its way while offline either: what was sending now waits for the connection.
      return {
        ...state,
        connection: action.connection,
        ...(action.connection === "offline" ? { typing: {}, runs: {}, drafts: {}, pending: waitForConnection(state.pending) } : {}),
      };
    case "run": {
      const { run } = action;
      const live = isLiveStatus(run.status);
      const runs = live ? { ...state.runs, [run.id]: run } : omit(state.runs, run.id);
      // A run that stops running (finished, failed, paused) leaves no draft pulsing.
      const drafts = run.status === "running" ? state.drafts : Object.fromEntries(Object.entries(state.drafts).filter(([, d]) => d.runId !== run.id));
      return { ...state, runs, drafts };
    }
    case "draft": {
      const known = state.timelines[action.draft.spaceId]?.messages.some((m) => m.clientMessageId === action.draft.clientMessageId);
      return known ? state : { ...state, drafts: { ...state.drafts, [action.draft.clientMessageId]: action.draft } };
    }
    case "draftWithdrawn":
      // The agent's message was refused: its bubble goes, and nothing replaces it.
      return state.drafts[action.clientMessageId] ? { ...state, drafts: omit(state.drafts, action.clientMessageId) } : state;
    case "decided":
      return { ...state, lastDecided: action.messageId };
    case "reactions": {
      // The whole list as it now is (reaction:updated, or the ack of my own change): replaced, not merged.
      const t = state.timelines[action.spaceId];
      if (!t?.messages.some((m) => m.id === action.messageId)) return state;
      const messages = t.messages.map((m) => (m.id === action.messageId ? { ...m, reactions: action.reactions } : m));
      return { ...state, timelines: { ...state.timelines, [action.spaceId]: { ...t, messages } } };
    }
    case "unanswered": {
      const kept = Object.entries(state.unanswered).slice(-(UNANSWERED_KEPT - 1));
      return { ...state, unanswered: { ...Object.fromEntries(kept), [action.note.messageId]: action.note } };
    }
    case "entities":
      return { ...state, entities: action.entities };
    case "active":
      return { ...state, activeSpaceId: action.spaceId };
  }
}
