import { redirect } from "next/navigation";
import Link from "next/link";
import { currentUser } from "@/server/auth/current-user";
import { ApiTokens } from "@/components/settings/api-tokens";
import { SignOutButton } from "@/components/settings/sign-out-button";

export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const me = await currentUser();
  if (!me) redirect("/signin");
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <Link href="/spaces" className="text-sm text-accent-600 hover:underline dark:text-indigo-300">
        ← Back to Parley
      </Link>
      <h1 className="mt-4 text-2xl font-semibold">Settings</h1>
      <section className="mt-6 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
        <h2 className="font-semibold">Account</h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {me.entity.name} · {me.email}
          {me.isAdmin ? " · admin" : ""}
        </p>
        <div className="mt-3">
          <SignOutButton />
        </div>
      </section>
      <ApiTokens />
    </main>
  );
}
