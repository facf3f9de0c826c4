"use client";
// Who and what mention references name, for rendering them in messages: the workspace's
// entities and my spaces, by id, with the current names (a rename shows everywhere at once).
import { createContext, useContext } from "react";
import clsx from "clsx";
import { renderMentions, UNKNOWN_ENTITY, UNKNOWN_SPACE } from "@/lib/mentions/format";

export interface MentionNamesValue {
  meId: string;
  entities: ReadonlyMap<string, string>;
  /** Channels I am in: id → name. */
  spaces: ReadonlyMap<string, string>;
  onOpenSpace?(spaceId: string): void;
}

const empty: MentionNamesValue = { meId: "", entities: new Map(), spaces: new Map() };
export const MentionNamesContext = createContext<MentionNamesValue>(empty);
export const useMentionNames = () => useContext(MentionNamesContext);

export function EntityMention({ id }: { id: string }) {
  const { meId, entities } = useMentionNames();
  const me = id === meId;
  return (
    <span
      className={clsx(
        "rounded px-0.5 font-medium",
        me
          ? "bg-amber-200 text-amber-950 dark:bg-amber-400/30 dark:text-amber-100"
          : "bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-indigo-200",
      )}
      data-mention={me ? "me" : "other"}
    >
      @{entities.get(id) ?? UNKNOWN_ENTITY}
    </span>
  );
}

export function SpaceMention({ id }: { id: string }) {
  const { spaces, onOpenSpace } = useMentionNames();
  const name = spaces.get(id);
  if (!name) return <span className="text-zinc-500">#{UNKNOWN_SPACE}</span>;
  return (
    <a
      href={`/spaces/${id}`}
      className="font-medium text-accent-700 hover:underline dark:text-indigo-300"
      onClick={(e) => {
        if (!onOpenSpace) return;
        e.preventDefault();
        onOpenSpace(id);
      }}
    >
      #{name}
    </a>
  );
}

/** Text with references as `@Name` / `#channel`, for quotes and excerpts shown as plain text. */
export function usePlainMentions(): (text: string) => string {
  const { entities, spaces } = useMentionNames();
  return (text) => renderMentions(text, { entities, spaces });
}

export function PlainMentions({ text }: { text: string }) {
  return <>{usePlainMentions()(text)}</>;
}

/** The workspace's outer box, giving everything inside the names references render with. */
export function MentionNamesRoot({ value, className, children }: { value: MentionNamesValue; className: string; children: React.ReactNode }) {
  return (
    <MentionNamesContext.Provider value={value}>
      <div className={className}>{children}</div>
    </MentionNamesContext.Provider>
  );
}
