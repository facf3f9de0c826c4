// A private database per test file: a copy of the migrated PGlite template, or — when
// DATABASE_URL is set — a fresh PostgreSQL database created next to it and dropped after.
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type OpenDatabase } from "../db/open";
import { migrate } from "../db/migrate";
import { TEMPLATE_PATH } from "./global-setup";

/** `url` (PostgreSQL only) reaches the same database from elsewhere: a gateway thread, another process. */
export async function openTestDatabase(): Promise<OpenDatabase & { kind: "pglite" | "postgres"; url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const blob = new Blob([readFileSync(TEMPLATE_PATH)]);
    const opened = await openDatabase({ kind: "pglite", loadDataDir: blob });
    return { ...opened, kind: "pglite" };
  }
  const name = `parley_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const opened = await openDatabase({ kind: "postgres", url: dbUrl.toString() });
  await migrate(opened.sql);
  return {
    ...opened,
    kind: "postgres",
    url: dbUrl.toString(),
    close: async () => {
      await opened.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}
