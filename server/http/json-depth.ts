// JSON nesting depth, measured without recursion: JSON.parse (and the zod walk after it) of
// a body like [[[[…]]]] 30,000 deep can overflow the stack, which surfaced as a 500. One pass
// over the text, counting brackets outside strings, refuses it with a 400 before parsing.
import { MAX_JSON_DEPTH } from "@/lib/limits";
import { AppError } from "../domain/errors";

/** The deepest bracket nesting in `text` (0 for a scalar). Malformed text is JSON.parse's to refuse. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */)
        i++; // skip the escaped character, whatever it is
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return deepest;
}

export function assertJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  if (jsonDepth(text) > max) throw new AppError("bad_request", `Request body is nested deeper than ${max} levels`);
}
