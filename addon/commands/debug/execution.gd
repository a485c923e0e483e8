@tool
extends "../../core/command_group.gd"
## debug.*, the paused game: where it stopped (stack, variables), evaluating in a frame, stepping,
## continuing, breaking in, and hot-reloading edited scripts into the running game. All of it goes through
## the editor's own debugger session (lib/debug_session.gd), as the Debugger dock's buttons do.

const DebugSession := preload("lib/debug_session.gd")
const GameLink := preload("../../lib/game_link.gd")

const STEP_MESSAGES := {"over": "next", "into": "step", "out": "out"}

## A stack frame as the debugger reports it, innermost first.
const FRAME := {"frame": "int", "file": "string", "line": "int", "function": "string"}
## Where the game stopped (_where below): every field but `paused` is absent while it runs; `error` when the
## stack did not come, `note` when the frame or its variables could not be read.
const WHERE := {"paused": "bool", "reason?": "string", "stack?": [FRAME], "frame?": "int", "location?": FRAME,
		"variables?": [{"name": "string", "scope": "string", "type": "string", "value": "any"}], "note?": "string", "error?": "string"}
## Setup that leaves the game stopped inside Player.take_damage (line 16 of the demo's player.gd): a breakpoint
## there, a timer in the game that calls it, and a break-in that debug.continue leaves to wait for the stop.
const STOP_IN_TAKE_DAMAGE := [
	{"method": "debug.set_breakpoint", "params": {"path": "res://scripts/player.gd", "line": 16}},
	{"method": "runtime.eval", "params": {"code": "tree.create_timer(1.0).timeout.connect(scene.get_node(\"Player\").take_damage.bind(7))"}},
	{"method": "debug.pause", "params": {}},
	{"method": "debug.continue", "params": {"wait_ms": 10000}},
]


func commands() -> Array:
	return [
		{
			"method": "debug.state",
			"summary": "Whether the game is paused in the debugger; if so why, its call stack and the variables (locals, members, globals) of one frame.",
			"params": [
				opt("frame", "int", "Stack frame whose variables to return (0 = where it stopped)", 0, {"min": 0}),
				opt("filter", "string", "Only variables whose name contains this (case-insensitive)", ""),
				opt("scopes", "Array", "Variable scopes to return: local, member, global", ["local", "member"], {"items": "string"}),
			],
			"example": {"frame": 0},
			"read_only": true,
			"needs": "game",
			"returns": _shape({"playing?": "bool"}),
			"handler": _state,
		},
		{
			"method": "debug.evaluate",
			"summary": "Evaluate a GDScript expression in a frame of the paused game (e.g. self.position.x + amount).",
			"params": [
				req("expression", "string", "Expression over the frame's locals and members"),
				opt("frame", "int", "Stack frame (0 = where it stopped)", 0, {"min": 0}),
			],
			"example": {"expression": "health - amount"},
			"read_only": true,
			"needs": "game",
			"example_setup": STOP_IN_TAKE_DAMAGE,
			"returns": {"value": "any", "type": "string", "expression": "string", "frame": "int"},
			"handler": _evaluate,
		},
		{
			"method": "debug.step",
			"summary": "Step the paused game once (over, into or out of a call) and return where it stopped next with that frame's variables.",
			"params": [
				choice("mode", ["over", "into", "out"], "over: the next line in this function; into: into a call; out: back to the caller", "over"),
				opt("wait_ms", "int", "How long to wait for the next stop", 3000, {"min": 100, "max": 60000}),
			],
			"example": {"mode": "over"},
			"needs": "game",
			"timeout_ms": 70000,
			"undo": "none",
			"returns": _shape({"mode": "string", "from": "Dictionary", "playing?": "bool"}),
			"handler": _step,
		},
		{
			"method": "debug.continue",
			"summary": "Let the paused game run on; reports whether it stopped at a breakpoint again within wait_ms, and where.",
			"params": [opt("wait_ms", "int", "How long to watch for the next stop (0: do not watch)", 500, {"min": 0, "max": 60000})],
			"example": {"wait_ms": 500},
			"needs": "game",
			"timeout_ms": 70000,
			"undo": "none",
			"returns": _shape({"continued": "bool", "playing?": "bool"}),
			"handler": _continue,
		},
		{
			"method": "debug.pause",
			"summary": "Break into the running game (the Debugger dock's Pause button): it stops wherever its scripts are, in the debugger.",
			"params": [opt("wait_ms", "int", "How long to wait for the game to stop", 3000, {"min": 100, "max": 60000})],
			"example": {},
			"needs": "game",
			"timeout_ms": 70000,
			"undo": "none",
			"returns": WHERE,
			"handler": _pause,
		},
		{
			"method": "debug.reload_scripts",
			"idempotent": true,
			"summary": "Hot-reload edited scripts into the running game: their new code runs at once, live objects keep their state; a script that does not compile is refused.",
			"params": [opt("paths", "Array", "Script files to reload (default: every project script that compiles, addons/bridge excepted)", [], {"items": "string"})],
			"example": {"paths": ["res://scripts/player.gd"]},
			"needs": "game",
			"undo": "none",
			"returns": {"reloaded": ["string"], "playing": "bool", "skipped_not_compiling?": ["string"]},
			"handler": _reload,
		},
	]


