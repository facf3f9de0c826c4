// Seeds the search benchmark's world in SQL: people, channels (the searcher in three of four),
// and N messages written by INSERT … SELECT over generate_series, a batch per statement, so a
// million rows take minutes rather than hours. The text is sampled from words.ts by a hash of
// (row, position), not random(): the same N always gives the same messages, on either database.
import type { SqlRunner } from "@/server/db/open";
import { COMMON_WORDS, SYLLABLES } from "./words";

export const SPACES = 40;
/** The searcher is a member of this many of the spaces (the first ones). */
export const SEARCHER_SPACES = 30;
export const PEOPLE = 25;
/** One message per this many seconds, ending now. */
const SPACING_S = 2;

export interface SeededWorld {
  searcherId: string;
  spaceNames: string[];
  personNames: string[];
}

const safe = (w: string) => {
  if (!/^[a-z0-9-]+$/.test(w)) throw new Error(`unsafe word ${w}`);
  return `'${w}'`;
};
const array = (xs: readonly string[]) => `ARRAY[${xs.map(safe).join(",")}]::text[]`;

export const personName = (i: number) => `person${i}`;
export const spaceName = (i: number) => `channel-${i}`;

export async function seedWorld(sql: SqlRunner, messages: number, batch: number, progress: (done: number) => void): Promise<SeededWorld> {
  const personNames = Array.from({ length: PEOPLE }, (_, i) => personName(i));
  const spaceNames = Array.from({ length: SPACES }, (_, i) => spaceName(i));
  await sql.exec(`
    INSERT INTO "Entity" (id, type, name) SELECT 'be' || i, 'human', 'person' || i FROM generate_series(0, ${PEOPLE - 1}) i;
    INSERT INTO "Space" (id, name, kind, "updatedAt") SELECT 'bs' || i, 'channel-' || i, 'channel', now() FROM generate_series(0, ${SPACES - 1}) i;
    INSERT INTO "Membership" (id, "spaceId", "entityId") SELECT 'bm' || i, 'bs' || i, 'be0' FROM generate_series(0, ${SEARCHER_SPACES - 1}) i;
    -- A hash of (row, draw) in [0, 1): the same for the same row on every run and database.
    CREATE FUNCTION bench_rnd(g bigint, k int) RETURNS float8 IMMUTABLE LANGUAGE sql
      AS $$ SELECT (hashint8(g * 1000 + k)::bigint + 2147483648) / 4294967296.0 $$;
  `);
  const spaces = array(Array.from({ length: SPACES }, (_, i) => `bs${i}`));
  const people = array(Array.from({ length: PEOPLE }, (_, i) => `be${i}`));
  // Nine words in ten from the common list, skewed to its head (a Zipf-like spread: the first
  // words are in most messages, the last in about one in a hundred); one in ten a rare word of
  // three syllables (RARE_WORDS, built here from SYLLABLES: an element of a long text array
  // costs a walk along it, which made seeding twice as slow).
  const word = (k: string) => `CASE WHEN bench_rnd(g, 100 + ${k}) < 0.9
      THEN (${array(COMMON_WORDS)})[1 + floor(power(bench_rnd(g, 200 + ${k}), 2.5) * ${COMMON_WORDS.length})::int]
      ELSE ${[0, 1, 2].map((n) => `(${array(SYLLABLES)})[1 + floor(bench_rnd(g, ${300 + n * 50} + ${k}) * ${SYLLABLES.length})::int]`).join(" || ")} END`;
  // The search indexes are dropped while the rows go in and built again after, exactly as the
  // migration defined them (read back from the catalog): one bulk build instead of a million
  // index updates. What is measured is the same index.
  const indexes = await sql.query<{ indexdef: string; indexname: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'Message' AND indexname LIKE 'Message_search%'`,
  );
  for (const i of indexes) await sql.exec(`DROP INDEX "${i.indexname}"`);
  for (let from = 0; from < messages; from += batch) {
    const to = Math.min(messages, from + batch) - 1;
    await sql.exec(`
      INSERT INTO "Message" (id, "spaceId", seq, "senderId", text, "createdAt")
      SELECT 'bmsg' || g,
             (${spaces})[1 + g % ${SPACES}],
             g / ${SPACES} + 1,
             (${people})[1 + floor(bench_rnd(g, 1) * ${PEOPLE})::int],
             (SELECT string_agg(${word("k")}, ' ') FROM generate_series(1, 4 + floor(bench_rnd(g, 2) * 16)::int) k),
             now()::timestamp - (${messages} - g) * interval '${SPACING_S} seconds'
        FROM generate_series(${from}, ${to}) g`);
    progress(to + 1);
  }
  for (const i of indexes) await sql.exec(`SET maintenance_work_mem = '256MB'; ${i.indexdef}`);
  await sql.exec(`
    UPDATE "Space" s SET "lastSeq" = (SELECT coalesce(max(seq), 0) FROM "Message" m WHERE m."spaceId" = s.id);
    ANALYZE "Message"; ANALYZE "Membership"; ANALYZE "Space"; ANALYZE "Entity";`);
  return { searcherId: "be0", spaceNames, personNames };
}
