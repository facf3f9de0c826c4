// Calls the goals, memories and plans routes and returns what a form needs: the data, or the
// server's message and its per-field messages (the server's zod schema is the only validation).
export interface ApiFailure {
  message: string;
  fields: Record<string, string>;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

export async function callApi<T>(method: string, url: string, body?: unknown): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: { message: "Could not reach the server; check your connection and try again", fields: {} } };
  }
  if (res.status === 204) return { ok: true, data: undefined as T };
  const json = await res.json().catch(() => null);
  if (!res.ok) {
    const fields = (json?.error?.fields ?? {}) as Record<string, string>;
    return { ok: false, error: { message: json?.error?.message ?? `Request failed (HTTP ${res.status})`, fields } };
  }
  return { ok: true, data: json as T };
}

/** "2026-03-10 09:00 UTC": times are shown in UTC, the zone plans are evaluated in. */
export function utc(iso: string | null): string {
  if (!iso) return "—";
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}
