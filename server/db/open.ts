// Opens the database: embedded PGlite (default) or PostgreSQL when a URL is given.
// Returns the Prisma client plus a raw `exec` the migration runner uses.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import type { Db } from "./client";
import { lockDataDir } from "./pglite-lock";
import { queued } from "./embedded-queue";
import { DEFAULT_DB_POOL_SIZE } from "@/lib/limits";

export interface SqlRunner {
  /** Run one or more statements. */
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  kind: "pglite" | "postgres";
  /** The PGlite instance, for dumps (tests); absent on PostgreSQL. */
  lite?: PGlite;
}

export interface OpenDatabase {
  db: Db;
  sql: SqlRunner;
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: "postgres"; url: string; poolSize?: number } | { kind: "pglite"; dir?: string; loadDataDir?: Blob };

/**
 * Without "minimal" the client captures a stack trace on every query, only to point at the
 * calling line if that query fails: about a tenth of its CPU when agents run back to back.
 * Our errors are logged with their own stacks and codes, so the code frame adds nothing.
 */
const CLIENT_ERROR_FORMAT = "minimal";

export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target.kind === "postgres") return openPostgres(target.url, target.poolSize ?? DEFAULT_DB_POOL_SIZE);
  return openPglite(target.dir, target.loadDataDir);
}

async function openPglite(dir?: string, loadDataDir?: Blob): Promise<OpenDatabase> {
  if (dir) mkdirSync(dir, { recursive: true }); // PGlite does not create parent dirs
  const unlock = dir ? lockDataDir(dir) : () => {};
  const lite = await PGlite.create({ dataDir: dir, loadDataDir }).catch((e) => {
    unlock();
    throw e;
  });
  // People's queries go ahead of agents' on the one connection (embedded-queue.ts).
  const db = new PrismaClient({ adapter: new PrismaPGlite(queued(lite)), errorFormat: CLIENT_ERROR_FORMAT });
  const sql: SqlRunner = {
    kind: "pglite",
    lite,
    exec: async (s) => void (await lite.exec(s)),
    query: async <T>(s: string, p?: unknown[]) => (await lite.query<T>(s, p)).rows,
    close: async () => {},
  };
  return {
    db,
    sql,
    close: async () => {
      await db.$disconnect();
      await lite.close();
      unlock();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<OpenDatabase> {
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: poolSize }), errorFormat: CLIENT_ERROR_FORMAT });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sql: SqlRunner = {
    kind: "postgres",
    exec: async (s) => void (await client.query(s)),
    query: async <T>(s: string, p?: unknown[]) => (await client.query(s, p as unknown[])).rows as T[],
    close: async () => client.end(),
  };
  return {
    db,
    sql,
    close: async () => {
      await db.$disconnect();
      await client.end().catch(() => {});
    },
  };
}
