#!/usr/bin/env bash
# Installs node_modules from package-lock.json. `npm ci` first; this machine's registry lacks other
# platforms' optional packages (e.g. @next/swc-darwin-*), which the lock cannot record, and `npm ci`
# refuses such a lock as "out of sync" — then `npm install` installs the same locked versions,
# skipping the unavailable optional packages.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! npm ci --no-audit --no-fund; then
  echo "npm ci refused the lock (optional packages of other platforms are not in this registry); using npm install"
  npm install --no-audit --no-fund
fi
