import Link from "next/link";
import { AdminNav } from "@/components/admin/admin-nav";
import { forbidden } from "next/navigation";
import { ThemeToggle } from "@/components/theme-toggle";
import { adminUser } from "./admin-user";

export const dynamic = "force-dynamic";

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const me = await adminUser();
  if (!me) forbidden();
  return (
    <div className="min-h-dvh">
      <header className="flex items-center gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <span aria-hidden className="grid h-7 w-7 place-items-center rounded-lg bg-accent-600 text-sm font-bold text-white">
          P
        </span>
        <p className="font-semibold">Parley admin</p>
        <Link href="/spaces" className="ml-auto text-sm text-accent-600 hover:underline dark:text-indigo-300">
          ← Back to the chat
        </Link>
        <span className="[&_button]:hover:bg-zinc-100 dark:[&_button]:hover:bg-white/10">
          <ThemeToggle />
        </span>
      </header>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 md:flex-row md:gap-8">
        <aside className="md:w-44 md:shrink-0">
          <AdminNav />
        </aside>
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </div>
  );
}
