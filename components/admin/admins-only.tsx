// What a member sees at /admin: a plain refusal with the way back, not an error or an empty shell.
import Link from "next/link";

export function AdminsOnly() {
  return (
    <main className="mx-auto grid min-h-dvh max-w-md place-content-center px-4 py-10 text-center">
      <p className="text-sm font-semibold text-zinc-500 tabular-nums">403</p>
      <h1 className="mt-2 text-2xl font-semibold">Admins only</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">The admin panel is for workspace admins. Ask one if you need an agent changed.</p>
      <Link
        href="/spaces"
        className="mt-6 inline-block rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white no-underline hover:bg-accent-700 dark:text-white"
      >
        Back to the chat
      </Link>
    </main>
  );
}
