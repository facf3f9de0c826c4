// Vitest global setup: migrate one embedded database and save it as a tarball, so each
// test file starts from a migrated copy in well under a second instead of re-running
// initdb + migrations (PGlite's initdb alone takes ~4 s).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/open";
import { migrate } from "../db/migrate";

export const TEMPLATE_PATH = path.join(process.cwd(), ".data/test-template.tar.gz");

export default async function setup() {
  if (process.env.DATABASE_URL) return; // PostgreSQL: each file creates its own database
  const { sql, close } = await openDatabase({ kind: "pglite" });
  await migrate(sql);
  const lite = sql.lite;
  if (!lite) throw new Error("expected a PGlite runner");
  const dump = await lite.dumpDataDir("gzip");
  mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await close();
}
