#!/usr/bin/env bash
# Sets up and runs the shop on a fresh machine: install, build when needed, then start.
# The server migrates and seeds its database at start (instrumentation.ts): PGlite in DATA_DIR
# by default (PostgreSQL when DATABASE_URL is set), demo payments unless SHOP_MODE=live.
set -euo pipefail
cd "$(dirname "$0")/.."

export PORT="${PORT:-3000}"
export DATA_DIR="${DATA_DIR:-.data}"
# SHOP_MODE is passed on as it is: unset means demo, unless a provider's setting is present, when the
# server refuses to start until it is said (docs/rules.md#environment).
export SITE_URL="${SITE_URL:-http://localhost:${PORT}}"

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> installing dependencies"
  bash scripts/install-deps.sh
fi

dist="${NEXT_DIST_DIR:-.next}"
# Static pages carry SITE_URL in their canonical links, so a build made for another SITE_URL
# (e.g. the test suite's) is rebuilt too.
if [ ! -f "$dist/BUILD_ID" ] || [ "$(cat "$dist/SHOP_SITE_URL" 2>/dev/null)" != "$SITE_URL" ] || [ -n "$(find app components lib content public proxy.ts instrumentation.ts next.config.ts package-lock.json drizzle \
      -newer "$dist/BUILD_ID" -type f -not -path 'public/builds/*' 2>/dev/null | head -1)" ]; then
  echo "==> building for production"
  npm run build
  printf '%s' "$SITE_URL" > "$dist/SHOP_SITE_URL"
fi

echo "==> starting 量盾商城 on http://localhost:${PORT} (data: ${DATABASE_URL:+PostgreSQL}${DATABASE_URL:-PGlite in ${DATA_DIR}}, mode: ${SHOP_MODE:-demo})"
exec node server.mjs -p "$PORT"
