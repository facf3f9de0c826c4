// Small formatters shared by the Services page's parts.

export const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

/** The server's error message (its `{ error: { message } }`), or the status when there is none. */
export function errorText(body: unknown, status: number): string {
  const message = (body as { error?: { message?: string } } | null)?.error?.message;
  return message ?? `The request failed (HTTP ${status})`;
}
