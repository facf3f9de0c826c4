import { redirect } from "next/navigation";
import Link from "next/link";
import { currentUser } from "@/server/auth/current-user";
import { RunList } from "@/components/runs/run-list";

export const dynamic = "force-dynamic";

export default async function RunsPage() {
  const me = await currentUser();
  if (!me) redirect("/signin");
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <nav className="flex gap-4 text-sm">
        <Link href="/spaces" className="text-accent-600 hover:underline dark:text-indigo-300">
          ← Back to Parley
        </Link>
        {me.isAdmin && (
          <Link href="/admin/agents" className="text-accent-600 hover:underline dark:text-indigo-300">
            Admin panel
          </Link>
        )}
      </nav>
      <h1 className="mt-4 mb-6 text-2xl font-semibold">Agent runs</h1>
      {me.isAdmin ? <RunList /> : <p role="alert">Only admins can inspect agent runs.</p>}
    </main>
  );
}
