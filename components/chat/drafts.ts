"use client";
// Unsent text per space, kept in localStorage (per user and space) so it survives switching
// spaces and reloading; cleared when the message is sent. The sidebar marks spaces with a draft.
import { useSyncExternalStore } from "react";

const prefix = (meId: string) => `parley:draft:${meId}:`;
const listeners = new Set<() => void>();

export function readDraft(meId: string, spaceId: string): string {
  try {
    return localStorage.getItem(prefix(meId) + spaceId) ?? "";
  } catch {
    return "";
  }
}

export function writeDraft(meId: string, spaceId: string, text: string): void {
  try {
    if (text.trim()) localStorage.setItem(prefix(meId) + spaceId, text);
    else localStorage.removeItem(prefix(meId) + spaceId);
  } catch {
    /* storage full or blocked: the draft lives as long as the composer */
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same user typing or sending changes the markers here too.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** Ids of the spaces with a draft, as one sorted string (a stable snapshot), "" on the server. */
function draftSpacesSnapshot(meId: string): string {
  const ids: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(prefix(meId))) ids.push(k.slice(prefix(meId).length));
    }
  } catch {
    /* no storage: no markers */
  }
  return ids.sort().join("\n");
}

export function useDraftSpaces(meId: string): Set<string> {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => draftSpacesSnapshot(meId),
    () => "",
  );
  return new Set(snapshot ? snapshot.split("\n") : []);
}
