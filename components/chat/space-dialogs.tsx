"use client";
// Create a channel, start a direct message, add people to a space.
import { useState } from "react";
import type { EntityDto, SpaceDto, SpaceVisibility } from "@/lib/realtime/dto";
import { VisibilityChoice } from "./visibility-choice";
import { MAX_GROUP_DM_MEMBERS } from "@/lib/limits";
import { Modal, buttonClass, inputClass } from "./modal";
import { EntityPicker } from "./entity-picker";

function useToggleSet(single = false) {
  const [set, setSet] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setSet((s) => {
      if (single) return new Set([id]);
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return [set, toggle, () => setSet(new Set())] as const;
}

function useSubmit() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

export function NewChannelDialog({
  open,
  onClose,
  entities,
  meId,
  onCreate,
}: {
  open: boolean;
  onClose(): void;
  entities: EntityDto[];
  meId: string;
  onCreate(name: string, topic: string, memberIds: string[], visibility: SpaceVisibility): Promise<void>;
}) {
  const [name, setName] = useState("");
  const [visibility, setVisibility] = useState<SpaceVisibility>("private");
  const [topic, setTopic] = useState("");
  const [selected, toggle, reset] = useToggleSet();
  const { error, busy, run } = useSubmit();
  const close = () => {
    setName("");
    setTopic("");
    setVisibility("private");
    reset();
    onClose();
  };
  return (
    <Modal title="Create a channel" open={open} onClose={close}>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await onCreate(name, topic, [...selected], visibility);
            close();
          });
        }}
      >
        <label className="block text-sm font-medium">
          Name
          <input
            className={`${inputClass} mt-1`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. launch-plans"
            required
            maxLength={80}
            // biome-ignore lint/a11y/noAutofocus: the dialog opened to type this name; focus belongs in it
            autoFocus
          />
        </label>
        <label className="block text-sm font-medium">
          Topic <span className="font-normal text-zinc-500">(optional)</span>
          <input className={`${inputClass} mt-1`} value={topic} onChange={(e) => setTopic(e.target.value)} maxLength={250} />
        </label>
        <VisibilityChoice value={visibility} onChange={setVisibility} />
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Members</legend>
          <EntityPicker entities={entities.filter((e) => e.id !== meId)} selected={selected} onToggle={toggle} />
        </fieldset>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <div className="flex justify-end">
          <button type="submit" className={buttonClass} disabled={busy || !name.trim()}>
            {busy ? "Creating…" : "Create channel"}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function NewDirectDialog({
  open,
  onClose,
  entities,
  meId,
  onOpen,
}: {
  open: boolean;
  onClose(): void;
  entities: EntityDto[];
  meId: string;
  /** One other: the two-person direct message; more: a group direct message with all of them. */
  onOpen(entityIds: string[]): Promise<void>;
}) {
  const [selected, toggle, reset] = useToggleSet();
  const { error, busy, run } = useSubmit();
  const close = () => {
    reset();
    onClose();
  };
  const ids = [...selected];
  const tooMany = ids.length > MAX_GROUP_DM_MEMBERS - 1;
  return (
    <Modal title="New direct message" open={open} onClose={close}>
      <p id="dm-hint" className={`mb-2 text-sm ${tooMany ? "text-red-600" : "text-zinc-500"}`}>
        Pick one person or agent, or up to {MAX_GROUP_DM_MEMBERS - 1} for a group conversation.
      </p>
      <EntityPicker entities={entities.filter((e) => e.id !== meId)} selected={selected} onToggle={toggle} />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          className={buttonClass}
          disabled={busy || ids.length === 0 || tooMany}
          aria-describedby="dm-hint"
          onClick={() =>
            void run(async () => {
              await onOpen(ids);
              close();
            })
          }
        >
          {ids.length > 1 ? `Open group conversation (${ids.length + 1})` : "Open conversation"}
        </button>
      </div>
    </Modal>
  );
}

export function AddMembersDialog({
  open,
  onClose,
  entities,
  space,
  onAdd,
}: {
  open: boolean;
  onClose(): void;
  entities: EntityDto[];
  space: SpaceDto;
  onAdd(ids: string[]): Promise<void>;
}) {
  const [selected, toggle, reset] = useToggleSet();
  const { error, busy, run } = useSubmit();
  const memberIds = new Set(space.members.map((m) => m.id));
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Modal title={`Add people to #${space.name}`} open={open} onClose={close}>
      <EntityPicker entities={entities.filter((e) => !memberIds.has(e.id))} selected={selected} onToggle={toggle} />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          className={buttonClass}
          disabled={busy || selected.size === 0}
          onClick={() =>
            void run(async () => {
              await onAdd([...selected]);
              close();
            })
          }
        >
          {busy ? "Adding…" : "Add"}
        </button>
      </div>
    </Modal>
  );
}
