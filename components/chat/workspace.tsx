"use client";
// The signed-in app shell: sidebar of spaces, the open space, members panel and dialogs.
// The URL follows the open space (/spaces/:id) without a page load.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import clsx from "clsx";
import type { MeDto } from "@/lib/realtime/dto";
import { useWorkspace } from "./use-workspace";
import { agentActivity, type WorkspaceState } from "./workspace-reducer";
import { Sidebar } from "./sidebar";
import { SpaceView } from "./space-view";
import { FailureNotesProvider } from "./failure-notes";
import { MembersPanel } from "./members-panel";
import { ChainPanel } from "./chain-panel";
import { QuickSwitcher } from "./quick-switcher";
import { AddMembersDialog, NewChannelDialog, NewDirectDialog } from "./space-dialogs";
import { ChannelBrowser } from "./channel-browser";
import { ChannelSettingsDialog } from "./channel-settings";
import { MentionNamesRoot } from "./mention-names";
import { MentionsView } from "./mentions-view";
import { NotificationsBanner } from "./notifications-banner";
import { OPEN_URL_EVENT } from "@/lib/client/notify";
import { SearchBox, useSearchShortcut } from "./search-box";
import { SearchPanel } from "./search-panel";
import { useSearch } from "./use-search";
import { revealMessage } from "./jump-to-message";

