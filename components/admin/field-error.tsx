// The server's message for one field, read out with the field (aria-describedby points here).
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <span id={id} className="mt-1 block text-xs text-red-700 dark:text-red-300">
      {message}
    </span>
  );
}

/** The body of an API refusal: its message and, for a bad field, which one. */
export interface ApiRefusal {
  message: string;
  fields: Record<string, string>;
}

export async function refusalOf(res: Response): Promise<ApiRefusal> {
  const body = await res.json().catch(() => null);
  return { message: body?.error?.message ?? `Request failed (HTTP ${res.status})`, fields: body?.error?.fields ?? {} };
}
