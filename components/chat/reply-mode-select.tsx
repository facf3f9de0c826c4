"use client";
// An agent's reply mode in this space, for whoever manages the space: which messages wake it.
// The server checks the same rule (owner/admin of the space, or a workspace admin) and
// announces the change with space:updated, which refreshes every member's view.
import { useState } from "react";
import { REPLY_MODES, REPLY_MODE_TEXT, type ReplyMode } from "@/lib/agents/reply-modes";

export function ReplyModeSelect({ spaceId, agentId, agentName, mode }: { spaceId: string; agentId: string; agentName: string; mode: ReplyMode }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (replyMode: ReplyMode) => {
    setSaving(true);
    setError(null);
    try {
      const res = await fetch(`/api/spaces/${encodeURIComponent(spaceId)}/agents/${encodeURIComponent(agentId)}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ replyMode }),
      });
      if (!res.ok) setError(((await res.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? `Failed (${res.status})`);
    } catch {
      setError("Could not reach the server");
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="mt-1">
      <select
        aria-label={`When ${agentName} replies`}
        value={mode}
        disabled={saving}
        aria-busy={saving}
        onChange={(e) => void change(e.target.value as ReplyMode)}
        className="w-full rounded-md border border-zinc-300 bg-white px-1.5 py-0.5 text-xs disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {REPLY_MODES.map((m) => (
          <option key={m} value={m}>
            Replies: {REPLY_MODE_TEXT[m]}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="mt-0.5 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
