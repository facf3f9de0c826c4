"use client";
// Editing and deleting messages in the timeline: who may (as the server decides, from what the
// client knows), the inline edit box, the Edit / Delete buttons and the delete confirmation.
// The open space provides MessageChanges; message items read it, so the list between them
// passes nothing new along.
import { createContext, useContext, useEffect, useRef, useState } from "react";
import type { MessageDto, SpaceDto } from "@/lib/realtime/dto";
import { MAX_MESSAGE_LENGTH } from "@/lib/limits";
import { Modal } from "./modal";

export interface MessageChanges {
  editingId: string | null;
  startEdit(message: MessageDto): void;
  stopEdit(): void;
  save(message: MessageDto, text: string): Promise<void>;
  askDelete(message: MessageDto): void;
  canEdit(message: MessageDto): boolean;
  canDelete(message: MessageDto): boolean;
}

export const MessageChangesContext = createContext<MessageChanges | null>(null);
export const useMessageChanges = () => useContext(MessageChangesContext);

/**
 * The server's rule (domain/messages/may-delete-message.ts) as far as the client can tell: the
 * author; the space's owner and workspace admins; and the person an agent's message replies to
 * (its quote is of a loaded message of mine). The server refuses whatever this lets through wrongly.
 */
export function deletePermission(space: SpaceDto, meId: string, isAdmin: boolean, loaded: readonly MessageDto[]) {
  const owner = space.members.some((m) => m.id === meId && m.role === "owner");
  return (m: MessageDto): boolean => {
    if (m.deletedAt) return false;
    if (m.sender.id === meId || owner || isAdmin) return true;
    if (m.sender.type !== "agent" || !m.replyTo) return false;
    const quoted = m.replyTo.id;
    return loaded.some((x) => x.id === quoted && x.sender.id === meId);
  };
}

const toolButton = "border-l border-zinc-200 px-2 py-1 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-700";

/** Edit and Delete in a message's hover/focus toolbar, for whoever may use them. */
export function MessageChangeButtons({ message }: { message: MessageDto }) {
  const changes = useMessageChanges();
  if (!changes || message.deletedAt) return null;
  return (
    <>
      {changes.canEdit(message) && (
        <button type="button" onClick={() => changes.startEdit(message)} className={toolButton} aria-label="Edit message">
          Edit
        </button>
      )}
      {changes.canDelete(message) && (
        <button
          type="button"
          onClick={() => changes.askDelete(message)}
          className={`${toolButton} text-red-700 dark:text-red-400`}
          aria-label={`Delete ${message.sender.name}'s message`}
        >
          Delete
        </button>
      )}
    </>
  );
}

/** The text in place of a deleted message: its sender and time stay above it. */
export function DeletedText() {
  return <p className="text-sm text-zinc-500 italic dark:text-zinc-400">message deleted</p>;
}

export function EditedMark({ at }: { at: string }) {
  return (
    <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400" title={`Edited ${new Date(at).toLocaleString()}`}>
      (edited)
    </span>
  );
}

/** The inline edit box: Enter saves, Shift+Enter adds a line, Escape cancels. */
export function MessageEditor({ message }: { message: MessageDto }) {
  const changes = useMessageChanges();
  const [text, setText] = useState(message.text);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  if (!changes) return null;
  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const save = async () => {
    if (!text.trim() || tooLong || saving) return;
    if (text === message.text) return changes.stopEdit();
    setSaving(true);
    try {
      await changes.save(message, text);
      changes.stopEdit();
    } catch (e) {
      setError((e as Error).message);
      setSaving(false);
    }
  };
  return (
    <div className="mt-1">
      <textarea
        ref={ref}
        value={text}
        aria-label="Edit message"
        aria-invalid={tooLong || !text.trim()}
        rows={Math.min(8, text.split("\n").length)}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void save();
          } else if (e.key === "Escape") {
            e.preventDefault();
            changes.stopEdit();
          }
        }}
        className="block w-full resize-y rounded-lg border border-accent-500 bg-white px-2 py-1.5 text-[0.9375rem] outline-none ring-2 ring-accent-500/20 dark:bg-zinc-950"
      />
      <div className="mt-1 flex items-center gap-2 text-xs">
        <span className="flex-1 text-zinc-500">
          {tooLong ? (
            <span className="text-red-600 dark:text-red-400">{text.length - MAX_MESSAGE_LENGTH} characters over the limit</span>
          ) : error ? (
            <span role="alert" className="text-red-600 dark:text-red-400">
              {error}
            </span>
          ) : (
            "Enter to save · Escape to cancel"
          )}
        </span>
        <button type="button" onClick={() => changes.stopEdit()} className="rounded px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">
          Cancel
        </button>
        <button
          type="button"
          onClick={() => void save()}
          disabled={saving || tooLong || !text.trim()}
          className="rounded bg-accent-600 px-2 py-1 font-semibold text-white hover:bg-accent-700 disabled:opacity-60"
        >
          Save
        </button>
      </div>
    </div>
  );
}

/** "Delete this message?": the one confirmation before a message's text is gone for everyone. */
export function DeleteMessageDialog({ message, onConfirm, onClose }: { message: MessageDto | null; onConfirm(m: MessageDto): Promise<void>; onClose(): void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setError(null);
    setBusy(false);
  }, [message]);
  return (
    <Modal title="Delete message" open={message !== null} onClose={onClose}>
      {message && (
        <div className="space-y-4 text-sm">
          <p>
            Delete this message from <strong>{message.sender.name}</strong>? Its text is removed for everyone, agents included; a &ldquo;message deleted&rdquo;
            note stays in its place.
          </p>
          <blockquote className="line-clamp-3 border-l-2 border-zinc-300 pl-2 text-zinc-600 dark:border-zinc-600 dark:text-zinc-400">{message.text}</blockquote>
          {error && (
            <p role="alert" className="text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" onClick={onClose} className="rounded-lg px-4 py-2 hover:bg-zinc-100 dark:hover:bg-zinc-800">
              Cancel
            </button>
            <button
              type="button"
              disabled={busy}
              className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60"
              onClick={async () => {
                setBusy(true);
                try {
                  await onConfirm(message);
                  onClose();
                } catch (e) {
                  setError((e as Error).message);
                  setBusy(false);
                }
              }}
            >
              Delete
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
