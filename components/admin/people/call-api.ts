// The people page's API calls: the JSON answer, or the error message the server gave.
export async function callApi<T>(url: string, init?: RequestInit): Promise<{ ok: true; data: T } | { ok: false; message: string }> {
  try {
    const res = await fetch(url, { ...init, headers: { "content-type": "application/json", ...init?.headers } });
    const data = res.status === 204 ? null : await res.json().catch(() => null);
    if (!res.ok) return { ok: false, message: (data as { error?: { message?: string } } | null)?.error?.message ?? `Request failed (${res.status})` };
    return { ok: true, data: data as T };
  } catch {
    return { ok: false, message: "Could not reach the server, try again." };
  }
}