export function Workspace({ me, initialSpaceId }: { me: MeDto; initialSpaceId: string | null }) {
  const { state, actions, socket } = useWorkspace(me.entity.id, initialSpaceId);
  const [dialog, setDialog] = useState<"channel" | "direct" | "add" | "switcher" | "browse" | "settings" | null>(null);
  const [membersOpen, setMembersOpen] = useState(false);
  /** The message whose agent chain the side panel shows. */
  const [chainFor, setChainFor] = useState<string | null>(null);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  // My cursor at the moment each space was opened: where the "New messages" divider goes.
  const [openedAt, setOpenedAt] = useState<Record<string, number>>({});
  // The Mentions view replaces the open space (its URL is /spaces/mentions).
  const [mentionsOpen, setMentionsOpen] = useState(initialSpaceId === "mentions");
  const mentionTotal = Object.values(state.spaces).reduce((n, s) => n + (s.mentionCount ?? 0), 0);
  const mentionNames = useMemo(
    () => ({
      meId: me.entity.id,
      entities: new Map(state.entities.map((e) => [e.id, e.name])),
      spaces: new Map(
        Object.values(state.spaces)
          .filter((s) => s.kind === "channel")
          .map((s) => [s.id, s.name]),
      ),
    }),
    [me.entity.id, state.entities, state.spaces],
  );
  const searchInput = useRef<HTMLInputElement>(null);
  useSearchShortcut(searchInput);
  const search = useSearch(actions);

  const spaces = useMemo(() => {
    const list = Object.values(state.spaces);
    return list.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "channel" ? -1 : 1));
  }, [state.spaces]);
  const activeId = state.activeSpaceId && state.spaces[state.activeSpaceId] ? state.activeSpaceId : null;
  const active = activeId ? state.spaces[activeId] : undefined;

  const open = useCallback(
    (spaceId: string) => {
      setOpenedAt((o) => {
        const { [spaceId]: _drop, ...rest } = o;
        return rest;
      });
      actions.openSpace(spaceId);
      setMentionsOpen(false);
      setSidebarOpen(false);
      if (window.location.pathname !== `/spaces/${spaceId}`) window.history.pushState(null, "", `/spaces/${spaceId}`);
    },
    [actions],
  );

  const openMentions = useCallback(() => {
    setMentionsOpen(true);
    setSidebarOpen(false);
    if (window.location.pathname !== "/spaces/mentions") window.history.pushState(null, "", "/spaces/mentions");
  }, []);

  // A clicked notification opens its space here, without a page load.
  useEffect(() => {
    const onOpenUrl = (e: Event) => {
      const id = String((e as CustomEvent).detail).split("/")[2];
      if (id) open(id);
    };
    window.addEventListener(OPEN_URL_EVENT, onOpenUrl);
    return () => window.removeEventListener(OPEN_URL_EVENT, onOpenUrl);
  }, [open]);

  // No (valid) space in the URL: open #general or the first space once the list arrives.
  useEffect(() => {
    if (mentionsOpen || activeId || spaces.length === 0) return;
    const fallback = spaces.find((s) => s.name === "general" && s.kind === "channel") ?? spaces[0];
    if (fallback) open(fallback.id);
  }, [mentionsOpen, activeId, spaces, open]);

  useEffect(() => {
    if (active && openedAt[active.id] === undefined) setOpenedAt((o) => ({ ...o, [active.id]: active.lastSeenSeq }));
  }, [active, openedAt]);

  useEffect(() => {
    const onPop = () => {
      const id = window.location.pathname.split("/")[2];
      setMentionsOpen(id === "mentions");
      if (id && id !== "mentions") actions.openSpace(id);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [actions]);

  useEffect(() => {
    const unread = spaces.reduce((n, s) => n + (s.id === activeId ? 0 : s.unreadCount), 0);
    document.title = `${unread ? `(${unread}) ` : ""}${active ? (active.kind === "channel" ? `#${active.name}` : active.name) : "Parley"} · Parley`;
  }, [spaces, active, activeId]);

  // Ctrl/Cmd-K opens the switcher from anywhere, the composer included.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setDialog("switcher");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // People and agents join all the time; refresh the picker's list whenever a dialog opens.
  useEffect(() => {
    if (dialog) void actions.refreshEntities().catch(() => {});
  }, [dialog, actions]);

  const canManage = !!active && (me.isAdmin || active.members.some((m) => m.id === me.entity.id && m.role !== "member"));

  return (
    <MentionNamesRoot value={{ ...mentionNames, onOpenSpace: open }} className="relative flex h-dvh overflow-hidden">
      <div
        className={clsx(
          "z-30 max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:transition-transform",
          sidebarOpen ? "max-md:translate-x-0" : "max-md:-translate-x-full",
        )}
      >
        <Sidebar
          me={{ name: me.entity.name, email: me.email, isAdmin: me.isAdmin }}
          spaces={spaces}
          activeSpaceId={mentionsOpen ? null : activeId}
          online={state.online}
          meId={me.entity.id}
          connection={state.connection}
          onOpen={open}
          onNewChannel={() => setDialog("channel")}
          onNewDirect={() => setDialog("direct")}
          onBrowseChannels={() => setDialog("browse")}
          notices={state.notices}
          onDismissNotice={actions.dismissNotice}
          mentionsActive={mentionsOpen}
          onOpenMentions={openMentions}
        />
      </div>
      {sidebarOpen && (
        <button type="button" aria-label="Close sidebar" className="fixed inset-0 z-20 bg-black/40 md:hidden" onClick={() => setSidebarOpen(false)} />
      )}
      {/* Banners sit above the space in the flow, so they never cover its header. */}
      <main className="relative flex min-w-0 flex-1 flex-col">
        {state.connection === "outdated" && (
          <div role="alert" className="flex items-center justify-center gap-3 bg-accent-600 px-4 py-1.5 text-sm text-white">
            Parley has been updated. Reload to keep chatting.
            <button type="button" className="rounded bg-white/20 px-2 py-0.5 font-medium hover:bg-white/30" onClick={() => window.location.reload()}>
              Reload
            </button>
          </div>
        )}
        {state.connection === "offline" && (
          <div role="status" className="bg-amber-100 px-4 py-1 text-center text-sm text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
            Reconnecting… messages you send will go out when the connection is back.
          </div>
        )}
        <NotificationsBanner />
        <FailureNotesProvider socket={socket} spaceId={active?.id ?? null} isAdmin={me.isAdmin}>
          <div className="flex min-h-0 min-w-0 flex-1">
            {mentionsOpen ? (
              <MentionsView load={actions.listMentions} liveKey={mentionTotal} onJump={(spaceId) => open(spaceId)} onOpenSidebar={() => setSidebarOpen(true)} />
            ) : active ? (
              <SpaceView
                space={active}
                timeline={state.timelines[active.id]}
                pending={state.pending.filter((p) => p.spaceId === active.id)}
                typingNames={Object.values(state.typing[active.id] ?? {})}
                activity={agentActivity(state, active.id)}
                runs={state.runs}
                drafts={Object.values(state.drafts).filter((d) => d.spaceId === active.id)}
                unanswered={state.unanswered}
                isAdmin={me.isAdmin}
                meId={me.entity.id}
                online={state.connection === "online"}
                openedAtSeq={openedAt[active.id] ?? active.lastSeenSeq}
                actions={actions}
                onToggleMembers={() => {
                  setChainFor(null);
                  setMembersOpen((v) => !v);
                }}
                onShowChain={(id) => {
                  setMembersOpen(false);
                  setChainFor(id);
                }}
                onOpenSidebar={() => setSidebarOpen(true)}
                headerExtra={
                  <SearchBox
                    inputRef={searchInput}
                    onSearch={(q) => {
                      setMentionsOpen(false);
                      setMembersOpen(false);
                      setChainFor(null);
                      void search.run(q);
                    }}
                  />
                }
                canManage={canManage}
                onOpenSettings={() => setDialog("settings")}
              />
            ) : (
              <div className="grid flex-1 place-items-center text-zinc-500" role="status">
                {state.connection === "connecting"
                  ? "Connecting…"
                  : spaces.length === 0
                    ? "You are not in any space yet. Create a channel to start."
                    : "Loading…"}
              </div>
            )}
            {search.search && !chainFor && !membersOpen && (
              <SearchPanel
                search={search.search}
                onMore={search.more}
                onClose={search.close}
                onOpen={(r) => {
                  open(r.spaceId);
                  // On a phone the results cover the space: make way for the message.
                  if (window.matchMedia("(max-width: 767px)").matches) search.close();
                  void actions
                    .jumpTo(r.spaceId, r.seq)
                    .then(() => revealMessage(r.messageId))
                    .catch((e: Error) => alert(e.message));
                }}
              />
            )}
            {chainFor && <ChainPanel key={chainFor} messageId={chainFor} liveKey={chainLiveKey(state)} onClose={() => setChainFor(null)} />}
            {active && membersOpen && (
              <MembersPanel
                key={active.id}
                space={active}
                meId={me.entity.id}
                online={state.online}
                canManage={canManage}
                isAdmin={me.isAdmin}
                onClose={() => setMembersOpen(false)}
                onAdd={() => setDialog("add")}
                onRemove={(id) =>
                  void actions
                    .removeMember(active.id, id)
                    .then(actions.upsertSpace)
                    .catch((e: Error) => alert(e.message))
                }
                onRename={async (name) => actions.upsertSpace(await actions.rename(active.id, name))}
                onLeave={() => {
                  if (!confirm(`Leave ${active.kind === "channel" ? `#${active.name}` : "this conversation"}?`)) return;
                  void actions
                    .leave(active.id)
                    .then(() => setMembersOpen(false))
                    .catch((e: Error) => alert(e.message));
                }}
              />
            )}
          </div>
        </FailureNotesProvider>
      </main>
      <QuickSwitcher
        open={dialog === "switcher"}
        onClose={() => setDialog(null)}
        spaces={spaces.filter((s) => !s.archived)}
        entities={state.entities}
        meId={me.entity.id}
        onOpenSpace={open}
        onOpenDirect={async (entityId) => {
          const space = await actions.openDirect(entityId);
          actions.upsertSpace(space);
          open(space.id);
        }}
      />
      <NewChannelDialog
        open={dialog === "channel"}
        onClose={() => setDialog(null)}
        entities={state.entities}
        meId={me.entity.id}
        onCreate={async (name, topic, memberIds, visibility) => {
          const space = await actions.createChannel(name, topic, memberIds, visibility);
          actions.upsertSpace(space);
          open(space.id);
        }}
      />
      <NewDirectDialog
        open={dialog === "direct"}
        onClose={() => setDialog(null)}
        entities={state.entities}
        meId={me.entity.id}
        onOpen={async (entityIds) => {
          const space = entityIds.length === 1 ? await actions.openDirect(entityIds[0]!) : await actions.openGroup(entityIds);
          actions.upsertSpace(space);
          open(space.id);
        }}
      />
      <ChannelBrowser
        open={dialog === "browse"}
        onClose={() => setDialog(null)}
        browse={actions.browseChannels}
        join={async (spaceId) => {
          const space = await actions.joinPublic(spaceId);
          actions.upsertSpace(space);
          return space;
        }}
        onOpen={(spaceId) => {
          // An archived channel is not in the sidebar's list: fetch it to open it read-only.
          if (state.spaces[spaceId]) return open(spaceId);
          void actions
            .fetchSpace(spaceId)
            .then((space) => {
              actions.upsertSpace(space);
              open(spaceId);
            })
            .catch((e: Error) => alert(e.message));
        }}
      />
      {active?.kind === "channel" && (
        <ChannelSettingsDialog
          open={dialog === "settings"}
          onClose={() => setDialog(null)}
          space={active}
          canManage={canManage}
          onSave={async (fields) => actions.upsertSpace(await actions.updateSpace(active.id, fields))}
          onArchive={async (archived) => actions.upsertSpace(await actions.archive(active.id, archived))}
        />
      )}
      {active && (
        <AddMembersDialog
          open={dialog === "add"}
          onClose={() => setDialog(null)}
          entities={state.entities}
          space={active}
          onAdd={async (ids) => actions.upsertSpace(await actions.addMembers(active.id, ids))}
        />
      )}
    </MentionNamesRoot>
  );
}

/** Changes whenever something a chain is made of changes: a run starts, moves or ends, a message arrives, agents decide about one. */
function chainLiveKey(state: WorkspaceState): string {
  const runs = Object.values(state.runs)
    .map((r) => `${r.id}:${r.status}`)
    .join(",");
  const newest = Object.values(state.timelines)
    .map((t) => t.messages.at(-1)?.id ?? "")
    .join(",");
  return `${runs}|${newest}|${state.lastDecided ?? ""}`;
}
