"use client";
// "Delete agent" archives it, after a confirmation that says what that means: nothing it did is
// lost, but it never acts again.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Modal } from "@/components/chat/modal";
import { refusalOf } from "./field-error";

export function DeleteAgentButton({ agentId, name }: { agentId: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    const res = await fetch(`/api/agents/${agentId}`, { method: "DELETE" });
    if (!res.ok) {
      setError((await refusalOf(res)).message);
      setBusy(false);
      return;
    }
    router.push("/admin/agents");
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950/40"
      >
        Delete agent
      </button>
      <Modal title={`Delete ${name}?`} open={open} onClose={() => setOpen(false)}>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {name} will never be woken again: messages, plans and its service key stop working, and runs still waiting are canceled. Its messages keep its name
          and its runs stay in the run inspector. It is listed under “Show archived agents”.
        </p>
        {error && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" onClick={() => setOpen(false)} className="rounded-lg px-4 py-2 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
            Cancel
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={busy}
            className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60"
          >
            {busy ? "Deleting…" : `Delete ${name}`}
          </button>
        </div>
      </Modal>
    </>
  );
}
