@tool
extends "../../core/command_group.gd"
## debug.*, the paused game: where it stopped (stack, variables), evaluating in a frame, stepping,
## continuing (reloading fixed scripts first) and breaking in. All of it goes through
## the editor's own debugger session (lib/debug_session.gd), as the Debugger dock's buttons do.

const BridgeDebugSession := preload("lib/debug_session.gd")
const BridgeGameLink := preload("../../lib/game_link.gd")
const BridgeGamePause := preload("../../lib/game_pause.gd")
const BridgeReloader := preload("lib/reloader.gd")
const BridgeScriptGuard := preload("../../lib/guard/script_guard.gd")

const STEP_MESSAGES := {"over": "next", "into": "step", "out": "out"}
## The most stops on the old line a continue after a reload lets go (a frozen game's step runs up to 256 ticks a frame).
const MAX_LET_GO := 300

## A stack frame as the debugger reports it, innermost first.
const FRAME := {"frame": "int", "file": "string", "line": "int", "function": "string"}
## Where the game stopped (_where below): every field but `paused` is absent while it runs; `kind` is breakpoint,
## error or pause, `next` what to do from here (lib/game_pause.gd); `error` when the stack did not come, `note`
## when the frame or its variables could not be read.
const WHERE := {"paused": "bool", "kind?": "string", "reason?": "string", "next?": "string", "stack?": [FRAME], "frame?": "int", "location?": FRAME,
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
				req("expression", "string", "Expression over the frame's locals and members", EVALUATES),
				opt("frame", "int", "Stack frame (0 = where it stopped)", 0, {"min": 0}),
			],
			"example": {"expression": "health - amount"},
			"read_only": true,
			"needs": "game",
			"example_setup": STOP_IN_TAKE_DAMAGE,
			"returns": {"value": "any", "type": "string", "expression": "string", "frame": "int"},
			"handler": _evaluate,
			"code_guard": func(p: Dictionary) -> Variant: return BridgeScriptGuard.verdict("debug.evaluate", p.expression, false, false),
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
			"summary": "Let the paused game run on (with reload: after hot-reloading the fixed scripts); reports whether it stopped again within wait_ms, where, and whether on the same error.",
			"params": [
				opt("wait_ms", "int", "How long to watch for the next stop (0: do not watch)", 500, {"min": 0, "max": 60000}),
				opt("reload", "bool", "First reload every edited project script that compiles into the held game, so a fixed line runs its new code", false),
			],
			"example": {"wait_ms": 500},
			"needs": "game",
			"timeout_ms": 70000,
			"undo": "none",
			"returns": _shape({"continued": "bool", "playing?": "bool", "reloaded?": ["string"], "repeated?": "bool"}),
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
		}
	]


## WHERE with a command's own fields.
static func _shape(extra: Dictionary) -> Dictionary:
	var shape := WHERE.duplicate()
	shape.merge(extra)
	return shape


func _state(c: BridgeCall) -> Variant:
	var p := c.params
	var dbg: Node = BridgeDebugSession.of(server)
	if not EditorInterface.is_playing_scene() or dbg.session() == null:
		return dbg.require_break("debug.state")
	if not dbg.is_breaked():
		return {"paused": false, "playing": true}
	for s: Variant in p.scopes:
		if not str(s) in BridgeDebugSession.SCOPES:
			return c.invalid("scopes takes local, member, global; got '%s'" % s, {"param": "scopes"})
	return await _where(dbg, p.frame, p.filter, p.scopes)


func _evaluate(c: BridgeCall) -> Variant:
	var p := c.params
	# The game's debugger answers an expression that does not parse with a null value, and logs the parse error
	# later against the paused script's line; the same engine class parses it here first, so it is this call's
	# error and nothing reaches the game. (Expression's errors carry no position.)
	var parsed := Expression.new()
	if parsed.parse(p.expression) != OK:
		var where := {"param": "expression", "expression": p.expression}
		var said := parsed.get_error_text()
		if not p.expression.contains("\n"):  # one line: the error is on it
			where["line"] = 1
			said = "line 1: " + said
		return c.invalid("the expression does not parse: %s (expression: %s); nothing was evaluated" % [said, p.expression],
				where)
	var dbg: Node = BridgeDebugSession.of(server)
	var bad: Variant = dbg.require_break("debug.evaluate")
	if bad:
		return bad
	var frames: Variant = await dbg.stack()
	if frames is BridgeError:
		return frames
	if p.frame >= frames.size():
		return c.invalid("frame %d does not exist; the stack has %d" % [p.frame, frames.size()], {"param": "frame"})
	var out: Variant = await dbg.evaluate(p.expression, p.frame)
	if out is BridgeError:
		var failure: BridgeError = out
		if failure.data.has("expression"):
			failure.data["param"] = "expression"
		return failure
	out["expression"] = p.expression
	out["frame"] = p.frame
	return out


