import { redirect } from "next/navigation";
import Link from "next/link";
import { currentUser } from "@/server/auth/current-user";
import { RunInspector } from "@/components/runs/run-inspector";

export const dynamic = "force-dynamic";

export default async function RunPage({ params }: { params: Promise<{ runId: string }> }) {
  const me = await currentUser();
  if (!me) redirect("/signin");
  const { runId } = await params;
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <nav className="flex gap-4 text-sm">
        <Link href="/spaces" className="text-accent-600 hover:underline dark:text-indigo-300">
          ← Back to Parley
        </Link>
        <Link href="/runs" className="text-accent-600 hover:underline dark:text-indigo-300">
          All runs
        </Link>
      </nav>
      <div className="mt-4">{me.isAdmin ? <RunInspector runId={runId} /> : <p role="alert">Only admins can inspect agent runs.</p>}</div>
    </main>
  );
}
