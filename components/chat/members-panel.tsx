"use client";
import { useState } from "react";
import type { SpaceDto } from "@/lib/realtime/dto";
import { REPLY_MODE_TEXT } from "@/lib/agents/reply-modes";
import { Avatar } from "./avatar";
import { ReplyModeSelect } from "./reply-mode-select";
import { SpaceBudgetForm } from "./space-budget-form";

interface Props {
  space: SpaceDto;
  meId: string;
  online: Record<string, true>;
  canManage: boolean;
  /** Workspace admins also set the space's token budget for its agents. */
  isAdmin: boolean;
  onClose(): void;
  onAdd(): void;
  onRemove(entityId: string): void;
  onLeave(): void;
  onRename(name: string): Promise<void>;
}

export function MembersPanel({ space, meId, online, canManage, isAdmin, onClose, onAdd, onRemove, onLeave, onRename }: Props) {
  const [name, setName] = useState(space.name);
  const [error, setError] = useState<string | null>(null);
  return (
    <aside
      aria-label="Members"
      className="flex w-72 shrink-0 flex-col border-l border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950 max-lg:absolute max-lg:inset-y-0 max-lg:right-0 max-lg:z-20 max-lg:shadow-xl"
    >
      <div className="flex items-center border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <h2 className="flex-1 font-semibold">Members ({space.members.length})</h2>
        <button type="button" onClick={onClose} aria-label="Close members" className="rounded px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">
          ✕
        </button>
      </div>
      {canManage && space.kind === "channel" && (
        <form
          className="flex gap-2 border-b border-zinc-200 p-3 dark:border-zinc-800"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            onRename(name).catch((err: Error) => setError(err.message));
          }}
        >
          <input
            aria-label="Channel name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <button
            type="submit"
            disabled={!name.trim() || name === space.name}
            className="rounded-md border border-zinc-300 px-2 py-1 text-sm font-medium disabled:opacity-50 dark:border-zinc-700"
          >
            Rename
          </button>
          {error && (
            <p role="alert" className="text-xs text-red-600">
              {error}
            </p>
          )}
        </form>
      )}
      {isAdmin && space.members.some((m) => m.type === "agent") && <SpaceBudgetForm spaceId={space.id} budget={space.dailyTokenBudget} />}
      <ul className="flex-1 overflow-y-auto p-2">
        {space.members.map((m) => (
          <li key={m.id} className="group flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-zinc-50 dark:hover:bg-zinc-900">
            <Avatar entity={m} size={28} online={m.type === "agent" ? undefined : !!online[m.id]} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">
                {m.name}
                {m.id === meId && <span className="text-zinc-500"> (you)</span>}
              </p>
              <p className="text-xs text-zinc-500">
                {m.type === "agent"
                  ? m.agentStatus === "archived"
                    ? "Agent · deleted"
                    : m.agentStatus === "disabled"
                      ? "Agent · disabled"
                      : m.provider === "offline"
                        ? "Agent · offline model"
                        : `Agent · ${m.provider ?? "model"}`
                  : online[m.id]
                    ? "Online"
                    : "Offline"}
                {m.role !== "member" ? ` · ${m.role}` : ""}
                {m.type === "agent" && m.notConfigured && m.agentStatus === "active" && (
                  <span className="font-medium text-amber-700 dark:text-amber-400"> · not configured</span>
                )}
                {!canManage && m.replyMode && m.replyMode !== "every" ? ` · replies ${REPLY_MODE_TEXT[m.replyMode]}` : ""}
              </p>
              {canManage && m.agentId && m.replyMode && <ReplyModeSelect spaceId={space.id} agentId={m.agentId} agentName={m.name} mode={m.replyMode} />}
            </div>
            {canManage && m.id !== meId && space.kind === "channel" && (
              <button
                type="button"
                onClick={() => onRemove(m.id)}
                aria-label={`Remove ${m.name}`}
                className="hidden rounded px-1.5 text-xs text-red-600 group-hover:block hover:bg-red-50 dark:hover:bg-red-950"
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="space-y-2 border-t border-zinc-200 p-3 dark:border-zinc-800">
        {space.kind === "channel" && (
          <button
            type="button"
            onClick={onAdd}
            className="w-full rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
          >
            Add people
          </button>
        )}
        <button
          type="button"
          onClick={onLeave}
          className="w-full rounded-lg px-3 py-1.5 text-sm font-medium text-red-600 hover:bg-red-50 dark:hover:bg-red-950"
        >
          Leave {space.kind === "channel" ? "channel" : "conversation"}
        </button>
      </div>
    </aside>
  );
}
