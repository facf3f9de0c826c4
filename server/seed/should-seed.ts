// Whether to seed the demo workspace (whose admin password is public, in the README). The
// embedded database is the laptop try-out, so it gets the demo by default; a PostgreSQL
// database is a real install, so it never does unless the operator asks in so many words.
import type { Db } from "../db/client";
import { seedDemoWorkspace } from "./demo-workspace";

export interface SeedConfig {
  /** SEED_DEMO: "true" seeds on any empty database, "false" never, unset → embedded only. */
  seedDemo: "true" | "false" | undefined;
  database: "pglite" | "postgres";
}

export function shouldSeedDemo({ seedDemo, database }: SeedConfig): boolean {
  if (seedDemo !== undefined) return seedDemo === "true";
  return database === "pglite";
}

/** Start-up step: seeds when the config asks for it and the database is empty; returns whether it did. */
export async function seedDemoOnStart(db: Db, config: SeedConfig & { model?: { provider: string; modelId?: string } }): Promise<boolean> {
  if (!shouldSeedDemo(config)) return false;
  return seedDemoWorkspace(db, config.model);
}
