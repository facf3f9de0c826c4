// Prisma 7 CLI config. Only `prisma generate` is used by the CLI here; migrations
// are plain SQL applied by our own runner (server/db/migrate.ts), because the
// Prisma migrate engine needs a binary download that is not available offline.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
