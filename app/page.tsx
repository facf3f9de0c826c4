import { redirect } from "next/navigation";
import { auth } from "@/server/auth/next-auth";

export const dynamic = "force-dynamic";

export default async function Home() {
  const session = await auth();
  redirect(session?.user ? "/spaces" : "/signin");
}
