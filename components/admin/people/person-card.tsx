"use client";
// One person in the admin's list: who, role, status, last active, spaces, and the actions.
import clsx from "clsx";
import type { PersonRow } from "@/lib/people/people-dto";

const button = "rounded-lg border border-zinc-300 px-2.5 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-white/5";

function lastActive(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "never";
}

export function PersonCard({
  person: p,
  isMe,
  onRole,
  onActive,
  onReset,
}: {
  person: PersonRow;
  isMe: boolean;
  onRole: (role: "admin" | "member") => void;
  onActive: (active: boolean) => void;
  onReset: () => void;
}) {
  const deactivated = p.status === "deactivated";
  return (
    <li aria-label={p.name} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className={clsx("truncate font-medium", deactivated && "text-zinc-500 line-through")}>
          {p.name}
          {isMe && <span className="ml-1 text-xs font-normal text-zinc-500">(you)</span>}
        </p>
        <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{p.email}</p>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-500">
          <span
            className={clsx(
              "rounded-full px-2 py-0.5 font-medium",
              deactivated
                ? "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                : "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
            )}
          >
            {deactivated ? "Deactivated" : "Active"}
          </span>
          <span>Last active {lastActive(p.lastActiveAt)}</span>
          <span>
            {p.spaceCount} {p.spaceCount === 1 ? "space" : "spaces"}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label={`Role of ${p.name}`}
          value={p.role}
          onChange={(e) => onRole(e.target.value as "admin" | "member")}
          className="rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        >
          <option value="member">Member</option>
          <option value="admin">Admin</option>
        </select>
        <button type="button" className={button} onClick={() => onActive(deactivated)} aria-label={`${deactivated ? "Reactivate" : "Deactivate"} ${p.name}`}>
          {deactivated ? "Reactivate" : "Deactivate"}
        </button>
        {!deactivated && (
          <button type="button" className={button} onClick={onReset} aria-label={`Password reset link for ${p.name}`}>
            Reset link
          </button>
        )}
      </div>
    </li>
  );
}
