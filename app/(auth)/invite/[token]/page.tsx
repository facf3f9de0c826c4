// An invite link: a usable one shows the sign-up form (it works even when sign-up is closed);
// a used, expired, revoked or unknown one says so plainly.
import Link from "next/link";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { getDb } from "@/server/db/client";
import { checkInvite } from "@/server/domain/people/invites";

export const dynamic = "force-dynamic";

/** A malformed %-escape is just an unknown token, not a server error. */
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return "";
  }
};

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const token = safeDecode((await params).token).slice(0, 200);
  const check = await checkInvite({ db: getDb() }, token);
  if (!check.ok) {
    return (
      <section className="space-y-4" aria-labelledby="invite-refused-heading">
        <h1 id="invite-refused-heading" className="text-lg font-semibold">
          Invite link unavailable
        </h1>
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {check.message} Ask an admin for a new link.
        </p>
        <p className="text-center text-sm">
          <Link href="/signin" className="font-medium text-accent-600 hover:underline dark:text-indigo-300">
            Sign in
          </Link>
        </p>
      </section>
    );
  }
  return (
    <>
      <p className="mb-4 rounded-lg bg-accent-600/10 px-3 py-2 text-sm text-zinc-700 dark:text-zinc-300">
        You were invited to join this workspace{check.role === "admin" ? " as an admin" : ""}.
      </p>
      <SignUpForm invite={token} />
    </>
  );
}
