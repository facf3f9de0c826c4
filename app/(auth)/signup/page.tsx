import { redirect } from "next/navigation";
import { auth } from "@/server/auth/next-auth";
import { SignUpForm } from "@/components/auth/sign-up-form";

export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  if ((await auth())?.user) redirect("/spaces");
  return <SignUpForm />;
}
