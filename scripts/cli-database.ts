// Opening the app's database from a CLI script exactly as server/main.ts does: DATABASE_URL,
// else PGlite at PGLITE_DIR — refusing, with a clear message, while the app holds PGlite.
import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "../server/env";
import { openDatabase, type OpenDatabase } from "../server/db/open";
import { migrate } from "../server/db/migrate";

export function fail(script: string, message: string, code = 1): never {
  process.stderr.write(`${script}: ${message}\n`);
  process.exit(code);
}

export async function openCliDatabase(script: string): Promise<OpenDatabase> {
  const e = env();
  const database = e.DATABASE_URL ? await openPostgres(script, e.DATABASE_URL) : await openEmbedded(script, e.PGLITE_DIR);
  await migrate(database.sql);
  return database;
}

async function openPostgres(script: string, url: string): Promise<OpenDatabase> {
  try {
    return await openDatabase({ kind: "postgres", url });
  } catch (err) {
    fail(script, `could not connect to DATABASE_URL: ${(err as Error).message}`);
  }
}

async function openEmbedded(script: string, dir: string): Promise<OpenDatabase> {
  const where = path.resolve(dir);
  if (!existsSync(path.join(where, "PG_VERSION"))) {
    fail(script, `no database at ${where}; start the app once (npm run dev) and sign up first`);
  }
  // PGlite takes no lock: a second process on the same directory would silently corrupt
  // it. An open PGlite keeps postmaster.pid there and removes it when closed cleanly.
  if (existsSync(path.join(where, "postmaster.pid"))) {
    fail(
      script,
      `the embedded database at ${where} is in use (postmaster.pid exists).\n` +
        `  Stop the running app first, or create a token in the app instead (POST /api/tokens).\n` +
        `  If no app is running (it crashed), delete ${path.join(where, "postmaster.pid")} and retry.`,
    );
  }
  try {
    return await openDatabase({ kind: "pglite", dir: where });
  } catch (err) {
    fail(
      script,
      `could not open the embedded database at ${where}: ${(err as Error).message}\n` +
        `  It cannot be opened while the app server is running on it; stop the app and retry.`,
    );
  }
}
