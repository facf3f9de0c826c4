// The run list moved into the admin panel; old links and bookmarks keep working.
import { redirect } from "next/navigation";

export const dynamic = "force-dynamic";

export default async function OldRunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) if (typeof v === "string") query.set(k, v);
  const q = query.toString();
  redirect(q ? `/admin/runs?${q}` : "/admin/runs");
}
