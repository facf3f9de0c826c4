"use client";
// Connects the socket, keeps the workspace state in sync with the server, and exposes
// the actions the UI needs. Reconnects replay exactly the missed messages by seq, and the
// outbox (outbox.ts) re-sends with each message's idempotency key, so nothing is lost or doubled.
import { notifyDirect, notifyMention, notifyQuestion, notifyThreadReply } from "./notify-on-events";
import type { NotifyLevel } from "@/lib/mentions/notify-levels";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { MessageDto, SpaceVisibility } from "@/lib/realtime/dto";
import { connectSocket, request, RequestError, type ClientSocket } from "@/lib/client/socket";
import { MAX_CHANGED_RANGE, READ_RECEIPT_DEBOUNCE_MS } from "@/lib/limits";
import { PROTOCOL_VERSION } from "@/lib/realtime/events";
import { contiguousEnd } from "@/lib/client/timeline";
import { initialState, reducer, type PendingMessage, type WorkspaceState } from "./workspace-reducer";
import { loadOutbox, nextInOutbox, outcomeOf, saveOutbox } from "./outbox";
import { threadActions } from "./thread-actions";
import { jumpToMessage } from "./jump-to-message";
import type { z } from "zod";
import type { searchInput } from "@/lib/realtime/events";

export function useWorkspace(meId: string, initialSpaceId: string | null) {
  const [state, dispatch] = useReducer(reducer, initialState(meId, initialSpaceId));
  const socketRef = useRef<ClientSocket | null>(null);
  // The same socket, as state: for feature hooks that listen on it (failure notes).
  const [socket, setSocket] = useState<ClientSocket | null>(null);
  const stateRef = useRef<WorkspaceState>(state);
  stateRef.current = state;
  const readTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const loadLatest = useCallback(async (spaceId: string) => {
    const socket = socketRef.current;
    if (!socket) return;
    const page = await request(socket, "messages:history", { spaceId });
    dispatch({ type: "page", spaceId, messages: page.messages, hasMore: page.hasMore, older: true });
  }, []);

  // The outbox goes out one message at a time, oldest first, only once the session is ready
  // (rooms joined, catch-up done). `sendGeneration` changes on every disconnect, so an answer
  // that comes back for a request of an older connection cannot requeue a message twice.
  const sessionReady = useRef(false);
  const inFlight = useRef<string | null>(null);
  const sendGeneration = useRef(0);
  const outboxTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [outboxTick, nudgeOutbox] = useReducer((n: number) => n + 1, 0);

  const pumpOutbox = useCallback(() => {
    clearTimeout(outboxTimer.current);
    const socket = socketRef.current;
    if (!socket?.connected || !sessionReady.current || inFlight.current) return;
    const next = nextInOutbox(stateRef.current.pending, Date.now());
    if (!next) return;
    if (next.waitMs > 0) {
      outboxTimer.current = setTimeout(nudgeOutbox, next.waitMs);
      return;
    }
    const p = next.message;
    const generation = sendGeneration.current;
    inFlight.current = p.clientMessageId;
    dispatch({ type: "outboxSending", clientMessageId: p.clientMessageId });
    request(socket, "message:send", { spaceId: p.spaceId, text: p.text, clientMessageId: p.clientMessageId, replyToMessageId: p.replyTo?.id })
      .then(({ message }) => dispatch({ type: "message", message }))
      .catch((e: RequestError) => {
        if (generation !== sendGeneration.current) return;
        const outcome = outcomeOf(e, Date.now());
        if (outcome.status === "queued") dispatch({ type: "outboxQueued", clientMessageId: p.clientMessageId, retryAt: outcome.retryAt });
        else dispatch({ type: "pendingFailed", clientMessageId: p.clientMessageId, error: outcome.error });
      })
      .finally(() => {
        if (inFlight.current === p.clientMessageId && generation === sendGeneration.current) inFlight.current = null;
        // A render first, so the next pass reads the state this answer produced.
        nudgeOutbox();
      });
  }, []);

  // Every change to the outbox or the connection, and every timer, looks for what can go now.
  useEffect(() => pumpOutbox(), [state.pending, state.connection, outboxTick, pumpOutbox]);

  // The outbox outlives the page: restored on load, saved on every change.
  const outboxRestored = useRef(false);
  useEffect(() => {
    dispatch({ type: "outboxRestored", pending: loadOutbox(meId) });
    outboxRestored.current = true;
  }, [meId]);
  useEffect(() => {
    if (outboxRestored.current) saveOutbox(meId, state.pending);
  }, [meId, state.pending]);

  useEffect(() => {
    const socket = connectSocket();
    socketRef.current = socket;
    setSocket(socket);
    // A handle for debugging from the console and for the reconnect end-to-end test.
    (window as unknown as { parleySocket?: ClientSocket }).parleySocket = socket;
    let firstConnect = true;

    // Catching up on one space: ask for what came after the end of its unbroken run of seqs
    // (live messages may already have landed past a hole), page by page. One at a time per space.
    // A hole found while one is running asks for one more round after it.
    const catchingUp = new Map<string, { again: boolean }>();
    async function catchUp(spaceId: string) {
      const running = catchingUp.get(spaceId);
      if (running) {
        running.again = true;
        return;
      }
      const state = { again: false };
      catchingUp.set(spaceId, state);
      try {
        do {
          state.again = false;
          let after = contiguousEnd(stateRef.current.timelines[spaceId]?.messages ?? []);
          for (;;) {
            const page = await request(socket, "messages:since", { spaceId, afterSeq: after });
            dispatch({ type: "page", spaceId, messages: page.messages });
            if (!page.hasMore || page.messages.length === 0) break;
            after = page.messages.at(-1)!.seq;
          }
        } while (state.again);
      } finally {
        catchingUp.delete(spaceId);
      }
    }

    // Edits and deletions missed while away keep their seqs, so seq replay cannot show them:
    // the loaded range is asked for its changed messages, MAX_CHANGED_RANGE seqs at a time.
    async function catchUpChanges(spaceId: string) {
      const loaded = stateRef.current.timelines[spaceId]?.messages ?? [];
      if (loaded.length === 0) return;
      const last = loaded.at(-1)!.seq;
      for (let from = loaded[0]!.seq; from <= last; from += MAX_CHANGED_RANGE) {
        const { messages } = await request(socket, "messages:changed", { spaceId, fromSeq: from, toSeq: Math.min(last, from + MAX_CHANGED_RANGE - 1) });
        if (messages.length) dispatch({ type: "updated", spaceId, messages });
      }
    }

    // After a reconnect every loaded timeline catches up, then the outbox goes out again
    // with the same keys.
    async function resync() {
      const { spaces } = await request(socket, "spaces:list", {});
      dispatch({ type: "spaces", spaces });
      for (const spaceId of Object.keys(stateRef.current.timelines)) {
        if (spaces.some((s) => s.id === spaceId)) {
          await catchUp(spaceId);
          await catchUpChanges(spaceId);
        }
      }
    }

    socket.on("connect", () => dispatch({ type: "connection", connection: "online" }));
    // Loading and replay wait for session:ready: the server sends it once this socket is in
    // its rooms, so nothing sent in between is missed.
    function ready() {
      if (firstConnect) {
        firstConnect = false;
        void request(socket, "spaces:list", {}).then(({ spaces }) => dispatch({ type: "spaces", spaces }));
        void request(socket, "entities:list", {}).then(({ entities }) => dispatch({ type: "entities", entities }));
        const active = stateRef.current.activeSpaceId;
        if (active) void loadLatest(active).catch(() => {});
        sessionReady.current = true;
        nudgeOutbox();
      } else {
        void resync()
          .catch(() => {})
          .finally(() => {
            sessionReady.current = true;
            nudgeOutbox();
          });
      }
    }
    socket.on("disconnect", (reason) => {
      sessionReady.current = false;
      sendGeneration.current++;
      inFlight.current = null;
      dispatch({ type: "connection", connection: "offline" });
      // The server closed us on purpose (signed out elsewhere, token revoked): try once more;
      // a dead session then fails the handshake and connect_error sends us to sign-in.
      if (reason === "io server disconnect") setTimeout(() => socketRef.current === socket && socket.connect(), 1000);
    });
    socket.on("connect_error", (err) => {
      dispatch({ type: "connection", connection: "offline" });
      if (err.message === "unauthorized") window.location.assign("/signin");
    });
    socket.on("session:ready", ({ protocol, online }) => {
      // A server on another protocol (deployed while this tab was open) would misread our
      // events: stop, and ask for a reload instead of sending anything more.
      if (protocol !== PROTOCOL_VERSION) {
        dispatch({ type: "connection", connection: "outdated" });
        socket.disconnect();
        return;
      }
      dispatch({ type: "presence", online: [], offline: [], all: online });
      ready();
    });
    socket.on("message:new", ({ message }) => {
      // A seq past the end of a loaded timeline means a broadcast missed us (another process's,
      // during a Redis outage): fetch the hole instead of waiting for a reconnect.
      const t = stateRef.current.timelines[message.spaceId];
      const gap = t && t.messages.length > 0 && message.seq > contiguousEnd(t.messages) + 1;
      dispatch({ type: "message", message });
      if (gap) void catchUp(message.spaceId).catch(() => {});
    });
    socket.on("message:updated", ({ message }) => dispatch({ type: "updated", spaceId: message.spaceId, messages: [message] }));
    socket.on("read:updated", (cursor) => dispatch({ type: "read", cursor }));
    socket.on("presence:updated", ({ online, offline }) => dispatch({ type: "presence", online, offline }));
    socket.on("typing:updated", ({ spaceId, entity, typing }) => dispatch({ type: "typing", spaceId, entity, typing }));
    socket.on("space:updated", async ({ spaceId }) => {
      try {
        const { space } = await request(socket, "space:join", { spaceId });
        dispatch({ type: "space", space });
      } catch {
        /* no longer a member: space:removed follows */
      }
    });
    socket.on("space:removed", ({ spaceId }) => dispatch({ type: "spaceRemoved", spaceId }));
    socket.on("space:members", ({ spaceId, added }) => dispatch({ type: "members", spaceId, added }));
    socket.on("space:added", ({ spaceId, spaceName, by }) => dispatch({ type: "added", spaceId, spaceName, by }));
    socket.on("run:updated", ({ run }) => dispatch({ type: "run", run }));
    socket.on("run:stream", (draft) => dispatch({ type: "draft", draft }));
    socket.on("run:draft_withdrawn", ({ clientMessageId }) => dispatch({ type: "draftWithdrawn", clientMessageId }));
    socket.on("message:unanswered", (note) => dispatch({ type: "unanswered", note }));
    socket.on("message:chain_stopped", (p) => dispatch({ type: "chainStopped", ...p }));
    socket.on("question:updated", ({ question }) => dispatch({ type: "question", question }));
    socket.on("message:regenerated", ({ spaceId, messageId }) => dispatch({ type: "regenerated", spaceId, messageId }));
    socket.on("chain:decided", ({ messageId }) => dispatch({ type: "decided", messageId }));
    socket.on("thread:updated", (p) => dispatch({ type: "threadUpdated", ...p }));
    socket.on("reaction:updated", (p) => dispatch({ type: "reactions", ...p }));
    socket.on("mention:new", ({ message }) => {
      dispatch({ type: "mention", message });
      notifyMention(stateRef.current, message);
    });
    socket.on("message:new", ({ message }) => {
      notifyDirect(stateRef.current, message);
      notifyThreadReply(stateRef.current, message);
    });
    socket.on("question:asked", (p) => notifyQuestion(stateRef.current, p));
    socket.on("space:notify", ({ spaceId, notifyLevel }) => dispatch({ type: "notifyLevel", spaceId, notifyLevel }));
    return () => {
      socket.disconnect();
      socketRef.current = null;
    };
  }, [loadLatest]);

  const openSpace = useCallback(
    (spaceId: string) => {
      dispatch({ type: "active", spaceId });
      if (!stateRef.current.timelines[spaceId] && socketRef.current?.connected) void loadLatest(spaceId).catch(() => {});
    },
    [loadLatest],
  );

  const loadOlder = useCallback(async (spaceId: string) => {
    const socket = socketRef.current;
    const t = stateRef.current.timelines[spaceId];
    if (!socket || !t?.hasMore || t.loadingOlder) return;
    dispatch({ type: "loadingOlder", spaceId });
    const page = await request(socket, "messages:history", { spaceId, beforeSeq: t.messages[0]?.seq });
    dispatch({ type: "page", spaceId, messages: page.messages, hasMore: page.hasMore, older: true });
  }, []);

  const send = useCallback((spaceId: string, text: string, replyTo: MessageDto | null) => {
    const pending: PendingMessage = { clientMessageId: crypto.randomUUID(), spaceId, text, replyTo, status: "sending" };
    dispatch({ type: "pending", pending });
  }, []);

  const retry = useCallback((clientMessageId: string) => dispatch({ type: "outboxSending", clientMessageId }), []);
  const discard = useCallback((clientMessageId: string) => dispatch({ type: "outboxDiscard", clientMessageId }), []);

  // Read receipts are debounced per space and only ever move forward (server enforces too).
  const markRead = useCallback(
    (spaceId: string, message: MessageDto) => {
      const space = stateRef.current.spaces[spaceId];
      if (!space || message.seq <= space.lastSeenSeq) return;
      dispatch({ type: "read", cursor: { spaceId, entityId: meId, lastSeenSeq: message.seq, lastSeenMessageId: message.id } });
      const timers = readTimers.current;
      clearTimeout(timers.get(spaceId));
      timers.set(
        spaceId,
        setTimeout(() => {
          const socket = socketRef.current;
          if (socket) void request(socket, "read:mark", { spaceId, lastMessageId: message.id }).catch(() => {});
        }, READ_RECEIPT_DEBOUNCE_MS),
      );
    },
    [meId],
  );

  const typingSent = useRef(new Map<string, number>());
  const setTyping = useCallback((spaceId: string, typing: boolean) => {
    const socket = socketRef.current;
    if (!socket?.connected) return;
    const last = typingSent.current.get(spaceId) ?? 0;
    // Refresh at most every 2 s; the server expires the indicator on its own.
    if (typing && Date.now() - last < 2000) return;
    typingSent.current.set(spaceId, typing ? Date.now() : 0);
    socket.emit("typing:set", { spaceId, typing });
  }, []);

  const actions = useMemo(() => {
    const call = async <T>(fn: (s: ClientSocket) => Promise<T>) => {
      const socket = socketRef.current;
      if (!socket) throw new RequestError("offline", "Not connected");
      return fn(socket);
    };
    return {
      openSpace,
      loadOlder,
      send,
      retry,
      discard,
      markRead,
      setTyping,
      createChannel: (name: string, topic: string, memberIds: string[], visibility?: SpaceVisibility) =>
        call(async (s) => (await request(s, "space:create", { name, topic, memberIds, visibility })).space),
      openDirect: (entityId: string) => call(async (s) => (await request(s, "space:direct", { entityId })).space),
      addMembers: (spaceId: string, entityIds: string[]) => call(async (s) => (await request(s, "space:addMembers", { spaceId, entityIds })).space),
      removeMember: (spaceId: string, entityId: string) => call(async (s) => (await request(s, "space:removeMember", { spaceId, entityId })).space),
      leave: (spaceId: string) => call(async (s) => request(s, "space:leave", { spaceId })),
      rename: (spaceId: string, name: string, topic?: string) => call(async (s) => (await request(s, "space:rename", { spaceId, name, topic })).space),
      browseChannels: (query?: string) => call(async (s) => (await request(s, "channels:browse", query ? { query } : {})).channels),
      openGroup: (entityIds: string[]) => call(async (s) => (await request(s, "space:group", { entityIds })).space),
      fetchSpace: (spaceId: string) => call(async (s) => (await request(s, "space:join", { spaceId })).space),
      joinPublic: (spaceId: string) => call(async (s) => (await request(s, "space:joinPublic", { spaceId })).space),
      updateSpace: (spaceId: string, fields: ChannelSettings) => call(async (s) => (await request(s, "space:update", { spaceId, ...fields })).space),
      archive: (spaceId: string, archived: boolean) => call(async (s) => (await request(s, "space:archive", { spaceId, archived })).space),
      refreshEntities: () => call(async (s) => dispatch({ type: "entities", entities: (await request(s, "entities:list", {})).entities })),
      upsertSpace: (space: WorkspaceState["spaces"][string]) => dispatch({ type: "space", space }),
      dismissNotice: (id: string) => dispatch({ type: "dismissNotice", id }),
      editMessage: (messageId: string, text: string) =>
        call(async (s) => {
          const { message } = await request(s, "message:edit", { messageId, text });
          dispatch({ type: "updated", spaceId: message.spaceId, messages: [message] });
        }),
      deleteMessage: (messageId: string) =>
        call(async (s) => {
          const { message } = await request(s, "message:delete", { messageId });
          dispatch({ type: "updated", spaceId: message.spaceId, messages: [message] });
        }),
      ...threadActions(call, (message) => dispatch({ type: "message", message })),
      react: (spaceId: string, messageId: string, emoji: string, add: boolean) =>
        call(async (s) =>
          dispatch({ type: "reactions", spaceId, messageId, ...(await request(s, add ? "reaction:add" : "reaction:remove", { messageId, emoji })) }),
        ),
      answerQuestion: (messageId: string, option: string) =>
        call(async (s) => dispatch({ type: "question", question: (await request(s, "question:answer", { messageId, option })).question })),
      stopRun: (runId: string) => call(async (s) => request(s, "run:stop", { runId })),
      regenerate: (messageId: string) => call(async (s) => request(s, "run:regenerate", { messageId })),
      runSteps: (messageId: string) => call(async (s) => request(s, "run:steps", { messageId })),
      listMentions: (before?: string) => call(async (s) => request(s, "mentions:list", before ? { before } : {})),
      setNotifyLevel: (spaceId: string, level: NotifyLevel) =>
        call(async (s) => {
          const dto = await request(s, "space:notify", { spaceId, level });
          dispatch({ type: "notifyLevel", ...dto });
        }),
      search: (input: z.input<typeof searchInput>) => call((s) => request(s, "search:query", input)),
      jumpTo: (spaceId: string, seq: number) => call((s) => jumpToMessage(s, () => stateRef.current, dispatch, spaceId, seq)),
    };
  }, [openSpace, loadOlder, send, retry, discard, markRead, setTyping]);

  return { state, actions, socket };
}

/** What the channel settings dialog may change. */
export interface ChannelSettings {
  name?: string;
  topic?: string;
  description?: string;
  visibility?: SpaceVisibility;
}

export type WorkspaceActions = ReturnType<typeof useWorkspace>["actions"];