func _step(c: BridgeCall) -> Variant:
	var p := c.params
	var dbg: Node = BridgeDebugSession.of(server)
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


func _continue(c: BridgeCall) -> Variant:
	var p := c.params
	var dbg: Node = BridgeDebugSession.of(server)
	var bad: Variant = dbg.require_break("debug.continue")
	if bad:
		return bad
	var pause: Node = BridgeGameLink.of(server).pause
	var before: Dictionary = await pause.describe()
	var reloaded: Array = []
	if p.reload:
		var chosen: Dictionary = BridgeReloader.choose([])
		reloaded = chosen.paths
		dbg.reload_scripts(reloaded)
		pause.reload_pending = true
	var stopped: bool = await dbg.resume_with("continue", p.wait_ms)
	# A reload applies in the game's next idle frame; physics ticks the engine already planned for this frame
	# (a catching-up game, a step's fast ticks) still run the old line, each stopping on the same error. Those
	# stops are let go (bounded), so one call gets past them to the new code.
	var let_go := 0
	while stopped and pause.reload_pending and let_go < MAX_LET_GO and _same_stop(before, pause):
		let_go += 1
		stopped = await dbg.resume_with("continue", p.wait_ms)
	if not stopped:
		pause.reload_pending = false
	var out: Dictionary = {"continued": true, "paused": false, "playing": EditorInterface.is_playing_scene()}
	if stopped:
		out = await _where(dbg, 0, "", ["local"])
		out["continued"] = true
		# the same error on the same line: the line runs every frame and nothing changed it; say so, never loop
		if _same_stop(before, pause):
			out["repeated"] = true
			out["note"] = ("it stopped again on the same error at %s: that line runs again on every continue. %s" % [
					BridgeGamePause.where(before), "The reload did not fix it; " if pause.reload_pending else ""]) + BridgeGamePause.next_step(before)
	if p.reload:
		out["reloaded"] = reloaded
	return out


## Whether the game stopped again where `before` was held (the same error on the same line). The reason and
## the stack of the new stop are the watcher's (lib/game_pause.gd).
static func _same_stop(before: Dictionary, pause: Node) -> bool:
	var top: Dictionary = pause.stack[0] if not pause.stack.is_empty() else {}
	return before.get("kind") == "error" and pause.reason == before.get("reason") and \
			(top.is_empty() or (top.get("file") == before.get("file") and top.get("line") == before.get("line")))


func _pause(c: BridgeCall) -> Variant:
	var p := c.params
	var dbg: Node = BridgeDebugSession.of(server)
	if not EditorInterface.is_playing_scene() or dbg.session() == null:
		return dbg.require_break("debug.pause")
	if dbg.is_breaked():
		return c.failed("the game is already paused in the debugger; debug.state shows where")
	if not await dbg.request_break(p.wait_ms):
		return c.error(BridgeError.TIMEOUT, "the game did not stop within %d ms" % p.wait_ms)
	return await _where(dbg, 0, "", ["local"])


## Where the game stopped: reason, stack and one frame's variables.
func _where(dbg: Node, frame: int, filter: String, scopes: Array) -> Dictionary:
	var frames: Variant = await dbg.stack()
	var why: String = dbg.reason()
	var out := {"paused": true, "kind": BridgeGamePause.kind_of(why),
			"reason": why if why != "" else BridgeGamePause.PAUSE_REASON}
	if frames is BridgeError:
		out.merge({"stack": [], "error": frames.message})
		return out
	var top: Dictionary = frames[0] if not frames.is_empty() else {}
	out["next"] = BridgeGamePause.next_step({"kind": out.kind, "reason": why, "file": top.get("file", "")})
	out.merge({"stack": frames, "frame": frame})
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
