// The PostgreSQL pool keeps connections for people's work (lane-pool.ts). Background
// statements are held on an advisory lock the test owns, so "the background fills its share"
// is a fact, not a timing: without the reserve, the person's statement would wait forever.
import { describe, expect, it } from "vitest";
import { FOREGROUND_DB_CONNECTIONS } from "@/lib/limits";
import { openDatabase } from "../open";
import { inBackground } from "../lanes";
import { LanePool } from "../lane-pool";
import { until } from "@/server/testing/until";

const url = process.env.DATABASE_URL;
const LOCK = 7_300_911; // an advisory lock key no other test uses

/** Statements in this database, other than ours, waiting on the test's lock. */
const waitersOnLock = async (sql: { query<T>(s: string, p?: unknown[]): Promise<T[]> }) =>
  Number(
    (
      await sql.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted AND pid <> pg_backend_pid()",
        [LOCK],
      )
    )[0]!.n,
  );

describe.runIf(Boolean(url))("the PostgreSQL pool (lanes)", () => {
  it(`keeps ${FOREGROUND_DB_CONNECTIONS} connections for people's statements while agents' statements fill the rest`, async () => {
    const poolSize = FOREGROUND_DB_CONNECTIONS + 2;
    const { db, sql, close } = await openDatabase({ kind: "postgres", url: url!, poolSize });
    try {
      await sql.query("SELECT pg_advisory_lock($1)", [LOCK]);
      const agents = Array.from({ length: 6 }, () =>
        inBackground(() => db.$queryRaw`SELECT pg_advisory_xact_lock_shared(${LOCK}::bigint)::text AS locked`.then(() => "done")),
      );
      // The background's share (2) is blocked on the lock; its other 4 statements wait in the pool.
      await until("two agent statements blocked on the lock", async () => (await waitersOnLock(sql)) === 2);
      // A person's statement still gets a connection, through Prisma, while all of that waits.
      expect(await db.$queryRaw<{ one: number }[]>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
      // In a transaction too (the adapter checks a connection out with connect()).
      expect(await db.$transaction(async (tx) => tx.$queryRaw<{ two: number }[]>`SELECT 2 AS two`)).toEqual([{ two: 2 }]);
      expect(await waitersOnLock(sql)).toBe(2);
      await sql.query("SELECT pg_advisory_unlock($1)", [LOCK]);
      // Every waiting agent statement then runs: none is lost in the background queue.
      expect(await Promise.all(agents)).toEqual(Array(6).fill("done"));
    } finally {
      await close();
    }
  });

  it("gives a background turn back when its statement fails or its transaction ends", async () => {
    const pool = new LanePool({ connectionString: url!, max: 3 }, 1);
    try {
      expect(pool.background.limit).toBe(2);
      const failing = Array.from({ length: 4 }, () => inBackground(() => pool.query("SELECT 1/0").catch((e: Error) => e.message)));
      expect(await Promise.all(failing)).toEqual(Array(4).fill("division by zero"));
      const client = await inBackground(() => pool.connect());
      await client.query("BEGIN");
      await client.query("COMMIT");
      client.release();
      expect(await inBackground(() => pool.query("SELECT 3 AS three"))).toMatchObject({ rows: [{ three: 3 }] });
      expect(pool.background).toEqual({ held: 0, waiting: 0, limit: 2 });
    } finally {
      await pool.end();
    }
  });

  it("end() resolves once every connection has closed, so the database can be dropped at once", async () => {
    const pool = new LanePool({ connectionString: url!, max: 4 }, 1);
    await Promise.all(Array.from({ length: 4 }, () => pool.query("SELECT pg_sleep(0.01)")));
    const opened = pool.totalCount;
    let closed = 0;
    pool.on("remove", () => closed++); // pg emits it when a connection has finished closing
    await pool.end();
    expect(opened).toBe(4);
    expect(closed).toBe(opened);
  });

  it("leaves the background at least one connection, whatever the reserve", () => {
    const pool = new LanePool({ connectionString: url!, max: 2 }, 5);
    expect(pool.background.limit).toBe(1);
    return pool.end();
  });
});
