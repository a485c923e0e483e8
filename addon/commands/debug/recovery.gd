@tool
extends "../../core/command_group.gd"
## debug.reload_scripts and debug.restart: the ways on after a fix, without losing the session. Fixed
## scripts hot-reload into the running game, also while it is held in the debugger (the game takes them when
## it goes on: debug.continue); a game that cannot go on (a script that did not compile) is played again
## from the same start in one call.

const BridgeDebugSession := preload("lib/debug_session.gd")
const BridgeGameLink := preload("../../lib/game_link.gd")
const BridgeReloader := preload("lib/reloader.gd")


func commands() -> Array:
	return [
		{
			"method": "debug.reload_scripts",
			"idempotent": true,
			"summary": "Hot-reload edited scripts into the running game, also while it is held in the debugger (they apply as it goes on): their new code runs, live objects keep their state; a script that does not compile is refused.",
			"params": [opt("paths", "Array", "Script files to reload (default: every project script that compiles, addons/bridge excepted)", [], {"items": "string"})],
			"example": {"paths": ["res://scripts/player.gd"]},
			"needs": "game",
			"undo": "none",
			"returns": {"reloaded": ["string"], "playing": "bool", "skipped_not_compiling?": ["string"], "held?": "bool", "note?": "string"},
			"handler": _reload,
		},
		{
			"method": "debug.restart",
			"summary": "Stop the game (also one held in the debugger) and play it again as the last scene.play did: the same scene, display and frozen start.",
			"params": [opt("frozen", "bool", "Start frozen before the first tick (default: as the last scene.play)", null)],
			"example": {},
			"needs": "game",  # a game played since the editor started (it need not run now)
			"timeout_ms": 130000,
			"undo": "none",
			"returns": {"playing": "bool", "scene": "string", "pid": "int", "display_server": "string", "renders": "bool",
					"args": "string", "ready_ms": "int", "frozen": "bool", "restarted": "Dictionary"},
			"handler": _restart,
		},
	]


func _reload(c: BridgeCall) -> Variant:
	var p := c.params
	var dbg: Node = BridgeDebugSession.of(server)
	if not EditorInterface.is_playing_scene() or dbg.session() == null:
		return c.error(BridgeError.GAME_NOT_RUNNING, "debug.reload_scripts needs a running game; start one with scene.play", {"playing": false})
	var chosen: Variant = BridgeReloader.choose(p.paths)
	if chosen is BridgeError:
		return chosen
	var paths: Array = chosen.paths
	dbg.reload_scripts(paths)
	var out := {"reloaded": paths, "playing": true}
	if not chosen.skipped.is_empty():
		out["skipped_not_compiling"] = chosen.skipped
	if dbg.is_breaked():
		BridgeGameLink.of(server).pause.reload_pending = true
		# the held game keeps the message and reloads in its next idle frame, before the stopped line runs again
		out["held"] = true
		out["note"] = "the game is held in the debugger: the new code applies when it goes on (debug.continue)"
		return out
	var link: Node = BridgeGameLink.of(server)
	# The reload travels over the debugger connection, the calls over the file mailbox: nothing orders the
	# two. Let the editor flush the debugger packet (a few frames), then make two round trips through the
	# game, so the frame that applied the reload has run before the next call sees the code.
	for i in 3:
		await server.get_tree().process_frame
	for i in 2:
		var ok: Variant = await link.request("runtime.status", {}, 10000)
		if ok is BridgeError:
			return ok
	# On a loaded machine the packet can take longer still: wait until the game holds the files' text.
	var taken: Variant = await BridgeReloader.until_game_holds(link, paths)
	if taken is BridgeError:
		return taken
	return out


func _restart(c: BridgeCall) -> Variant:
	var p := c.params
	var link: Node = BridgeGameLink.of(server)
	if link.last_play.is_empty():
		return c.failed("no game was played since the editor started; start one with scene.play")
	var params: Dictionary = link.last_play.duplicate()
	if p.get("frozen") != null:
		params["frozen"] = p.frozen
	var reply: Dictionary = await c.run("scene.play", params)
	if reply.has("error"):
		var e: Dictionary = reply.error
		var data: Dictionary = e.get("data", {}) if e.get("data") is Dictionary else {}
		return c.error(int(e.code), str(e.message).trim_prefix("scene.play: "), data)
	var out: Dictionary = reply.result
	out.erase("undoable")
	out["restarted"] = params
	return out
