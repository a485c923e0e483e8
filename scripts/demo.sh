#!/usr/bin/env bash
# The demo, from a fresh clone: installs what is missing (npm packages, a private Godot 4.6), then runs the whole
# loop on a copy of examples/demo through the `bridge` CLI, each step printed as the command a user types: start the
# editor, play the game, capture a frame of it (when the private Xvfb that
# scripts/install-godot.sh builds is there, the game renders into it; without it the game runs headless and the
# capture is skipped), drive input, read the game back, stop the game and the editor. Leaves nothing running and removes its temp dir.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
[ -d node_modules/@oclif/core ] || npm ci --no-audit --no-fund
GODOT_BIN=$(bash scripts/find-godot.sh)
export GODOT_BIN
[ -f dist/bundle/main.cjs ] || npm run build --silent
# a display for the game's frames: the private Xvfb next to the engine (re-run inside it), unless there is one
xvfb="$(dirname "$GODOT_BIN")/with-xvfb"
if [ -z "${DISPLAY:-}" ] && [ -z "${BRIDGE_DEMO_NO_DISPLAY:-}" ] && [ -x "$xvfb" ]; then
  exec "$xvfb" bash "$0" "$@"
fi

started=$(date +%s%N)
bridge() { node "$here/bin/run.js" "$@"; }
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold="" plain=""; fi
say() { printf '\n%s$ %s%s\n' "$bold" "$*" "$plain"; }
# the command as typed: a word with spaces, quotes or shell characters in single quotes
quoted() {
  local out="" a
  for a in "$@"; do
    if [[ "$a" =~ ^[A-Za-z0-9_./:@%+=,-]+$ ]]; then out+=" $a"; else out+=" '${a//\'/\'\\\'\'}'"; fi
  done
  printf '%s' "${out# }"
}
step() { say "bridge $(quoted "$@")"; bridge "$@"; }

work=$(mktemp -d)
project="$work/demo"
editor_pid=""
cleanup() {
  if [ -n "$editor_pid" ] && kill -0 "$editor_pid" 2>/dev/null; then
    bridge scene stop --project "$project" >/dev/null 2>&1 || true
    bridge editor quit --project "$project" >/dev/null 2>&1 || true
    for _ in $(seq 50); do kill -0 "$editor_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$editor_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
cp -r examples/demo "$project"
# the editor's settings and caches stay in the temp dir, not in your home
export XDG_CONFIG_HOME="$work/home/config" XDG_DATA_HOME="$work/home/data" XDG_CACHE_HOME="$work/home/cache"

say "cd $project"
cd "$project"
step install --enable
step launch --headless
editor_pid=$(node -e "console.log(require('$project/.engine/bridge.json').pid)")
step scene open --path res://scenes/main.tscn
step scene tree
step scene play
step runtime get --node-path Player --properties position
# the frame while the player stands in the camera's view: the scene draws only the player on the clear colour,
# and the walk below takes it past the right edge (each CLI step takes about a second, at 200 px/s), so a frame
# taken after it would be all one grey
if [ -n "${DISPLAY:-}" ]; then
  step runtime capture-frames --count 1 --out "$work/frames"
  ls "$work/frames"
else
  printf '\n(no display: the game runs headless, so no frame to capture; install the private Xvfb with scripts/install-godot.sh)\n'
fi
step input action --action move_right --pressed
step runtime wait-until --condition 'scene.get_node("Player").position.x > 360' --timeout-ms 5000
step input action --action move_right --no-pressed
step runtime get --node-path Player --properties position
step runtime tree --max-depth 2
step scene stop
step editor quit
for _ in $(seq 100); do kill -0 "$editor_pid" 2>/dev/null || break; sleep 0.1; done
printf '\nDemo finished in %s s: the game and the editor are stopped and %s is removed.\n' \
  "$(( ($(date +%s%N) - started) / 1000000000 ))" "$work"
