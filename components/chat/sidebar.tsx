"use client";
import clsx from "clsx";
import Link from "next/link";
import { useDraftSpaces } from "./drafts";
import type { SpaceDto } from "@/lib/realtime/dto";
import { Avatar } from "./avatar";
import { ThemeToggle } from "../theme-toggle";
import { Notices } from "./notices";
import type { Notice, WorkspaceState } from "./workspace-reducer";
import { isMuted } from "@/lib/mentions/notify-levels";
import { MentionsLink } from "./mentions-link";

interface Props {
  me: { name: string; email: string; isAdmin: boolean };
  spaces: SpaceDto[];
  activeSpaceId: string | null;
  online: Record<string, true>;
  meId: string;
  connection: WorkspaceState["connection"];
  onOpen(spaceId: string): void;
  onNewChannel(): void;
  onNewDirect(): void;
  onBrowseChannels(): void;
  notices: Notice[];
  onDismissNotice(id: string): void;
  /** The Mentions view: open or not, and how to open it. */
  mentionsActive?: boolean;
  onOpenMentions?(): void;
}

export function Sidebar({
  me,
  spaces,
  activeSpaceId,
  online,
  meId,
  connection,
  onOpen,
  onNewChannel,
  onNewDirect,
  onBrowseChannels,
  notices,
  onDismissNotice,
  mentionsActive = false,
  onOpenMentions,
}: Props) {
  // Archived channels leave the sidebar (the channel browser lists them); the open one stays while open.
  const channels = spaces.filter((s) => s.kind === "channel" && (!s.archived || s.id === activeSpaceId));
  const directs = spaces.filter((s) => s.kind === "direct");
  const drafts = useDraftSpaces(meId);
  return (
    <nav aria-label="Spaces" className="flex h-full w-64 flex-col bg-zinc-900 text-zinc-300 dark:bg-zinc-950">
      <div className="flex items-center gap-2 border-b border-white/10 px-4 py-3">
        <span aria-hidden className="grid h-7 w-7 place-items-center rounded-lg bg-accent-600 text-sm font-bold text-white">
          P
        </span>
        <span className="font-semibold text-white">Parley</span>
        <span
          role="status"
          aria-label={{ online: "Connected", connecting: "Connecting", offline: "Reconnecting", outdated: "Outdated: reload the page" }[connection]}
          className={clsx("ml-auto h-2 w-2 rounded-full", connection === "online" ? "bg-emerald-400" : "animate-pulse bg-amber-400")}
        />
      </div>
      <Notices notices={notices} knownSpaceIds={new Set(spaces.map((s) => s.id))} onOpen={onOpen} onDismiss={onDismissNotice} />
      <div className="flex-1 overflow-y-auto py-3">
        {onOpenMentions && <MentionsLink spaces={spaces} active={mentionsActive} onOpen={onOpenMentions} />}
        <Section title="Channels" addLabel="Create channel" onAdd={onNewChannel}>
          {channels.map((s) => (
            <SpaceLink
              key={s.id}
              space={s}
              active={s.id === activeSpaceId}
              draft={drafts.has(s.id)}
              onOpen={onOpen}
              icon={
                <span aria-hidden className="w-4 text-center text-zinc-500">
                  #
                </span>
              }
            />
          ))}
          <li>
            <button
              type="button"
              onClick={onBrowseChannels}
              className="mx-2 flex w-[calc(100%-1rem)] items-center gap-2 rounded-md px-2 py-1 text-left text-[0.9375rem] text-zinc-400 hover:bg-white/5 hover:text-white"
            >
              <span aria-hidden className="w-4 text-center">
                ⌕
              </span>
              Browse channels
            </button>
          </li>
        </Section>
        <Section title="Direct messages" addLabel="New direct message" onAdd={onNewDirect}>
          {directs.map((s) => {
            const others = s.members.filter((m) => m.id !== meId);
            const other = others[0];
            const group = others.length > 1;
            return (
              <SpaceLink
                key={s.id}
                space={s}
                active={s.id === activeSpaceId}
                draft={drafts.has(s.id)}
                onOpen={onOpen}
                icon={
                  group ? (
                    <span aria-hidden className="grid h-[18px] w-[18px] place-items-center rounded bg-zinc-700 text-[0.625rem] font-bold text-white">
                      {others.length}
                    </span>
                  ) : other ? (
                    <Avatar entity={other} size={18} online={other.type === "agent" ? undefined : !!online[other.id]} />
                  ) : null
                }
              />
            );
          })}
        </Section>
      </div>
      <div className="flex items-center gap-2 border-t border-white/10 px-3 py-2 text-sm">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-white">{me.name}</p>
          <p className="truncate text-xs text-zinc-500">{me.email}</p>
        </div>
        <ThemeToggle />
        {me.isAdmin && (
          <>
            {/* A full page load: Next's client navigation from the workspace (which moves the URL
                with history.pushState) into the admin panel's own layout did not finish. */}
            <a href="/admin/agents" className="rounded px-1.5 py-1 hover:bg-white/10" title="Admin">
              <span className="sr-only">Admin</span>
              <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
                <path d="M10 1.5 3 4.2v5.1c0 4.3 2.9 8 7 9.2 4.1-1.2 7-4.9 7-9.2V4.2L10 1.5Zm0 2.1 5 1.9v3.8c0 3.3-2.1 6.2-5 7.3-2.9-1.1-5-4-5-7.3V5.5l5-1.9Z" />
              </svg>
            </a>
            <Link href="/admin/runs" className="rounded px-1.5 py-1 hover:bg-white/10" aria-label="Agent runs" title="Agent runs">
              <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
                <path d="M3 3h2v14H3V3Zm4 6h2v8H7V9Zm4-4h2v12h-2V5Zm4 7h2v5h-2v-5Z" />
              </svg>
            </Link>
          </>
        )}
        <Link href="/settings" className="rounded px-1.5 py-1 hover:bg-white/10" aria-label="Settings" title="Settings">
          ⚙
        </Link>
      </div>
    </nav>
  );
}

