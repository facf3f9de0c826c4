// Where an agent's model calls may go. Calls carry the server's provider key, so an agent's
// own modelSettings.baseURL must name a host the operator allowed (PARLEY_MODEL_HOSTS);
// otherwise an admin token could send the key to any server. Checked when an admin sets it
// and again when a run resolves its model (a row written before, or by SQL, gets no pass).
// The base URLs the operator sets in env (OPENAI_BASE_URL, …) are trusted as they are.
import { AppError } from "../errors";

/** The allowed-hosts entry a URL matches, or null. "host" means the scheme's default port; "host:port" that port. */
export function matchModelHost(baseURL: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  // Credentials in the URL would travel to that host too; there is no reason to allow them.
  if (url.username || url.password) return null;
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const candidates = [url.host.toLowerCase(), `${url.hostname.toLowerCase()}:${port}`];
  return allowedHosts.find((h) => candidates.includes(h.toLowerCase())) ?? null;
}

export function modelHostsMessage(allowedHosts: readonly string[]): string {
  return allowedHosts.length
    ? `allowed model hosts: ${allowedHosts.join(", ")} (PARLEY_MODEL_HOSTS)`
    : "no model hosts are allowed; the operator lists them in PARLEY_MODEL_HOSTS";
}

/** Throws a 400 naming the allowed hosts unless `baseURL` is on the list. */
export function assertModelBaseURLAllowed(baseURL: string, allowedHosts: readonly string[], who = "This agent"): void {
  if (matchModelHost(baseURL, allowedHosts)) return;
  throw new AppError("bad_request", `${who}'s model base URL ${baseURL} is not allowed: ${modelHostsMessage(allowedHosts)}`);
}
