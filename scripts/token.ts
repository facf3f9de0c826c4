// `npm run token -- <email>`: creates a personal API token named "cli" for that user and
// prints only the token on stdout (so `TOKEN=$(npm run -s token -- me@x.dev)` works).
// Opens the database exactly as server/main.ts does: DATABASE_URL, else PGlite at PGLITE_DIR.
import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "../server/env";
import { openDatabase, type OpenDatabase } from "../server/db/open";
import { migrate } from "../server/db/migrate";
import { createApiToken } from "../server/domain/users/api-tokens";

function fail(message: string, code = 1): never {
  process.stderr.write(`token: ${message}\n`);
  process.exit(code);
}

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) fail("usage: npm run token -- <email>", 2);

  const e = env();
  const database = e.DATABASE_URL ? await openPostgres(e.DATABASE_URL) : await openEmbedded(e.PGLITE_DIR);
  try {
    await migrate(database.sql);
    const user = await database.db.user.findUnique({ where: { email } });
    if (!user) {
      process.exitCode = 1;
      process.stderr.write(`token: no user with email ${email}; sign up in the app first\n`);
      return;
    }
    const { token } = await createApiToken(database.db, user.id, "cli");
    process.stdout.write(`${token}\n`);
  } finally {
    await database.close();
  }
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  try {
    return await openDatabase({ kind: "postgres", url });
  } catch (err) {
    fail(`could not connect to DATABASE_URL: ${(err as Error).message}`);
  }
}

async function openEmbedded(dir: string): Promise<OpenDatabase> {
  const where = path.resolve(dir);
  if (!existsSync(path.join(where, "PG_VERSION"))) {
    fail(`no database at ${where}; start the app once (npm run dev) and sign up first`);
  }
  // PGlite takes no lock: a second process on the same directory would silently corrupt
  // it. An open PGlite keeps postmaster.pid there and removes it when closed cleanly.
  if (existsSync(path.join(where, "postmaster.pid"))) {
    fail(
      `the embedded database at ${where} is in use (postmaster.pid exists).\n` +
        `  Stop the running app first, or create a token in the app instead (POST /api/tokens).\n` +
        `  If no app is running (it crashed), delete ${path.join(where, "postmaster.pid")} and retry.`,
    );
  }
  try {
    return await openDatabase({ kind: "pglite", dir: where });
  } catch (err) {
    fail(
      `could not open the embedded database at ${where}: ${(err as Error).message}\n` +
        `  It cannot be opened while the app server is running on it; stop the app and retry.`,
    );
  }
}

main().catch((err) => fail((err as Error).stack ?? String(err)));
