// PostgreSQL text cannot hold a NUL character (U+0000): a string with one fails at the
// database as an internal error. Both transports refuse such input up front instead, as a
// plain bad request, whatever field it is in.

export const NUL_MESSAGE = "Text must not contain NUL characters (U+0000)";

/** Whether any string (or object key) in a parsed payload contains U+0000. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.includes("\u0000")) return true;
    } else if (v && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes("\u0000")) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
