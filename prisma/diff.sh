#!/usr/bin/env bash
# Generate the next migration's SQL from the change in prisma/schema.prisma, offline.
#   npm run db:diff -- <name>
# Diffs the last migration's schema snapshot against the current schema with Prisma 6's
# JS engine (Prisma 7's CLI would download a schema-engine binary) and writes
# prisma/migrations/<timestamp>_<name>/{migration.sql,schema.prisma}.
set -euo pipefail
name=${1:?usage: npm run db:diff -- <name>}
cd "$(dirname "$0")/.."
prev=$(ls -d prisma/migrations/*/ 2>/dev/null | sort | tail -n 1 || true)
to_schema() { sed 's/provider = "postgresql"/provider = "postgresql"\n  url      = env("DATABASE_URL")/' "$1"; }
to_schema prisma/schema.prisma > prisma/.schema6.prisma
if [ -n "$prev" ]; then
  to_schema "$prev/schema.prisma" > prisma/.prev6.prisma
  from=(--from-schema-datamodel prisma/.prev6.prisma)
else
  from=(--from-empty)
fi
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$dir"
DATABASE_URL=postgresql://x@localhost/x PRISMA_QUERY_ENGINE_LIBRARY=/bin/true \
  npx -y prisma@6.19.3 migrate diff --config prisma6.config.ts "${from[@]}" \
  --to-schema-datamodel prisma/.schema6.prisma --script > "$dir/migration.sql"
cp prisma/schema.prisma "$dir/schema.prisma"
rm -f prisma/.prev6.prisma
echo "wrote $dir"
