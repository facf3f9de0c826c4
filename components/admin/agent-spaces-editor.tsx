"use client";
// The channels an agent works in: take it out of one, or add it to another the admin is a member
// of (the picker offers only those). Direct spaces are listed but kept: they belong to their two members.
import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import type { AgentSpaceDto } from "@/lib/agents/agent-dto";
import { refusalOf } from "./field-error";

interface Props {
  agentId: string;
  name: string;
  spaces: AgentSpaceDto[];
  channels: { id: string; name: string }[];
}

export function AgentSpacesEditor({ agentId, name, spaces, channels }: Props) {
  const router = useRouter();
  const id = useId();
  const [pick, setPick] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inside = new Set(spaces.map((s) => s.id));
  const others = channels.filter((c) => !inside.has(c.id));

  async function change(key: string, req: Promise<Response>) {
    setBusy(key);
    setError(null);
    const res = await req.catch(() => null);
    if (!res) setError("Could not reach the server.");
    else if (!res.ok) setError((await refusalOf(res)).message);
    else if (key === "add") setPick("");
    setBusy(null);
    router.refresh();
  }

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    void change(
      "add",
      fetch(`/api/agents/${agentId}/spaces`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ spaceId: pick }) }),
    );
  };

  return (
    <section className="rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="font-semibold">
        Spaces
      </h2>
      {spaces.length ? (
        <ul className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          {spaces.map((s) => (
            <li key={s.id} className="flex items-center gap-3 py-2">
              <span className="flex-1 break-words">{s.kind === "channel" ? `#${s.name}` : `Direct: ${s.name}`}</span>
              {s.kind === "channel" && (
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => change(s.id, fetch(`/api/agents/${agentId}/spaces/${s.id}`, { method: "DELETE" }))}
                  aria-label={`Remove ${name} from #${s.name}`}
                  className="rounded-lg px-3 py-1 text-red-700 hover:bg-red-50 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950/40"
                >
                  {busy === s.id ? "Removing…" : "Remove"}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-zinc-500">{name} is in no spaces yet.</p>
      )}
      <form onSubmit={add} className="mt-3 flex flex-wrap items-end gap-2">
        <label className="block min-w-48 flex-1 text-sm font-medium">
          Add to channel
          <select
            value={pick}
            onChange={(e) => setPick(e.target.value)}
            required
            aria-describedby={`${id}-only`}
            className="mt-1 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="">Choose a channel…</option>
            {others.map((c) => (
              <option key={c.id} value={c.id}>
                #{c.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={busy !== null || !pick}
          className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-60"
        >
          {busy === "add" ? "Adding…" : "Add"}
        </button>
      </form>
      <p id={`${id}-only`} className="mt-1 text-xs text-zinc-500">
        Only channels you are a member of: an agent you add reads the channel for whoever asks it.
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
