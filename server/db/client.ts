// The process-wide Prisma client. server/main.ts opens the database once and registers
// it here; Next's route bundles are separate module instances, so the client is shared
// through globalThis (two PGlite instances on one data dir would corrupt it).
import type { PrismaClient } from "@/generated/prisma/client";

export type Db = PrismaClient;

const g = globalThis as unknown as { __parleyDb?: Db };

export function getDb(): Db {
  if (!g.__parleyDb) throw new Error("Database not initialised: server/main.ts opens it at start");
  return g.__parleyDb;
}

export function setDb(db: Db | undefined): void {
  g.__parleyDb = db;
}
