// Whether the OAuth provider vouches for the email it gave us. Google's profile says so
// (email_verified). GitHub's profile does not; its /user/emails endpoint (the default
// "user:email" scope) lists each address with `verified`, so we ask it, with the user's
// own token. Anything else — another provider, an error, a timeout — counts as unverified.
export type FetchLike = (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

export async function oauthEmailVerified(
  input: { provider: string; email: string; profile: Record<string, unknown> | undefined; accessToken: string | undefined },
  fetchImpl: FetchLike = fetch,
): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  if (!email) return false;
  if (input.provider === "google") return input.profile?.email_verified === true;
  if (input.provider === "github" && input.accessToken) return githubEmailVerified(email, input.accessToken, fetchImpl);
  return false;
}

async function githubEmailVerified(email: string, accessToken: string, fetchImpl: FetchLike): Promise<boolean> {
  try {
    const res = await fetchImpl("https://api.github.com/user/emails", {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/vnd.github+json", "user-agent": "parley" },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return false;
    const list = await res.json();
    if (!Array.isArray(list)) return false;
    return list.some(
      (e: unknown) =>
        typeof e === "object" &&
        e !== null &&
        String((e as { email?: unknown }).email).toLowerCase() === email &&
        (e as { verified?: unknown }).verified === true,
    );
  } catch {
    return false;
  }
}
