// A password reset link an admin issued: a usable one asks for the new password; otherwise it says why not.
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { getDb } from "@/server/db/client";
import { checkPasswordReset } from "@/server/domain/people/password-reset";

export const dynamic = "force-dynamic";

/** A malformed %-escape is just an unknown token, not a server error. */
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return "";
  }
};

export default async function ResetPage({ params }: { params: Promise<{ token: string }> }) {
  const token = safeDecode((await params).token).slice(0, 200);
  if (!(await checkPasswordReset({ db: getDb() }, token))) {
    return (
      <section className="space-y-4" aria-labelledby="reset-refused-heading">
        <h1 id="reset-refused-heading" className="text-lg font-semibold">
          Reset link unavailable
        </h1>
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          This password reset link is not valid, was already used, or has expired. Ask an admin for a new one.
        </p>
        <p className="text-center text-sm">
          <Link href="/signin" className="font-medium text-accent-600 hover:underline dark:text-indigo-300">
            Sign in
          </Link>
        </p>
      </section>
    );
  }
  return <ResetPasswordForm token={token} />;
}
