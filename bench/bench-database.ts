// The database every in-process bench runs on: in-memory PGlite by default; with DATABASE_URL
// a throwaway PostgreSQL database (dropped on close). The PGlite template openTestDatabase
// uses only exists under vitest, so PGlite is opened and migrated here directly.
import { openDatabase, type OpenDatabase } from "@/server/db/open";
import { migrate } from "@/server/db/migrate";
import { openTestDatabase } from "@/server/testing/test-database";

export async function openBenchDatabase(): Promise<OpenDatabase & { label: string; url?: string }> {
  if (process.env.DATABASE_URL) return { ...(await openTestDatabase()), label: "postgres (throwaway database)" };
  const opened = await openDatabase({ kind: "pglite" });
  await migrate(opened.sql);
  return { ...opened, label: "pglite (in-memory)" };
}
