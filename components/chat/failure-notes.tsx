"use client";
// Quiet notes under a person's own message when an agent couldn't answer it ("Writer couldn't
// answer: the model provider isn't configured"), with Retry where trying again can help and, for
// admins, a link to the run. Loaded per space from GET /api/spaces/:id/failure-notes (so they
// survive a reload) and added live from the server's run:failure_note event (only the sender
// gets it). Kept in a context so message rows need only their message id.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { FailureNoteDto } from "@/lib/agents/failure-notes";
import type { ClientSocket } from "@/lib/client/socket";

interface NotesState {
  byMessage: Record<string, FailureNoteDto[]>;
  isAdmin: boolean;
  dismiss: (note: FailureNoteDto) => void;
}

const NotesContext = createContext<NotesState | null>(null);

const keyOf = (n: FailureNoteDto) => `${n.agentId}:${n.runId ?? "refused"}`;

export function FailureNotesProvider({
  socket,
  spaceId,
  isAdmin,
  children,
}: {
  socket: ClientSocket | null;
  spaceId: string | null;
  isAdmin: boolean;
  children: React.ReactNode;
}) {
  const [notes, setNotes] = useState<FailureNoteDto[]>([]);
  const add = useCallback((incoming: FailureNoteDto[]) => {
    setNotes((old) => {
      // One note per agent and message: the newest (a retry that failed again replaces the first).
      const next = new Map(old.map((n) => [`${n.messageId}:${n.agentId}`, n]));
      for (const n of incoming) next.set(`${n.messageId}:${n.agentId}`, n);
      return [...next.values()];
    });
  }, []);

  useEffect(() => {
    if (!spaceId) return;
    let live = true;
    fetch(`/api/spaces/${encodeURIComponent(spaceId)}/failure-notes`)
      .then((r) => (r.ok ? (r.json() as Promise<{ notes: FailureNoteDto[] }>) : { notes: [] }))
      .then((body) => live && add(body.notes))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [spaceId, add]);

  useEffect(() => {
    if (!socket) return;
    const onNote = (n: FailureNoteDto) => add([n]);
    socket.on("run:failure_note", onNote);
    return () => {
      socket.off("run:failure_note", onNote);
    };
  }, [socket, add]);

  const value = useMemo<NotesState>(() => {
    const byMessage: Record<string, FailureNoteDto[]> = {};
    for (const n of notes) (byMessage[n.messageId] ??= []).push(n);
    return { byMessage, isAdmin, dismiss: (note) => setNotes((old) => old.filter((n) => keyOf(n) !== keyOf(note) || n.messageId !== note.messageId)) };
  }, [notes, isAdmin]);
  return <NotesContext.Provider value={value}>{children}</NotesContext.Provider>;
}

export function FailureNotesFor({ messageId }: { messageId: string }) {
  const ctx = useContext(NotesContext);
  const notes = ctx?.byMessage[messageId];
  if (!ctx || !notes?.length) return null;
  return (
    <ul className="mt-1 space-y-1">
      {notes.map((n) => (
        <FailureNote key={keyOf(n)} note={n} isAdmin={ctx.isAdmin} onRetried={() => ctx.dismiss(n)} />
      ))}
    </ul>
  );
}

function FailureNote({ note, isAdmin, onRetried }: { note: FailureNoteDto; isAdmin: boolean; onRetried: () => void }) {
  const [state, setState] = useState<"idle" | "retrying" | "error">("idle");
  const [error, setError] = useState("");
  const retry = async () => {
    if (!note.runId) return;
    setState("retrying");
    try {
      const res = await fetch(`/api/runs/${encodeURIComponent(note.runId)}/retry`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? `Retry failed (${res.status})`);
      }
      onRetried();
    } catch (e) {
      setState("error");
      setError((e as Error).message);
    }
  };
  return (
    <li
      role="note"
      className="flex w-fit max-w-full items-start gap-1.5 rounded-md bg-rose-50 px-2 py-1 text-xs text-rose-800 dark:bg-rose-950/40 dark:text-rose-300"
    >
      {/* The icon keeps to the first line; the text, Retry and the run link wrap beside it. */}
      <svg aria-hidden viewBox="0 0 20 20" className="mt-px h-3.5 w-3.5 shrink-0 fill-current">
        <path d="M10 2a8 8 0 1 0 0 16A8 8 0 0 0 10 2Zm-1 4h2v5H9V6Zm0 6h2v2H9v-2Z" />
      </svg>
      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span>{note.text}</span>
        {note.retry && note.runId && (
          <button
            type="button"
            onClick={() => void retry()}
            disabled={state === "retrying"}
            aria-label={`Retry ${note.agentName}`}
            className="rounded border border-rose-300 px-1.5 py-0.5 font-medium hover:bg-rose-100 disabled:opacity-60 dark:border-rose-800 dark:hover:bg-rose-900/50"
          >
            {state === "retrying" ? "Retrying…" : "Retry"}
          </button>
        )}
        {isAdmin && note.runId && (
          <a href={`/admin/runs/${note.runId}`} className="underline underline-offset-2 hover:text-rose-950 dark:hover:text-rose-100">
            Open run
          </a>
        )}
        {state === "error" && <span role="alert">{error}</span>}
      </span>
    </li>
  );
}
