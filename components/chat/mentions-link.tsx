"use client";
// The sidebar's "Mentions" entry: its badge counts mentions of me newer than my read cursor,
// over every space I am in.
import clsx from "clsx";
import type { SpaceDto } from "@/lib/realtime/dto";

export function MentionsLink({ spaces, active, onOpen }: { spaces: SpaceDto[]; active: boolean; onOpen(): void }) {
  const count = spaces.reduce((n, s) => n + (s.mentionCount ?? 0), 0);
  return (
    <div className="mb-3">
      <a
        href="/spaces/mentions"
        aria-label={count ? `Mentions, ${count} unread` : "Mentions"}
        aria-current={active ? "page" : undefined}
        onClick={(e) => {
          e.preventDefault();
          onOpen();
        }}
        className={clsx(
          "mx-2 flex items-center gap-2 rounded-md px-2 py-1 text-[0.9375rem]",
          active ? "bg-accent-600 text-white" : "hover:bg-white/5",
          count > 0 && !active && "font-semibold text-white",
        )}
      >
        <span aria-hidden className="w-4 text-center text-zinc-400">
          @
        </span>
        <span className="min-w-0 flex-1 truncate">Mentions</span>
        {count > 0 && (
          <span aria-hidden className="rounded-full bg-amber-400 px-1.5 text-xs font-bold text-zinc-950">
            {count}
          </span>
        )}
      </a>
    </div>
  );
}
