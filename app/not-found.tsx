// What notFound() and an unknown address render, with status 404: a page of ours with the way
// back, in the app's light and dark styles, not the framework's bare default.
import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto grid min-h-dvh max-w-md place-content-center px-4 py-10 text-center">
      <p className="text-sm font-semibold text-zinc-500 tabular-nums">404</p>
      <h1 className="mt-2 text-2xl font-semibold">Nothing here</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        This page does not exist, or what it showed was deleted. Check the address, or go back to where you were.
      </p>
      <Link
        href="/spaces"
        className="mt-6 inline-block rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white no-underline hover:bg-accent-700 dark:text-white"
      >
        Back to the chat
      </Link>
    </main>
  );
}
