#!/usr/bin/env bash
# Prints the Godot binary to use: $GODOT_BIN, `godot` on PATH, then the bridge cache (installing it if absent).
set -euo pipefail
# A GODOT_BIN that is set is the answer or an error, never skipped for another Godot (CI on Windows and macOS sets it).
if [ -n "${GODOT_BIN:-}" ]; then
  if [ -x "$GODOT_BIN" ]; then echo "$GODOT_BIN"; exit 0; fi
  echo "find-godot.sh: GODOT_BIN=$GODOT_BIN is not an executable file" >&2; exit 1
fi
if command -v godot >/dev/null 2>&1; then command -v godot; exit 0; fi
cache="${BRIDGE_GODOT_CACHE:-$HOME/.cache/bridge/godot}"
if [ -x "$cache/bin/godot" ]; then echo "$cache/bin/godot"; exit 0; fi
bash "$(dirname "$0")/install-godot.sh" "$cache" | tail -n 1
