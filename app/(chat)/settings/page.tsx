import { redirect } from "next/navigation";
import Link from "next/link";
import { currentUser } from "@/server/auth/current-user";
import { ApiTokens } from "@/components/settings/api-tokens";
import { SignOutButton } from "@/components/settings/sign-out-button";
import { SignOutEverywhereButton } from "@/components/settings/sign-out-everywhere";
import { ConnectedAccounts } from "@/components/settings/connected-accounts";
import { NotificationSettings } from "@/components/settings/notification-settings";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { configuredOAuthProviders } from "@/server/auth/oauth-providers";
import { signInErrorMessage } from "@/server/auth/sign-in-errors";
import { providerLabel } from "@/server/domain/users/link-oauth-account";
import { listLinkedProviders } from "@/server/domain/users/list-linked-providers";
import { signupPolicyOf } from "@/server/domain/users/signup-policy";

export const dynamic = "force-dynamic";

export default async function SettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await currentUser();
  if (!me) redirect("/signin");
  const e = env();
  const linked = await listLinkedProviders({ db: getDb() }, { entityId: me.entity.id, userId: me.userId, isAdmin: me.isAdmin });
  // Configured providers, plus any still linked after its keys left the env.
  const oauth = [...new Set<string>([...configuredOAuthProviders(e), ...linked])].map((id) => ({
    id,
    label: providerLabel(id),
    connected: linked.includes(id),
  }));
  const { error, provider } = await searchParams;
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
        <div className="mt-3 flex flex-wrap items-start gap-2">
          <SignOutButton />
          <SignOutEverywhereButton />
        </div>
      </section>
      {oauth.length > 0 && <ConnectedAccounts providers={oauth} initialError={signInErrorMessage(error, provider, signupPolicyOf(e).domains)} />}
      <NotificationSettings />
      <ApiTokens />
    </main>
  );
}
