#!/usr/bin/env bash
# `npm test`: the whole suite — lint (style and layer rules), type check, unit + integration
# (vitest: real database, real Socket.IO clients), production build, end-to-end (Playwright
# in Chromium).
# Runs on the embedded database; with DATABASE_URL set, on that PostgreSQL server instead
# (each test file and the e2e run get their own fresh database on it).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

db="embedded PGlite"
[ -n "${DATABASE_URL:-}" ] && db="PostgreSQL ($DATABASE_URL)"
echo "== Parley test suite on $db"

echo "== lint"
npm run --silent lint

echo "== type check"
npx tsc --noEmit

echo "== unit + integration"
npx vitest run

echo "== build"
npx next build > .data-build.log 2>&1 || { cat .data-build.log; rm -f .data-build.log; exit 1; }
rm -f .data-build.log

echo "== end-to-end"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium not found at ${CHROMIUM_PATH:-/usr/bin/chromium}: install it (apt-get install -y chromium)." >&2
  exit 1
fi
if [ -n "${DATABASE_URL:-}" ]; then
  # A fresh database for the e2e server, next to the one DATABASE_URL names.
  e2e_url=$(npx tsx scripts/fresh-database.ts "$DATABASE_URL" parley_e2e)
  DATABASE_URL="$e2e_url" npx playwright test
else
  rm -rf .data/e2e
  npx playwright test
fi
echo "== all passed on $db"
