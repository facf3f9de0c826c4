"use client";
// Ctrl/Cmd-K: a dialog with a combobox over my spaces and the workspace's people and agents.
// Type to filter, arrows to move, Enter opens the space (or the direct conversation with
// that person, made if needed), Escape closes (the native <dialog> does that).
import { useEffect, useId, useMemo, useRef, useState } from "react";
import clsx from "clsx";
import type { EntityDto, SpaceDto } from "@/lib/realtime/dto";
import { Modal, inputClass } from "./modal";

type Item = { key: string; label: string; hint: string } & ({ spaceId: string } | { entityId: string });

interface Props {
  open: boolean;
  onClose(): void;
  spaces: SpaceDto[];
  entities: EntityDto[];
  meId: string;
  onOpenSpace(spaceId: string): void;
  onOpenDirect(entityId: string): Promise<void>;
}

/** Spaces first, then people and agents I have no direct conversation with yet; name match first. */
export function switcherItems(spaces: SpaceDto[], entities: EntityDto[], meId: string, query: string): Item[] {
  const q = query.trim().toLowerCase();
  // A group direct message is not a conversation with each of its members alone.
  const inDirect = new Set(
    spaces.filter((s) => s.kind === "direct" && s.members.length <= 2).flatMap((s) => s.members.filter((m) => m.id !== meId).map((m) => m.id)),
  );
  const items: Item[] = [
    ...spaces.map((s) => ({
      key: s.id,
      spaceId: s.id,
      label: s.kind === "channel" ? `#${s.name}` : s.name,
      hint: s.kind === "channel" ? "Channel" : s.members.length > 2 ? "Group direct message" : "Direct message",
    })),
    ...entities
      .filter((e) => e.id !== meId && !inDirect.has(e.id))
      .map((e) => ({ key: e.id, entityId: e.id, label: e.name, hint: e.type === "agent" ? "Agent" : "Person" })),
  ];
  if (!q) return items;
  const name = (i: Item) => i.label.replace(/^#/, "").toLowerCase();
  return [...items.filter((i) => name(i).startsWith(q)), ...items.filter((i) => !name(i).startsWith(q) && name(i).includes(q))];
}

export function QuickSwitcher({ open, onClose, spaces, entities, meId, onOpenSpace, onOpenDirect }: Props) {
  return (
    <Modal title="Switch to a conversation" open={open} onClose={onClose}>
      <SwitcherBody spaces={spaces} entities={entities} meId={meId} onClose={onClose} onOpenSpace={onOpenSpace} onOpenDirect={onOpenDirect} />
    </Modal>
  );
}

function SwitcherBody({ spaces, entities, meId, onClose, onOpenSpace, onOpenDirect }: Omit<Props, "open">) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The dialog focuses its first control (Close) when it opens, after this mounts: take it back.
  useEffect(() => {
    const t = setTimeout(() => input.current?.focus());
    return () => clearTimeout(t);
  }, []);
  const items = useMemo(() => switcherItems(spaces, entities, meId, query).slice(0, 50), [spaces, entities, meId, query]);
  const current = items[Math.min(active, items.length - 1)];

  const choose = async (item: Item | undefined) => {
    if (!item) return;
    try {
      if ("spaceId" in item) onOpenSpace(item.spaceId);
      else await onOpenDirect(item.entityId);
      onClose();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div>
      <input
        ref={input}
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current ? `${listId}-${current.key}` : undefined}
        aria-label="Find a channel, person or agent"
        placeholder="Find a channel, person or agent"
        className={inputClass}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") setActive((a) => Math.min(a + 1, items.length - 1));
          else if (e.key === "ArrowUp") setActive((a) => Math.max(a - 1, 0));
          else if (e.key === "Enter") void choose(current);
          else return;
          e.preventDefault();
        }}
      />
      <div id={listId} role="listbox" aria-label="Conversations" className="mt-2 max-h-72 overflow-y-auto">
        {items.map((item) => (
          <div
            key={item.key}
            id={`${listId}-${item.key}`}
            role="option"
            aria-selected={item === current}
            tabIndex={-1}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void choose(item)}
            onKeyDown={() => {}}
            className={clsx(
              "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm",
              item === current ? "bg-accent-600 text-white" : "hover:bg-zinc-100 dark:hover:bg-zinc-800",
            )}
          >
            <span className="min-w-0 flex-1 truncate">{item.label}</span>
            <span className={clsx("text-xs", item === current ? "text-white/80" : "text-zinc-500 dark:text-zinc-400")}>{item.hint}</span>
          </div>
        ))}
        {items.length === 0 && <p className="px-2 py-2 text-sm text-zinc-500">Nothing matches.</p>}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">↑↓ to move · Enter to open · Esc to close</p>
    </div>
  );
}
