// The search box's language, parsed in one place (browser and server both use it):
//   free words            websearch syntax: "a phrase", -word, word or word
//   in:#channel  in:name  only that space (in:@person: the direct space with them)
//   from:@name   from:name  only that sender
//   before:YYYY-MM-DD     sent before that UTC day
//   after:YYYY-MM-DD      sent after that UTC day
// Pure: no database, no clock. An operator with a bad value (a date that does not exist) is an
// error the caller shows, rather than silently searching without it. A filter given twice keeps
// its last value, as typing a second one to replace the first would expect.

export interface SearchFilters {
  /** A space name, without '#', as typed (compared case-insensitively). */
  in?: string;
  /** A sender's name, without '@', as typed (compared case-insensitively). */
  from?: string;
  /** YYYY-MM-DD: messages sent before this UTC day begins. */
  before?: string;
  /** YYYY-MM-DD: messages sent after this UTC day ends. */
  after?: string;
}

export interface ParsedSearch extends SearchFilters {
  /** What is left after the operators: words for websearch_to_tsquery (may be empty). */
  text: string;
}

export type ParseResult = { ok: true; query: ParsedSearch } | { ok: false; error: string };

const OPERATORS = ["in", "from", "before", "after"] as const;
type Operator = (typeof OPERATORS)[number];

// An operator is a whole token: `in:` at a word start, then a quoted value or a run of non-space.
const TOKEN = /(^|\s)(in|from|before|after):(?:"([^"]*)"|(\S*))/gi;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as YYYY-MM-DD, or null. */
export function validDay(value: string): string | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return value;
}

/**
 * Leading '#' (channels) or '@' (people) are how names are written in chat; the name is what
 * follows. in:@ada means the direct space with Ada.
 */
const bareName = (op: "in" | "from", value: string) => value.replace(op === "in" ? /^[#@]+/ : /^@+/, "").trim();

export function parseSearchQuery(raw: string): ParseResult {
  const filters: SearchFilters = {};
  let error: string | null = null;
  const text = raw.replace(TOKEN, (_all, lead: string, opRaw: string, quoted: string | undefined, plain: string | undefined) => {
    const op = opRaw.toLowerCase() as Operator;
    const value = (quoted ?? plain ?? "").trim();
    const problem = setFilter(filters, op, value);
    if (problem && !error) error = problem;
    return lead;
  });
  if (error) return { ok: false, error };
  return { ok: true, query: { ...filters, text: text.replace(/\s+/g, " ").trim() } };
}

/** Applies one operator; returns what is wrong with its value, or null. */
export function setFilter(filters: SearchFilters, op: Operator, value: string): string | null {
  if (op === "in" || op === "from") {
    const name = bareName(op, value);
    if (!name) return op === "in" ? "in: needs a space name, like in:#general" : "from: needs a name, like from:@ada";
    filters[op] = name;
    return null;
  }
  const day = validDay(value);
  if (!day) return `${op}: needs a date as YYYY-MM-DD`;
  filters[op] = day;
  return null;
}

/** True when the search asks for something: words or at least one filter. */
export const hasCriteria = (q: ParsedSearch): boolean => q.text.length > 0 || OPERATORS.some((op) => q[op] !== undefined);

/** The first instant of the UTC day `day` (YYYY-MM-DD). */
export const startOfDay = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** The first instant after the UTC day `day`. */
export const endOfDay = (day: string): Date => new Date(startOfDay(day).getTime() + 24 * 60 * 60 * 1000);
