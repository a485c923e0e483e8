@tool
extends RefCounted
## Where the addon's start-up time goes (issue 50), for the bench: with BRIDGE_START_PHASES=1 in the editor's
## environment the discovery file carries `start_phases_ms`, the engine's ms since its process start at each step
## (the server made, the groups registered, the transports bound, the file written, the first frame, the scan's
## end, `ready`), and `engine_start_unix_ms` to place them on the caller's clock. Off otherwise: one env read.
## Every function is static: `const BridgeStartPhases := preload("start_phases.gd")`.

const ENV := "BRIDGE_START_PHASES"

static var enabled := OS.get_environment(ENV) == "1"
static var _marks: Dictionary = {}


## Notes that step `name` ended now (the first time only: a step seen again keeps its first moment).
static func mark(name: String) -> void:
	if enabled and not _marks.has(name):
		_marks[name] = Time.get_ticks_usec() / 1000.0


## Adds the marks so far to the discovery record `info` (nothing when off).
static func into(info: Dictionary) -> void:
	if not enabled:
		return
	info["start_phases_ms"] = _marks.duplicate()
	info["engine_start_unix_ms"] = Time.get_unix_time_from_system() * 1000.0 - Time.get_ticks_usec() / 1000.0