## WHERE with a command's own fields.
static func _shape(extra: Dictionary) -> Dictionary:
	var shape := WHERE.duplicate()
	shape.merge(extra)
	return shape


func _state(p: Dictionary) -> Variant:
	var dbg: Node = DebugSession.of(server)
	if not EditorInterface.is_playing_scene() or dbg.session() == null:
		return dbg.require_break("debug.state")
	if not dbg.is_breaked():
		return {"paused": false, "playing": true}
	for s: Variant in p.scopes:
		if not str(s) in DebugSession.SCOPES:
			return BridgeError.invalid("debug.state: scopes takes local, member, global; got '%s'" % s, {"param": "scopes"})
	return await _where(dbg, p.frame, p.filter, p.scopes)


func _evaluate(p: Dictionary) -> Variant:
	var dbg: Node = DebugSession.of(server)
	var bad: Variant = dbg.require_break("debug.evaluate")
	if bad:
		return bad
	var frames: Variant = await dbg.stack()
	if frames is BridgeError:
		return frames
	if p.frame >= frames.size():
		return BridgeError.invalid("debug.evaluate: frame %d does not exist; the stack has %d" % [p.frame, frames.size()], {"param": "frame"})
	var out: Variant = await dbg.evaluate(p.expression, p.frame)
	if out is BridgeError:
		return out
	out["expression"] = p.expression
	out["frame"] = p.frame
	return out


func _step(p: Dictionary) -> Variant:
	var dbg: Node = DebugSession.of(server)
	var bad: Variant = dbg.require_break("debug.step")
	if bad:
		return bad
	var from: Variant = await dbg.stack()
	if from is BridgeError:
		return from
	var stopped: bool = await dbg.resume_with(STEP_MESSAGES[p.mode], p.wait_ms)
	if not stopped:
		return {"mode": p.mode, "paused": false, "from": from[0] if not from.is_empty() else {}, "playing": EditorInterface.is_playing_scene(),
				"note": "the game did not stop again within %d ms (the function returned to engine code); it runs on" % p.wait_ms}
	var out: Dictionary = await _where(dbg, 0, "", ["local", "member"])
	out["mode"] = p.mode
	out["from"] = from[0] if not from.is_empty() else {}
	return out


func _continue(p: Dictionary) -> Variant:
	var dbg: Node = DebugSession.of(server)
	var bad: Variant = dbg.require_break("debug.continue")
	if bad:
		return bad
	var stopped: bool = await dbg.resume_with("continue", p.wait_ms)
	if not stopped:
		return {"continued": true, "paused": false, "playing": EditorInterface.is_playing_scene()}
	var out: Dictionary = await _where(dbg, 0, "", ["local"])
	out["continued"] = true
	return out


func _pause(p: Dictionary) -> Variant:
	var dbg: Node = DebugSession.of(server)
	if not EditorInterface.is_playing_scene() or dbg.session() == null:
		return dbg.require_break("debug.pause")
	if dbg.is_breaked():
		return BridgeError.failed("debug.pause: the game is already paused in the debugger; debug.state shows where")
	if not await dbg.request_break(p.wait_ms):
		return BridgeError.new(BridgeError.TIMEOUT, "debug.pause: the game did not stop within %d ms" % p.wait_ms)
	return await _where(dbg, 0, "", ["local"])


