// Opening a search result: the messages around it are merged into the space's timeline, and
// the stretch between them and what was already loaded is filled forward, so the timeline stays
// one unbroken run of seqs (what reconnect catch-up and read markers rely on). A result older
// than JUMP_FILL_MAX_PAGES pages of replay leaves that stretch to be scrolled into later.
import type { Dispatch } from "react";
import { request, type ClientSocket } from "@/lib/client/socket";
import type { Action, WorkspaceState } from "./workspace-reducer";

/** Pages of messages:since (MAX_REPLAY_BATCH each) fetched to join a result to the loaded timeline. */
const JUMP_FILL_MAX_PAGES = 4;

export async function jumpToMessage(socket: ClientSocket, getState: () => WorkspaceState, dispatch: Dispatch<Action>, spaceId: string, seq: number) {
  if (!getState().timelines[spaceId]) {
    const latest = await request(socket, "messages:history", { spaceId });
    dispatch({ type: "page", spaceId, messages: latest.messages, hasMore: latest.hasMore, older: true });
  }
  const loadedFirst = getState().timelines[spaceId]?.messages[0]?.seq;
  const around = await request(socket, "messages:around", { spaceId, seq });
  const aroundFirst = around.messages[0]?.seq;
  // Only a window that starts before what is loaded says whether there is more before it.
  const older = loadedFirst === undefined || (aroundFirst !== undefined && aroundFirst < loadedFirst);
  dispatch({ type: "page", spaceId, messages: around.messages, ...(older && { hasMore: around.hasMoreBefore, older: true }) });
  let after = around.messages.at(-1)?.seq;
  for (let i = 0; loadedFirst !== undefined && after !== undefined && after + 1 < loadedFirst && i < JUMP_FILL_MAX_PAGES; i++) {
    const page = await request(socket, "messages:since", { spaceId, afterSeq: after });
    dispatch({ type: "page", spaceId, messages: page.messages });
    if (!page.hasMore || page.messages.length === 0) break;
    after = page.messages.at(-1)!.seq;
  }
}

/** Scrolls the message into the middle of the view once it is rendered, and marks it for a moment. */
export function revealMessage(messageId: string, timeoutMs = 3000) {
  const started = performance.now();
  const step = () => {
    const el = document.getElementById(`msg-${messageId}`);
    if (!el) {
      if (performance.now() - started < timeoutMs) requestAnimationFrame(step);
      return;
    }
    el.scrollIntoView({ block: "center" });
    el.dataset.searchHit = "true";
    el.addEventListener("animationend", () => delete el.dataset.searchHit, { once: true });
  };
  requestAnimationFrame(step);
}
