import { redirect } from "next/navigation";
import Link from "next/link";
import { auth } from "@/server/auth/next-auth";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { isSignupClosed, signupPolicyOf } from "@/server/domain/users/signup-policy";
import { SignUpForm } from "@/components/auth/sign-up-form";

export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  if ((await auth())?.user) redirect("/spaces");
  const policy = signupPolicyOf(env());
  if (await isSignupClosed(getDb(), policy)) {
    return (
      <section className="space-y-4" aria-labelledby="signup-closed-heading">
        <h1 id="signup-closed-heading" className="text-lg font-semibold">
          Sign-up is closed
        </h1>
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          This workspace does not take new sign-ups. Ask an admin for an account.
        </p>
        <p className="text-center text-sm">
          <Link href="/signin" className="font-medium text-accent-600 hover:underline dark:text-indigo-300">
            Sign in
          </Link>
        </p>
      </section>
    );
  }
  return <SignUpForm domains={[...policy.domains]} />;
}
