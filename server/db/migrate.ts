// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, and
// records it in Prisma's own `_prisma_migrations` table (so `prisma migrate status`
// still works where the engines can be downloaded). Re-running applies nothing; an
// applied migration whose file changed is an error. On PostgreSQL an advisory lock
// keeps two starting processes from migrating at once.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SqlRunner } from "./open";

const LOCK_KEY = 726_873_901; // arbitrary, fixed: "parley start-up"

/**
 * Runs a start-up step (migrating, seeding the demo) in one process at a time: processes
 * started together on one PostgreSQL wait for each other, and the later ones find the work
 * done. The embedded database has one process by construction.
 */
export async function withStartupLock<T>(sql: SqlRunner, step: () => Promise<T>): Promise<T> {
  if (sql.kind === "postgres") await sql.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
  try {
    return await step();
  } finally {
    if (sql.kind === "postgres") await sql.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]);
  }
}

export function migrate(sql: SqlRunner, dir = path.join(process.cwd(), "prisma/migrations")): Promise<string[]> {
  return withStartupLock(sql, () => applyMigrations(sql, dir));
}

async function applyMigrations(sql: SqlRunner, dir: string): Promise<string[]> {
  await sql.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
  const applied = new Map(
    (
      await sql.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      )
    ).map((r) => [r.migration_name, r.checksum]),
  );
  const names = (await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const done: string[] = [];
  for (const name of names) {
    const text = await readFile(path.join(dir, name, "migration.sql"), "utf8");
    const checksum = createHash("sha256").update(text).digest("hex");
    const previous = applied.get(name);
    if (previous) {
      if (previous !== checksum) throw new Error(`Migration ${name} was edited after it was applied`);
      continue;
    }
    await sql.exec("BEGIN");
    try {
      await sql.exec(text);
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
        [randomUUID(), checksum, name],
      );
      await sql.exec("COMMIT");
    } catch (e) {
      await sql.exec("ROLLBACK");
      throw new Error(`Migration ${name} failed: ${(e as Error).message}`);
    }
    done.push(name);
  }
  return done;
}

/** Migrations in `dir` that the database has not applied (for readiness: a node on an older schema must not take traffic). */
export async function pendingMigrations(appliedNames: () => Promise<string[]>, dir = path.join(process.cwd(), "prisma/migrations")): Promise<string[]> {
  const applied = new Set(await appliedNames());
  const names = (await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  return names.filter((n) => !applied.has(n)).sort();
}
