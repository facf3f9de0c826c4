// The test trigger's payload as typed: valid JSON (blank means no payload), or what is wrong
// with it in words, with the line and column when the parser gives a position.
import { MAX_BODY_BYTES } from "@/lib/limits";

export type ParsedPayload = { ok: true; value: unknown } | { ok: false; error: string };

export function parsePayload(text: string): ParsedPayload {
  if (!text.trim()) return { ok: true, value: undefined };
  // The whole request must fit the server's body limit; say so before sending.
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES - 1024)
    return { ok: false, error: `The payload is over ${Math.floor(MAX_BODY_BYTES / 1024) - 1} KiB` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    if (!at) return { ok: false, error: `Not valid JSON: ${message}` };
    const before = text.slice(0, Number(at[1]));
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    return { ok: false, error: `Not valid JSON at line ${line}, column ${column}: ${message.replace(/ in JSON at position \d+.*$/, "")}` };
  }
}
