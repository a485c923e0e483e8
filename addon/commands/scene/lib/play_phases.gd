@tool
extends RefCounted
## Where a scene.play's time goes (issue 50), for the bench: with BRIDGE_PLAY_PHASES=1 in the editor's environment
## the answer carries `phases_ms`, the editor's ms since the call began at each step, and the game's own clock at
## its hello (its engine's ms since process start, the autoloads' ms), so bridge's own steps (before the play,
## after the hello) can be told from the engine's (the editor's launch of the game, the game's start). Off
## otherwise: the answer stays as declared without it.

const ENV := "BRIDGE_PLAY_PHASES"

var _begun := Time.get_ticks_usec()
var _marks: Dictionary = {}
var enabled := OS.get_environment(ENV) == "1"


## Notes that step `name` ended now (ms since the call began).
func mark(name: String) -> void:
	if enabled:
		_marks[name] = (Time.get_ticks_usec() - _begun) / 1000.0


## The marks, with the game's side from its hello: `game_uptime_at_hello` (its engine's clock when its bridge
## wrote the hello) and `game_autoloads` (the inspector's own start work). {} when off.
func report(hello: Dictionary) -> Dictionary:
	if not enabled:
		return {}
	var out := _marks.duplicate()
	out["game_uptime_at_hello"] = hello.get("uptime_ms", -1)
	out["game_autoloads"] = float(hello.get("ready_work_usec", -1000)) / 1000.0
	return out
