// Display names are shown everywhere and quoted into agents' contexts, so they are one
// line of visible text: no control or format characters (newlines, tabs, bidi overrides,
// zero-width joiners). One rule for the sign-up form, the API and OAuth profiles.
import { z } from "zod";

/** Longest display name, in characters. */
export const MAX_DISPLAY_NAME_LENGTH = 80;

// \p{Cc} control (incl. \n \r \t), \p{Cf} format (bidi overrides, zero-width), line/paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export const displayName = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(MAX_DISPLAY_NAME_LENGTH, `Name is longer than ${MAX_DISPLAY_NAME_LENGTH} characters`)
  .refine((n) => !INVISIBLE.test(n), "Name cannot contain line breaks or control characters");

/** A name from elsewhere (an OAuth profile) made acceptable: invisible characters become spaces. */
export function cleanDisplayName(raw: string): string {
  return raw.replace(new RegExp(INVISIBLE.source, "gu"), " ").replace(/\s+/g, " ").trim().slice(0, MAX_DISPLAY_NAME_LENGTH);
}
