"use client";
// Invite links: the form that makes one (shown once), and the list with Revoke.
import { useState } from "react";
import { DEFAULT_INVITE_DAYS, MAX_INVITE_DAYS, MAX_INVITE_USES } from "@/lib/limits";
import type { InviteDto } from "@/lib/people/people-dto";
import { OneTimeLink } from "./one-time-link";
import { callApi } from "./call-api";

const input = "mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950";
const STATE_LABEL: Record<InviteDto["state"], string> = { usable: "Usable", used: "Used up", expired: "Expired", revoked: "Revoked" };

export function InviteLinks({ initial, channels }: { initial: InviteDto[]; channels: { id: string; name: string }[] }) {
  const [invites, setInvites] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function create(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = {
      expiresInDays: Number(form.get("days")),
      maxUses: Number(form.get("uses")),
      role: String(form.get("role")),
      spaceIds: form.getAll("channel").map(String),
    };
    setPending(true);
    const res = await callApi<{ token: string; invite: InviteDto }>("/api/admin/people/invites", { method: "POST", body: JSON.stringify(body) });
    setPending(false);
    if (!res.ok) return setError(res.message);
    setError(null);
    setMade(`${window.location.origin}/invite/${res.data.token}`);
    setInvites([res.data.invite, ...invites]);
  }

  async function revoke(id: string) {
    const res = await callApi(`/api/admin/people/invites/${encodeURIComponent(id)}`, { method: "DELETE" });
    if (!res.ok) return setError(res.message);
    setInvites(invites.map((i) => (i.id === id ? { ...i, state: "revoked", revokedAt: new Date().toISOString() } : i)));
  }

  return (
    <section aria-labelledby="invites-heading" className="space-y-3">
      <h2 id="invites-heading" className="text-lg font-semibold">
        Invite links
      </h2>
      <form
        onSubmit={create}
        aria-label="New invite link"
        className="grid grid-cols-2 gap-3 rounded-xl border border-zinc-200 p-3 sm:grid-cols-4 dark:border-zinc-800"
      >
        <label className="text-sm">
          Expires in (days)
          <input name="days" type="number" min={1} max={MAX_INVITE_DAYS} defaultValue={DEFAULT_INVITE_DAYS} required className={input} />
        </label>
        <label className="text-sm">
          Max uses
          <input name="uses" type="number" min={1} max={MAX_INVITE_USES} defaultValue={1} required className={input} />
        </label>
        <label className="text-sm">
          Role
          <select name="role" defaultValue="member" className={input}>
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        </label>
        <div className="col-span-2 flex items-end sm:col-span-1">
          <button
            type="submit"
            disabled={pending}
            className="w-full rounded-lg bg-accent-600 px-3 py-2 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-60"
          >
            Create invite link
          </button>
        </div>
        {channels.length > 0 && (
          <fieldset className="col-span-2 sm:col-span-4">
            <legend className="text-sm">Channels to join</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {channels.map((c) => (
                <label key={c.id} className="flex items-center gap-1.5 text-sm">
                  <input type="checkbox" name="channel" value={c.id} />#{c.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </form>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-300">
          {error}
        </p>
      )}
      {made && (
        <OneTimeLink label="New invite link" note="Shown once: copy it now and send it to the person you invite." url={made} onDismiss={() => setMade(null)} />
      )}
      {invites.length > 0 && (
        <ul aria-label="Invite links" className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
          {invites.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-mono text-xs">{i.prefix}…</span>
              <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs dark:bg-zinc-800">{STATE_LABEL[i.state]}</span>
              <span className="text-zinc-600 dark:text-zinc-400">
                {i.role} · {i.uses}/{i.maxUses} used · expires {i.expiresAt.slice(0, 10)}
                {i.channels.length > 0 && ` · ${i.channels.map((c) => `#${c.name}`).join(", ")}`}
              </span>
              {i.state === "usable" && (
                <button
                  type="button"
                  onClick={() => void revoke(i.id)}
                  aria-label={`Revoke invite ${i.prefix}`}
                  className="ml-auto rounded-lg border border-zinc-300 px-2.5 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-white/5"
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
