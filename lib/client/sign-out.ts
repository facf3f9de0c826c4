// Sign-out that lands on the sign-in page of the address in use. next-auth builds its
// redirect from the server's own idea of its URL (the port it listens on, as "localhost"),
// so someone who reached Parley at 192.168.1.5:3000 or through a proxy was sent elsewhere.
// Ending the session without next-auth's redirect and going to a relative path keeps the host.
import { signOut } from "next-auth/react";

export async function signOutHere(): Promise<void> {
  await signOut({ redirect: false });
  window.location.assign("/signin");
}
