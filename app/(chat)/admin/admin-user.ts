// Who may see an admin page: signed-out visitors go to sign-in, members get null (the layout
// answers 403 with app/forbidden.tsx). Each page asks, not only the layout: Next renders a layout and its page in
// parallel, so a layout's check cannot stop a page's own data loading.
import { redirect } from "next/navigation";
import { currentUser } from "@/server/auth/current-user";

export async function adminUser() {
  const me = await currentUser();
  if (!me) redirect("/signin");
  return me.isAdmin ? me : null;
}
