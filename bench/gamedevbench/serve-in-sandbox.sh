#!/usr/bin/env bash
# The MCP server an agent gets in a GameDevBench sandbox: the benchmark copies each task into a fresh
# /tmp/gamedevbench_sandbox_<id> and starts the agent there, so this starts that copy's editor (headless, or
# rendering with BRIDGE_BENCH_FRAMES=1), serves it over stdio, and quits the editor when the client ends the
# server, before the benchmark copies the sandbox for validation.
set -euo pipefail

bridge=${BRIDGE_BIN:-godot-bridge}
project=${BRIDGE_BENCH_PROJECT:-$PWD}
# frames: a window on the display the harness runs on (with-xvfb, a desktop), else bridge's private Xvfb
launch=(--headless)
if [ "${BRIDGE_BENCH_FRAMES:-0}" = 1 ]; then
	if [ -n "${DISPLAY:-}" ]; then launch=(); else launch=(--xvfb); fi
fi

started=0
if ! "$bridge" status --project "$project" </dev/null >/dev/null 2>&1; then
	# stdin and stdout are the MCP channel: the launch (and the editor it leaves running) touch neither
	"$bridge" launch --project "$project" ${launch[@]+"${launch[@]}"} </dev/null >&2
	started=1
fi

serve_pid=
quit_editor() {
	if [ -n "$serve_pid" ]; then kill "$serve_pid" 2>/dev/null || true; fi
	if [ "$started" = 1 ]; then "$bridge" editor quit --project "$project" >/dev/null 2>&1 || true; fi
}
trap quit_editor EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# in the background so a TERM from the client is handled at once; <&0 keeps the client's stdin (a background
# job's stdin would otherwise be /dev/null)
"$bridge" serve --project "$project" <&0 &
serve_pid=$!
wait "$serve_pid"
