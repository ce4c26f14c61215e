#!/usr/bin/env bash
# `npm test`: everything, in order, on this machine:
#   1 typecheck   1b lint (ESLint, knip)   2 unit   3 API on PGlite   4 API on PostgreSQL   5 production build (.next)
#   6 Playwright on PostgreSQL (desktop + mobile, every spec)
#   7 Playwright on PGlite, the embedded default: the specs of E2E_PGLITE_SPECS (buying, paying, the server, a review from receipt to the product page, the 消息中心 from payment to 已签收, 在线客服)
#   8 the cluster: 2 instances + nginx + Redis + PostgreSQL (scripts/cluster-test.mjs: one cache, sweeps once;
#     then `npm run cluster` itself: an instance SIGKILLed under paying load back within 15 s, stop, status, XFF)
#   8b settings and per-address limits (scripts/settings-limits-test.mjs): live mode refused without its
#      settings and with provider settings but no SHOP_MODE, green with them, /sandbox a 404 there; 200
#      wrong-password logins from one address on one instance and through nginx on a cluster of two
#   9-10 faults: the built server killed (SIGKILL) under checkout and payment load, restarted, the books
#       checked (scripts/fault-test.mjs, port FAULT_PORT or 3370) on PGlite, then on the PostgreSQL cluster
#       (one of two instances killed while the load goes on through nginx)
#  11 guard: a request held past its deadline answered 503 while the instance keeps serving, a request that
#     never yields caught by the watchdog and its instance started again, on one PGlite instance and on a
#     cluster of two (scripts/guard-test.mjs, port GUARD_PORT or 3350)
# The API suites run every rule on both databases; the browser suite runs whole once, on the database a
# deployment uses, and on PGlite where the embedded mode differs (its server, a whole purchase).
# Every stage runs even when an earlier one failed (except Playwright and the faults, which need the build); a summary
# with the time of each stage comes last, and the exit status is non-zero if anything failed.
# Needs PostgreSQL at TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test), Redis at REDIS_URL
# (default redis://127.0.0.1:6379), nginx and /usr/bin/chromium; `.ci/run` installs them on a fresh machine.
set -uo pipefail
cd "$(dirname "$0")/.."

export NEXT_TELEMETRY_DISABLED=1
export TEST_PG_URL="${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/test}"
# This script owns the default build folder (.next); the e2e server runs that build. To keep clear of
# someone else's build in the same checkout, set TEST_NEXT_DIST_DIR (e.g. .next-test): note that
# `next build` then adds that folder's types to tsconfig.json.
if [ -n "${TEST_NEXT_DIST_DIR:-}" ]; then export NEXT_DIST_DIR="$TEST_NEXT_DIST_DIR"; else unset NEXT_DIST_DIR; fi
# Static pages bake SITE_URL into their canonical links at build time: build with the e2e server's.
E2E_SITE_URL="http://127.0.0.1:${E2E_PORT:-3310}"

bold=$'\033[1m'; red=$'\033[31m'; green=$'\033[32m'; reset=$'\033[0m'
[ -t 1 ] || { bold=; red=; green=; reset=; }

declare -a summary=()
declare -a failed_logs=()
failed=0
stage_logs="$(mktemp -d /tmp/shop-test-logs.XXXXXX)"
suite_start=$(date +%s)

section() { printf '\n%s======== %s ========%s\n' "$bold" "$1" "$reset"; }

# stage <name> <command...>
stage() {
  local name=$1; shift
  section "$name"
  local start=$(date +%s) status log="$stage_logs/${#summary[@]}.log"
  # Each stage's output is kept too, so the summary can repeat what failed: CI shows only the end of a run.
  if "$@" 2>&1 | tee "$log"; then status="${green}ok${reset}"; else status="${red}FAILED${reset}"; failed=1; failed_logs+=("$name|$log"); fi
  summary+=("$(printf '%-32s %s  %4ss' "$name" "$status" $(( $(date +%s) - start )))")
  [[ $status == *ok* ]]
}

section "PostgreSQL"
if ! node -e '
  const pg = require("pg");
  const c = new pg.Client({ connectionString: process.env.TEST_PG_URL, connectionTimeoutMillis: 5000 });
  c.connect().then(() => c.query("select 1")).then(() => c.end()).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(1); });
'; then
  echo "${red}PostgreSQL is not reachable at ${TEST_PG_URL}.${reset}"
  echo "Start it:  pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql) main start"
  echo "or set TEST_PG_URL, or run .ci/run, which installs and starts it."
  exit 1
fi
echo "reachable at ${TEST_PG_URL}"
export REDIS_URL_TEST="${REDIS_URL:-redis://127.0.0.1:6379}"
if ! node -e '
  const Redis = require("ioredis");
  const r = new Redis(process.env.REDIS_URL_TEST, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on("error", () => {});
  r.connect().then(() => r.ping()).then(() => (r.disconnect(), process.exit(0)), (e) => { console.error(e.message); process.exit(1); });
'; then
  echo "${red}Redis is not reachable at ${REDIS_URL_TEST}.${reset}"
  echo "Start it:  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save \"\" --appendonly no"
  exit 1
fi
echo "Redis reachable at ${REDIS_URL_TEST}"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "${red}Chromium is missing at ${CHROMIUM_PATH:-/usr/bin/chromium}${reset} (apt-get install -y chromium, or run .ci/run)."
  exit 1
fi

stage "typecheck"              npx tsc --noEmit
stage "lint (ESLint, knip)"    npm run --silent lint
stage "unit"                   npx vitest run --project unit
stage "api (PGlite)"           npx vitest run --project api-pglite
stage "api (PostgreSQL)"       npx vitest run --project api-postgres

# A browser test runs once (playwright.config.ts: retries 0): one that fails is a failure.
# The build then checks each page's first-load JavaScript against its budget (scripts/js-budget.mjs).
build() { node scripts/write-build-meta.mjs && SITE_URL="$E2E_SITE_URL" npx next build && node scripts/js-budget.mjs; }
if stage "production build" build; then
  stage "e2e (PostgreSQL)"     env E2E_DB=postgres npx playwright test
  stage "e2e (PGlite)"         env E2E_DB=pglite npx playwright test ${E2E_PGLITE_SPECS:-buying payments server product-reviews messages support}
  stage "cluster"              node scripts/cluster-test.mjs
  stage "settings and limits"  node scripts/settings-limits-test.mjs
  stage "faults (PGlite)"      node scripts/fault-test.mjs --db pglite
  stage "faults (PG cluster)"  node scripts/fault-test.mjs --db postgres --cluster
  stage "guard"                node scripts/guard-test.mjs
else
  summary+=("$(printf '%-32s %s' 'e2e, faults' "${red}skipped: no build${reset}")")
fi

for entry in "${failed_logs[@]}"; do
  section "what failed in ${entry%%|*}"
  # Playwright's ✘ lines and numbered failures, vitest's FAIL lines, the first lines of each error
  grep -E '✘|^\s+[0-9]+\) |FAIL|Error:|Expected|Received|not ok|Timeout|timed out' "${entry#*|}" | head -60
done

section "summary"
printf '%s\n' "${summary[@]}"
printf 'total %ss\n' $(( $(date +%s) - suite_start ))
if [ "$failed" -ne 0 ]; then
  echo "${red}${bold}npm test failed${reset}"
  exit 1
fi
echo "${green}${bold}npm test passed${reset}"