func _reload(p: Dictionary) -> Variant:
	var dbg: Node = DebugSession.of(server)
	if not EditorInterface.is_playing_scene() or dbg.session() == null:
		return BridgeError.new(BridgeError.GAME_NOT_RUNNING, "debug.reload_scripts needs a running game; start one with scene.play", {"playing": false})
	var paths: Array = []
	var skipped: Array = []
	for path: Variant in p.paths:
		var s := str(path)
		if not s.begins_with("res://") or not s.get_extension() == "gd" or not FileAccess.file_exists(s):
			return BridgeError.not_found("debug.reload_scripts: no GDScript file at '%s'" % s, {"param": "paths"})
		if not _compiles(s):
			return BridgeError.invalid("debug.reload_scripts: %s does not compile; fix it first (editor.errors shows why), nothing was reloaded" % s,
					{"param": "paths", "path": s})
		paths.append(s)
	if p.paths.is_empty():
		for s: String in _project_scripts("res://"):
			if _compiles(s):
				paths.append(s)
			else:
				skipped.append(s)
	if dbg.is_breaked():
		return BridgeError.failed("debug.reload_scripts: the game is paused in the debugger; debug.continue first (it reloads while running)")
	dbg.reload_scripts(paths)
	var link: Node = GameLink.of(server)
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
	var taken: Variant = await _until_game_holds(link, paths)
	if taken is BridgeError:
		return taken
	var out := {"reloaded": paths, "playing": true}
	if not skipped.is_empty():
		out["skipped_not_compiling"] = skipped
	return out


## Null once the game's copy of every script in `paths` has the text of its file (the reload arrived), or a
## BridgeError after 10 s. Checked by the scripts' source hashes, through the game's own eval.
func _until_game_holds(link: Node, paths: Array) -> Variant:
	if paths.is_empty():
		return null
	var want: Array = paths.map(func(path: String) -> int: return FileAccess.get_file_as_string(path).hash())
	var code := "return [%s]" % ", ".join(PackedStringArray(paths.map(
			func(path: String) -> String: return "load(%s).source_code.hash()" % JSON.stringify(path))))
	var until := Time.get_ticks_msec() + 10000
	while Time.get_ticks_msec() < until:
		var got: Variant = await link.request("runtime.eval", {"code": code}, 10000)
		if got is BridgeError:
			return got
		var last: Variant = got.get("result")
		# numbers come back through JSON as floats: compare them as the ints the hashes are
		if last is Array and last.map(func(h: Variant) -> int: return int(h)) == want:
			return null
		await server.get_tree().process_frame
	return BridgeError.failed("debug.reload_scripts: the game did not take the new code within 10 s", {"paths": paths})


## Compiled apart from the loaded one; its class_name is dropped, which a copy would otherwise clash with.
static func _compiles(path: String) -> bool:
	var script := GDScript.new()
	var class_line := RegEx.create_from_string("(?m)^class_name\\s+\\w+")
	script.source_code = class_line.sub(FileAccess.get_file_as_string(path), "", true)
	return script.reload() == OK


## Every .gd file of the project outside .godot and the bridge addon (the game only reloads those it loaded).
static func _project_scripts(dir: String) -> Array:
	var out: Array = []
	for f: String in DirAccess.get_files_at(dir):
		if f.get_extension() == "gd":
			out.append(dir.path_join(f))
	for d: String in DirAccess.get_directories_at(dir):
		var sub := dir.path_join(d)
		if not d.begins_with(".") and sub != "res://addons/bridge":
			out.append_array(_project_scripts(sub))
	return out


## Where the game stopped: reason, stack and one frame's variables.
func _where(dbg: Node, frame: int, filter: String, scopes: Array) -> Dictionary:
	var frames: Variant = await dbg.stack()
	if frames is BridgeError:
		return {"paused": true, "reason": dbg.reason(), "stack": [], "error": frames.message}
	var out := {"paused": true, "reason": dbg.reason(), "stack": frames, "frame": frame}
	if not frames.is_empty():
		out["location"] = frames[mini(frame, frames.size() - 1)]
	if frame >= frames.size():
		out["variables"] = []
		out["note"] = "frame %d does not exist; the stack has %d" % [frame, frames.size()]
		return out
	var vars: Variant = await dbg.frame_vars(frame)
	if vars is BridgeError:
		out["variables"] = []
		out["note"] = vars.message
		return out
	out["variables"] = vars.filter(func(v: Dictionary) -> bool:
		return v.scope in scopes and (filter == "" or v.name.to_lower().contains(filter.to_lower())))
	return out
