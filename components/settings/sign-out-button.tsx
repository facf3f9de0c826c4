"use client";
import { signOutHere } from "@/lib/client/sign-out";

export function SignOutButton() {
  return (
    <button
      type="button"
      onClick={() => void signOutHere()}
      className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
    >
      Sign out
    </button>
  );
}
