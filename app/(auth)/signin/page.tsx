import { redirect } from "next/navigation";
import { auth } from "@/server/auth/next-auth";
import { SignInForm } from "@/components/auth/sign-in-form";

export const dynamic = "force-dynamic";

export default async function SignInPage() {
  if ((await auth())?.user) redirect("/spaces");
  return <SignInForm />;
}
