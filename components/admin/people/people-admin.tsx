"use client";
// The admin's people page: invite links (made, listed, revoked) and the people list (search,
// pages, role, deactivate / reactivate, password reset link). Links are shown once, here.
import { useState } from "react";
import type { InviteDto, PeoplePage } from "@/lib/people/people-dto";
import { callApi } from "./call-api";
import { InviteLinks } from "./invite-links";
import { OneTimeLink } from "./one-time-link";
import { PersonCard } from "./person-card";

export function PeopleAdmin({
  initial,
  invites,
  channels,
  myUserId,
}: {
  initial: PeoplePage;
  invites: InviteDto[];
  channels: { id: string; name: string }[];
  myUserId: string;
}) {
  const [page, setPage] = useState(initial);
  const [query, setQuery] = useState("");
  // The `after` cursors of the pages before the one shown, so "Previous" can go back.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [error, setError] = useState<string | null>(null);
  const [resetLink, setResetLink] = useState<{ name: string; url: string } | null>(null);

  async function load(q: string, after: string | undefined) {
    const params = new URLSearchParams();
    if (q.trim()) params.set("q", q.trim());
    if (after) params.set("after", after);
    const res = await callApi<PeoplePage>(`/api/admin/people?${params}`);
    if (!res.ok) return setError(res.message);
    setError(null);
    setPage(res.data);
  }

  const current = cursors.at(-1);

  async function change(userId: string, body: { role?: "admin" | "member"; active?: boolean }) {
    const res = await callApi(`/api/admin/people/${encodeURIComponent(userId)}`, { method: "PATCH", body: JSON.stringify(body) });
    if (!res.ok) return setError(res.message);
    await load(query, current);
  }

  async function issueReset(userId: string, name: string) {
    const res = await callApi<{ token: string }>(`/api/admin/people/${encodeURIComponent(userId)}/password-reset`, { method: "POST" });
    if (!res.ok) return setError(res.message);
    setError(null);
    setResetLink({ name, url: `${window.location.origin}/reset/${res.data.token}` });
  }

  return (
    <div className="space-y-8">
      <InviteLinks initial={invites} channels={channels} />

      <section aria-labelledby="people-heading" className="space-y-3">
        <h2 id="people-heading" className="text-lg font-semibold">
          Members
        </h2>
        <search>
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setCursors([undefined]);
              void load(query, undefined);
            }}
          >
            <input
              type="search"
              aria-label="Search people by name or email"
              placeholder="Search by name or email"
              value={query}
              maxLength={100}
              onChange={(e) => setQuery(e.target.value)}
              className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-accent-500 focus:ring-2 focus:ring-accent-500/30 dark:border-zinc-700 dark:bg-zinc-950"
            />
            <button type="submit" className="rounded-lg bg-accent-600 px-3 py-2 text-sm font-semibold text-white hover:bg-accent-700">
              Search
            </button>
          </form>
        </search>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-300">
            {error}
          </p>
        )}
        {resetLink && (
          <OneTimeLink
            label={`Password reset link for ${resetLink.name}`}
            note="Shown once. It works for one hour, one time; pass it on privately."
            url={resetLink.url}
            onDismiss={() => setResetLink(null)}
          />
        )}
        {page.people.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Nobody matches.</p>
        ) : (
          <ul aria-label="People" className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {page.people.map((p) => (
              <PersonCard
                key={p.userId}
                person={p}
                isMe={p.userId === myUserId}
                onRole={(role) => change(p.userId, { role })}
                onActive={(active) => change(p.userId, { active })}
                onReset={() => issueReset(p.userId, p.name)}
              />
            ))}
          </ul>
        )}
        <nav aria-label="People pages" className="flex gap-2">
          <button
            type="button"
            disabled={cursors.length < 2}
            onClick={() => {
              const back = cursors.slice(0, -1);
              setCursors(back);
              void load(query, back.at(-1));
            }}
            className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-50 dark:border-zinc-700"
          >
            Previous page
          </button>
          <button
            type="button"
            disabled={!page.nextAfter}
            onClick={() => {
              const next = page.nextAfter ?? undefined;
              setCursors([...cursors, next]);
              void load(query, next);
            }}
            className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm disabled:opacity-50 dark:border-zinc-700"
          >
            Next page
          </button>
        </nav>
      </section>
    </div>
  );
}
