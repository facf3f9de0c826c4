import { ChainView } from "@/components/admin/chain-view";
import { adminUser } from "../../admin-user";

export const dynamic = "force-dynamic";

export default async function AdminChainPage({ params }: { params: Promise<{ messageId: string }> }) {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const { messageId } = await params;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Agent chain</h1>
      <ChainView messageId={messageId} />
    </>
  );
}
