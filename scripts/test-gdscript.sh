#!/usr/bin/env bash
# The GDScript unit tests of the addon's pure modules (test/gdscript/): no editor, one headless engine run
# on a throwaway project holding the addon and the tests. Usage: scripts/test-gdscript.sh [godot-binary]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
godot=${1:-${GODOT_BIN:-$(bash "$here/scripts/find-godot.sh")}}
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
mkdir -p "$w/p/addons" "$w/home"
printf 'config_version=5\n[application]\nconfig/name="gdscript-units"\n' > "$w/p/project.godot"
cp -r "$here/addon" "$w/p/addons/bridge"
cp -r "$here/test/gdscript" "$w/p/tests"
XDG_CONFIG_HOME="$w/home" XDG_DATA_HOME="$w/home" XDG_CACHE_HOME="$w/home" \
  "$godot" --headless --path "$w/p" --script res://tests/run.gd 2>&1 | grep -v '^Godot Engine v'
exit "${PIPESTATUS[0]}"
