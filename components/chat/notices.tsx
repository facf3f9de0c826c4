"use client";
// Things that happened to me elsewhere ("Ada added you to #design"), at the top of the
// sidebar: in the flow of the page, so they never cover what is under them. role="status"
// so screen readers announce them politely; each can be opened or dismissed.
import type { Notice } from "./workspace-reducer";

export function Notices({
  notices,
  knownSpaceIds,
  onOpen,
  onDismiss,
}: {
  notices: Notice[];
  /** Spaces already in the sidebar. The notice can arrive before its space does; until then "Open" waits. */
  knownSpaceIds: ReadonlySet<string>;
  onOpen(spaceId: string): void;
  onDismiss(id: string): void;
}) {
  if (notices.length === 0) return null;
  return (
    <div className="space-y-1 border-b border-white/10 px-2 py-2">
      {notices.map((n) => (
        <div key={n.id} role="status" className="flex items-center gap-1 rounded-md bg-accent-600/20 px-2 py-1.5 text-sm text-white">
          <span className="min-w-0 flex-1">{n.text}</span>
          <button
            type="button"
            aria-label={`Open #${n.spaceName}`}
            disabled={!knownSpaceIds.has(n.spaceId)}
            onClick={() => {
              onOpen(n.spaceId);
              onDismiss(n.id);
            }}
            className="rounded px-1.5 py-0.5 text-xs font-medium hover:bg-white/10 disabled:opacity-50"
          >
            Open
          </button>
          <button
            type="button"
            aria-label={`Dismiss notice about #${n.spaceName}`}
            onClick={() => onDismiss(n.id)}
            className="rounded px-1.5 hover:bg-white/10"
          >
            <span aria-hidden>×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