function Section({ title, addLabel, onAdd, children }: { title: string; addLabel: string; onAdd(): void; children: React.ReactNode }) {
  return (
    <section className="mb-4">
      <div className="flex items-center px-4 pb-1">
        <h2 className="flex-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h2>
        <button
          type="button"
          onClick={onAdd}
          aria-label={addLabel}
          title={addLabel}
          className="rounded px-1.5 text-lg leading-none hover:bg-white/10 hover:text-white"
        >
          +
        </button>
      </div>
      <ul>{children}</ul>
    </section>
  );
}

function SpaceLink({
  space,
  active,
  draft,
  onOpen,
  icon,
}: {
  space: SpaceDto;
  active: boolean;
  draft: boolean;
  onOpen(id: string): void;
  icon: React.ReactNode;
}) {
  const unread = space.unreadCount > 0 && !active;
  // Muted spaces keep their count but lose the emphasis; mentions of me always show.
  const muted = isMuted(space.notifyLevel);
  const mentions = active ? 0 : (space.mentionCount ?? 0);
  // The open space's draft is in its composer; elsewhere a marker says one is waiting.
  const hasDraft = draft && !active;
  const label = `${space.kind === "channel" ? "#" : ""}${space.name}${hasDraft ? ", draft" : ""}${unread ? `, ${space.unreadCount} unread` : ""}${mentions ? `, ${mentions} mention${mentions === 1 ? "" : "s"}` : ""}${muted ? ", muted" : ""}`;
  return (
    <li>
      <a
        href={`/spaces/${space.id}`}
        aria-label={label}
        aria-current={active ? "page" : undefined}
        onClick={(e) => {
          e.preventDefault();
          onOpen(space.id);
        }}
        className={clsx(
          "mx-2 flex items-center gap-2 rounded-md px-2 py-1 text-[0.9375rem]",
          active ? "bg-accent-600 text-white" : "hover:bg-white/5",
          unread && !muted && "font-semibold text-white",
          muted && !active && "text-zinc-500",
        )}
      >
        {icon}
        <span className="min-w-0 flex-1 truncate">{space.name}</span>
        {hasDraft && (
          <span aria-hidden className="text-xs font-normal text-zinc-400">
            ✎ Draft
          </span>
        )}
        {mentions > 0 && (
          <span aria-hidden className="rounded-full bg-amber-400 px-1.5 text-xs font-bold text-zinc-950">
            @{mentions}
          </span>
        )}
        {unread && (
          <span
            data-testid="unread-badge"
            className={clsx("rounded-full px-1.5 text-xs font-bold", muted ? "bg-white/10 text-zinc-400" : "bg-red-500 text-white")}
          >
            {space.unreadCount}
          </span>
        )}
      </a>
    </li>
  );
}
