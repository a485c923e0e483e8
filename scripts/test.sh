#!/usr/bin/env bash
# The one test command (npm test): installs what is missing (npm packages, the private Godot 4.6
# sysroot), builds, parse-checks the addon, runs the GDScript unit tests (no editor), then the unit and the
# engine-backed suites.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules/@oclif/core ] || npm ci --no-audit --no-fund
GODOT_BIN=$(bash scripts/find-godot.sh)
export GODOT_BIN
echo "godot: $GODOT_BIN ($("$GODOT_BIN" --headless --version 2>/dev/null | tail -n 1))"
npm run build --silent
bash scripts/check-addon.sh "$GODOT_BIN"
bash scripts/test-gdscript.sh "$GODOT_BIN"
# the declaration cache once, before the workers start (each would otherwise build its own at the same time)
npx tsx scripts/test-cache.ts
# Two files at a time (BRIDGE_TEST_JOBS; 1 runs them one by one): every file starts its own editor on its own
# ports, user data and editor settings, and most of a file's time is an editor or a game starting, so two
# overlap well on 2 cores (docs/performance.md, "The suite").
jobs=${BRIDGE_TEST_JOBS:-2}
parallel=()
[ "$jobs" -gt 1 ] && parallel=(--parallel --jobs "$jobs")
npx mocha "${parallel[@]}" 'test/unit/**/*.test.ts' 'plugins/*/test/**/*.test.ts' 'test/e2e/**/*.test.ts' "$@"
