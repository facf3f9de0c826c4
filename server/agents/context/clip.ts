// Cutting user-controlled text to fit the context budget, always saying what was left out:
// a cut text ends in "…(+N chars)", a cut list in "… N more". The cut happens before quoting,
// so what is shown stays one quoted literal.
import { oneLineJson } from "./format";

/** `text` cut to `max` characters, with how many were left out. */
export function clipText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max))}…(+${text.length - Math.max(0, max)} chars)` : text;
}

/** Room kept for a "…(+N chars)" or "… N more" note. */
const NOTE = 24;

/**
 * A JSON value whose one-line form fits about `max` characters, cut the same way: long
 * strings end in "…(+N chars)", long arrays end in "… N more"; in objects the small
 * entries stay whole, the big ones are cut, and any left out become a `"…": "N more"` entry. Its shape stays, so a service payload still reads as itself.
 */
export function clipJson(value: unknown, max: number): unknown {
  if (oneLineJson(value ?? null).length <= max) return value;
  if (typeof value === "string") return clipText(value, Math.max(0, max - NOTE));
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    let used = 2;
    for (let i = 0; i < value.length; i++) {
      const room = max - used - NOTE;
      if (room <= NOTE) {
        out.push(`… ${value.length - i} more`);
        break;
      }
      const item = clipJson(value[i], room);
      used += oneLineJson(item ?? null).length + 1;
      out.push(item);
    }
    return out;
  }
  if (value && typeof value === "object") {
    // Small entries stay whole; the big ones share what is left, so one huge field does not push out the rest.
    const entries = Object.entries(value).map(([k, v]) => ({ k, v, size: oneLineJson(k).length + oneLineJson(v ?? null).length + 2 }));
    let rest = max - 2 - NOTE;
    let left = entries.length;
    const whole = new Set<string>();
    for (const e of [...entries].sort((a, b) => a.size - b.size)) {
      if (e.size > rest / left) break;
      whole.add(e.k);
      rest -= e.size;
      left--;
    }
    const out: Record<string, unknown> = {};
    let omitted = 0;
    for (const e of entries) {
      if (whole.has(e.k)) out[e.k] = e.v;
      else {
        const room = Math.floor(rest / left) - oneLineJson(e.k).length - 2;
        if (room > NOTE) out[e.k] = clipJson(e.v, room);
        else omitted++;
      }
    }
    if (omitted) out["…"] = `${omitted} more`;
    return out;
  }
  return value;
}
