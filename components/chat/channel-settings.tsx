"use client";
// A channel's settings: name, topic, description and visibility, and archiving. Everyone sees
// them; only the channel's owner/admin (or a workspace admin who is a member) may change them.
// Each saved change is a line in the channel.
import { useState } from "react";
import type { SpaceDto, SpaceVisibility } from "@/lib/realtime/dto";
import { MAX_DESCRIPTION_LENGTH, MAX_TOPIC_LENGTH } from "@/lib/limits";
import type { ChannelSettings } from "./use-workspace";
import { Modal, buttonClass, inputClass } from "./modal";
import { VisibilityChoice } from "./visibility-choice";

interface Props {
  open: boolean;
  onClose(): void;
  space: SpaceDto;
  canManage: boolean;
  onSave(fields: ChannelSettings): Promise<void>;
  onArchive(archived: boolean): Promise<void>;
}

export function ChannelSettingsDialog({ open, onClose, space, canManage, onSave, onArchive }: Props) {
  return (
    <Modal title={`#${space.name} settings`} open={open} onClose={onClose}>
      {/* Mounted per opening, so the fields start from the channel as it is now. */}
      {open && <SettingsForm space={space} canManage={canManage} onSave={onSave} onArchive={onArchive} onDone={onClose} />}
    </Modal>
  );
}

function SettingsForm({ space, canManage, onSave, onArchive, onDone }: Omit<Props, "open" | "onClose"> & { onDone(): void }) {
  const [name, setName] = useState(space.name);
  const [topic, setTopic] = useState(space.topic);
  const [description, setDescription] = useState(space.description);
  const [visibility, setVisibility] = useState<SpaceVisibility>(space.visibility);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = !canManage || space.archived;
  const changed: ChannelSettings = {
    ...(name !== space.name && { name }),
    ...(topic !== space.topic && { topic }),
    ...(description !== space.description && { description }),
    ...(visibility !== space.visibility && { visibility }),
  };
  const act = (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    fn()
      .then(onDone)
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        act(() => onSave(changed));
      }}
    >
      {space.archived && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          This channel is archived: it is read-only.
        </p>
      )}
      <fieldset disabled={readOnly} className="space-y-3">
        <label className="block text-sm font-medium">
          Name
          <input className={`${inputClass} mt-1`} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
        </label>
        <label className="block text-sm font-medium">
          Topic
          <input className={`${inputClass} mt-1`} value={topic} onChange={(e) => setTopic(e.target.value)} maxLength={MAX_TOPIC_LENGTH} />
        </label>
        <label className="block text-sm font-medium">
          Description
          <textarea
            className={`${inputClass} mt-1`}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={MAX_DESCRIPTION_LENGTH}
          />
        </label>
      </fieldset>
      <VisibilityChoice value={visibility} onChange={setVisibility} disabled={readOnly} />
      {!canManage && <p className="text-sm text-zinc-500">Only the channel&apos;s owner or an admin can change these.</p>}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {canManage && (
        <div className="flex items-center justify-between gap-2 pt-1">
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              if (!space.archived && !confirm(`Archive #${space.name}? It becomes read-only and leaves everyone's sidebar.`)) return;
              act(() => onArchive(!space.archived));
            }}
            className="rounded-lg px-3 py-2 text-sm font-medium text-red-600 hover:bg-red-50 disabled:opacity-60 dark:hover:bg-red-950"
          >
            {space.archived ? "Unarchive channel" : "Archive channel"}
          </button>
          {!space.archived && (
            <button type="submit" className={buttonClass} disabled={busy || Object.keys(changed).length === 0 || !name.trim()}>
              {busy ? "Saving…" : "Save"}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
