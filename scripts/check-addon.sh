#!/usr/bin/env bash
# Parse-checks every addon script with the real engine (a parse error would otherwise just leave the
# plugin unloaded). Usage: scripts/check-addon.sh [godot-binary]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
godot=${1:-${GODOT_BIN:-$(bash "$here/scripts/find-godot.sh")}}
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
mkdir -p "$w/p/addons" "$w/home"
printf 'config_version=5\n[application]\nconfig/name="check"\n' > "$w/p/project.godot"
cp -r "$here/addon" "$w/p/addons/bridge"
fail=0
while IFS= read -r f; do
  out=$(XDG_CONFIG_HOME="$w/home" XDG_DATA_HOME="$w/home" XDG_CACHE_HOME="$w/home" \
    "$godot" --headless --check-only --script "res://addons/bridge/$f" --path "$w/p" 2>&1 || true)
  if grep -qE 'SCRIPT ERROR|Parse Error|Failed to load' <<<"$out"; then
    echo "== $f"; grep -E 'ERROR|at:' <<<"$out" | head -8; fail=1
  fi
done < <(cd "$here/addon" && find . -name '*.gd' | sed 's#^\./##' | sort)
[ "$fail" = 0 ] && echo "addon scripts parse cleanly"
exit "$fail"
