export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex items-center justify-center gap-2">
          <span aria-hidden className="grid h-9 w-9 place-items-center rounded-xl bg-accent-600 text-lg font-bold text-white">
            P
          </span>
          <span className="text-2xl font-semibold tracking-tight">Parley</span>
        </div>
        <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">{children}</div>
      </div>
    </main>
  );
}
