import { redirect } from "next/navigation";
import { auth } from "@/server/auth/next-auth";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { configuredOAuthProviders } from "@/server/auth/oauth-providers";
import { signInErrorMessage } from "@/server/auth/sign-in-errors";
import { providerLabel } from "@/server/domain/users/link-oauth-account";
import { isSignupClosed, signupPolicyOf } from "@/server/domain/users/signup-policy";
import { SignInForm } from "@/components/auth/sign-in-form";

export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if ((await auth())?.user) redirect("/spaces");
  const e = env();
  const policy = signupPolicyOf(e);
  const { error, provider } = await searchParams;
  return (
    <SignInForm
      initialError={signInErrorMessage(error, provider, policy.domains)}
      providers={configuredOAuthProviders(e).map((id) => ({ id, label: providerLabel(id) }))}
      signupOpen={!(await isSignupClosed(getDb(), policy))}
    />
  );
}
