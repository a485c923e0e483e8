#!/usr/bin/env bash
# The demo, from a fresh clone: installs everything (npm packages, a private Godot 4.6), starts a
# headless editor on a copy of examples/demo, drives it through the `bridge` CLI, prints what happened, stops.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
[ -d node_modules/@oclif/core ] || npm ci --no-audit --no-fund
GODOT_BIN=$(bash scripts/find-godot.sh)
export GODOT_BIN NO_COLOR=1
[ -f dist/commands/index.js ] || npm run build --silent
bridge() { node "$here/bin/run.js" "$@"; }
step() { printf '\n\033[1m$ bridge %s\033[0m\n' "$*"; bridge "$@"; }

work=$(mktemp -d)
project="$work/demo"
editor_pid=""
cleanup() {
  if [ -n "$editor_pid" ] && kill -0 "$editor_pid" 2>/dev/null; then
    bridge editor quit --project "$project" >/dev/null 2>&1 || true
    for _ in $(seq 50); do kill -0 "$editor_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$editor_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
cp -r examples/demo "$project"
export XDG_CONFIG_HOME="$work/home/config" XDG_DATA_HOME="$work/home/data" XDG_CACHE_HOME="$work/home/cache"

step install --project "$project" --enable
step launch --project "$project" --headless
editor_pid=$(node -e "console.log(require('$project/.engine/bridge.json').pid)")
step project info --project "$project"
step scene open --project "$project" --path res://scenes/main.tscn
step node add --project "$project" --type Sprite2D --parent /root/Main --name Hero
step node set --project "$project" --node-path /root/Main/Hero --property position --value 100,50
step node get --project "$project" --node-path /root/Main/Hero --property position
step engine search --project "$project" --query move_and_slide --limit 3
step editor undo --project "$project"
step scene tree --project "$project"
step status --project "$project"
printf '\nDemo finished: the editor is stopped and %s removed.\n' "$work"
