import { redirect } from "next/navigation";
import { currentUser } from "@/server/auth/current-user";
import { Workspace } from "@/components/chat/workspace";

export const dynamic = "force-dynamic";

export default async function SpacesPage({ params }: { params: Promise<{ spaceId?: string[] }> }) {
  const me = await currentUser();
  if (!me) redirect("/signin");
  const { spaceId } = await params;
  return <Workspace me={me} initialSpaceId={spaceId?.[0] ?? null} />;
}
