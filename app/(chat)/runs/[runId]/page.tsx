// The run inspector moved into the admin panel; old links and bookmarks keep working.
import { redirect } from "next/navigation";

export const dynamic = "force-dynamic";

export default async function OldRunPage({ params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  redirect(`/admin/runs/${encodeURIComponent(runId)}`);
}
