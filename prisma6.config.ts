// Config for `npx prisma@6.19.3 migrate diff` (see prisma/diff.sh). Prisma 6 with the
// JS engine turns schema changes into SQL offline. Plain object on purpose: importing
// types from "prisma" here would resolve to Prisma 7's and break `next build`.
import { PrismaPg } from "@prisma/adapter-pg";

export default {
  schema: "prisma/.schema6.prisma",
  experimental: { adapter: true },
  engine: "js",
  adapter: async () =>
    new PrismaPg({
      // Prisma 6 opens the adapter even for schema-to-schema diffs; any reachable server will do.
      connectionString: process.env.DIFF_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
    }),
};
