#!/usr/bin/env bash
# Prints the Godot binary to use: $GODOT_BIN, `godot` on PATH, then the bridge cache (installing it if absent).
set -euo pipefail
if [ -n "${GODOT_BIN:-}" ] && [ -x "$GODOT_BIN" ]; then echo "$GODOT_BIN"; exit 0; fi
if command -v godot >/dev/null 2>&1; then command -v godot; exit 0; fi
cache="${BRIDGE_GODOT_CACHE:-$HOME/.cache/bridge/godot}"
if [ -x "$cache/bin/godot" ]; then echo "$cache/bin/godot"; exit 0; fi
bash "$(dirname "$0")/install-godot.sh" "$cache" | tail -n 1
