import Link from "next/link";
import { RunInspector } from "@/components/runs/run-inspector";
import { adminUser } from "../../admin-user";

export const dynamic = "force-dynamic";

export default async function AdminRunPage({ params }: { params: Promise<{ runId: string }> }) {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const { runId } = await params;
  return (
    <>
      <Link href="/admin/runs" className="text-sm text-accent-600 hover:underline dark:text-indigo-300">
        ← All runs
      </Link>
      <div className="mt-3">
        <RunInspector runId={runId} />
      </div>
    </>
  );
}
