@tool
extends Node
## Where the game held in the editor's debugger stopped, for every call that meets it (game link, debug.*,
## scene.play): the kind (breakpoint, error, pause), the reason, file:line, the top of the stack and what to
## do next. It watches the Debugger dock's sessions from the moment the game link exists, so the first stop
## after a play has its reason too (a watcher made after the break never hears it; then the dock's own
## reason label is read). The stack arrives after the `breaked` signal (the dock asks for it): describe()
## waits for it, and asks itself when it does not come. One per game link (GameLink.pause).

const BridgeError := preload("../core/bridge_error.gd")
const BridgeEval := preload("../game/eval.gd")

## The frames a refusal carries; debug.state has them all.
const TOP_FRAMES := 5
const STACK_WAIT_MS := 1500
## When the stack has not come by then, describe() asks the game for it itself.
const ASK_AFTER_MS := 750
## The reason of a stop the debugger gives none for: a break-in (debug.pause, the dock's Pause button).
const PAUSE_REASON := "Paused by a break-in (debug.pause or the Debugger's Pause button)"
## A stop in this function of a compiled gdscript:// file is a runtime.eval snippet's own line.
const SNIPPET_FUNCTION := "run"

var breaks := 0  # breaks seen (a continue that stops again raises it)
var reason := ""  # of the newest break
var stack: Array = []  # [{frame, file, line, function}] of the newest break, innermost first
## A reload was sent to the held game and has not been seen to apply yet (debug.continue lets the old
## line's repeated stops go until it does).
var reload_pending := false
var _stack_for := -1  # the break count `stack` belongs to
var _watched: Array = []
var _sessions: Callable  # () -> the game link's EditorDebuggerSession of the running game, or null


func _init(sessions: Callable = Callable()) -> void:
	_sessions = sessions
	name = "GamePause"


func session() -> EditorDebuggerSession:
	return _sessions.call() if _sessions.is_valid() else null


func is_held() -> bool:
	var s := session()
	return s != null and s.is_breaked()


## {kind, reason, file, line, function, stack, next} of the held game, or {} when it is not held.
func describe() -> Dictionary:
	watch()
	var s := session()
	if s == null or not s.is_breaked():
		return {}
	var started := Time.get_ticks_msec()
	var asked := false
	while _stack_for < breaks or _stack_for < 0:
		if Time.get_ticks_msec() > started + STACK_WAIT_MS or not is_held():
			break
		if not asked and Time.get_ticks_msec() > started + ASK_AFTER_MS:
			s.send_message("get_stack_dump", [])  # the dock did not ask (or its answer was missed)
			asked = true
		await get_tree().process_frame
	var why := reason if reason != "" else dock_reason()
	var top: Dictionary = stack[0] if not stack.is_empty() else {}
	var out := {"kind": kind_of(why), "reason": why if why != "" else PAUSE_REASON,
			"file": str(top.get("file", "")), "line": int(top.get("line", 0)), "function": str(top.get("function", "")),
			"stack": stack.slice(0, TOP_FRAMES)}
	out["next"] = next_step(out)
	return out


## The BridgeError a game call meets while the game is held: all of describe() in the message and data.
func error(consequence: String = "It cannot answer until it goes on",
		code: int = BridgeError.GAME_NOT_RUNNING) -> BridgeError:
	return error_from(await describe(), consequence, code)


static func error_from(info: Dictionary, consequence: String = "It cannot answer until it goes on",
		code: int = BridgeError.GAME_NOT_RUNNING) -> BridgeError:
	var data := {"playing": true, "paused_at_breakpoint": true}
	data.merge(info)
	if info.is_empty():
		return BridgeError.new(code, "the game is paused in the editor's debugger; debug.state shows where", data)
	var what: String = {"breakpoint": "paused at a breakpoint", "pause": "paused by debug.pause",
			"error": "held at a script error"}.get(info.kind, "paused")
	return BridgeError.new(code, "the game is %s in the editor's debugger, at %s: %s. %s: %s" % [
			what, where(info), str(info.reason).trim_suffix("."), consequence, info.next], data)


## "res://scripts/player.gd:16 in take_damage" (or "an unknown line" without a stack).
static func where(info: Dictionary) -> String:
	if str(info.get("file", "")) == "":
		return "an unknown line"
	var fn := str(info.get("function", ""))
	return "%s:%d%s" % [info.file, info.line, " in %s()" % fn if fn != "" else ""]


static func kind_of(why: String) -> String:
	if why.begins_with("Breakpoint"):  # a debug.set_breakpoint line, or a `breakpoint` statement ("Breakpoint Statement")
		return "breakpoint"
	if why == "" or why == "Break":
		return "pause"
	return "error"


## What the agent can do from here, named by command.
static func next_step(info: Dictionary) -> String:
	if info.kind == "error" and str(info.reason).begins_with("Parser Error"):
		return ("the script does not compile: fix %s (script.validate checks it), then debug.restart plays the game again " +
				"from its start in one call") % info.file
	if info.kind == "error":
		return ("fix the script (the line runs again on every continue, so debug.continue alone stops here again), then " +
				"debug.continue with reload: true reloads the fixed scripts into the held game and goes on; or debug.restart " +
				"plays again from the same start; debug.state shows the variables, scene.stop ends the game")
	return "debug.state shows the variables, debug.step or debug.continue goes on, scene.stop ends the game"


## Lets the held game run on (the debugger's continue). True once it left the break within wait_ms.
func resume(wait_ms: int = 1000) -> bool:
	var s := session()
	if s == null or not s.is_breaked():
		return true
	s.send_message("continue", [])
	var until := Time.get_ticks_msec() + wait_ms
	while is_held() and Time.get_ticks_msec() < until:
		await get_tree().process_frame
	return not is_held()


## When the break is a runtime.eval snippet's error: {line, reason, in_snippet} with the snippet's own line
## (the innermost snippet frame; in_snippet false when the error is in game code the snippet called). Else {}.
static func snippet_error(info: Dictionary) -> Dictionary:
	if info.get("kind") != "error":
		return {}
	var frames: Array = info.get("stack", [])
	for i in frames.size():
		var f: Dictionary = frames[i]
		if str(f.file).begins_with("gdscript://") and f.function == SNIPPET_FUNCTION:
			var out := {"line": maxi(int(f.line) - BridgeEval.header_lines(), 0), "reason": info.reason,
					"in_snippet": i == 0}
			if i > 0:
				out["called"] = where(frames[0])
			return out
	return {}


## A runtime.eval reply turned into its snippet's error (the first one caught), the reply kept in data.
static func snippet_failure(method: String, reply: Variant, caught: Array) -> BridgeError:
	var first: Dictionary = caught[0]
	if reply is BridgeError and reply.data.has("starts"):  # an expression's own failure (game/eval.gd evaluate): name it
		var told: Dictionary = BridgeEval.explain(reply.data, first.line, first.reason)
		return BridgeError.failed(told.message, told.data)
	var errors: Array = caught.map(func(c: Dictionary) -> Dictionary:
		var e := {"type": "script", "message": c.reason, "line": c.line, "stopped": c.in_snippet}
		if c.has("called"):
			e["called"] = c.called
		return e)
	var data := {"errors": errors, "line": first.line}
	if method == "runtime.eval":
		data["param"] = "code"
	if reply is Dictionary and method == "runtime.eval":
		data["emitted"] = reply.get("emitted", [])
		data["result"] = reply.get("result")
	elif reply is Dictionary:
		data["reply"] = reply  # what the command did (a step's ticks), kept
	var what: String = ("%s; the snippet stopped there" % first.reason) if first.in_snippet else \
			("the call went into %s, which failed: %s (that function stopped, the snippet went on)" % [first.called, first.reason])
	return BridgeError.failed("line %d: %s. The game runs on (not held in the debugger)" % [first.line, what], data)


## Connects to every session tab of the Debugger dock (a new tab appears per simultaneous game).
func watch() -> void:
	for n: Node in debugger_tabs():
		if not n in _watched:
			_watched.append(n)
			n.breaked.connect(_on_breaked)
			n.stack_dump.connect(_on_stack_dump)


## The Debugger dock's session tabs (ScriptEditorDebugger, an editor class scripts cannot name): found by
## walking the editor's UI, as they appear one per simultaneous game.
static func debugger_tabs() -> Array[Node]:
	var out: Array[Node] = []
	var pending: Array[Node] = [EditorInterface.get_base_control()]
	while not pending.is_empty():
		var n: Node = pending.pop_back()
		if n.get_class() == "ScriptEditorDebugger":
			out.append(n)
			continue
		pending.append_array(n.get_children(true))
	return out


func _on_breaked(really_did: bool, _can_debug: bool, why: String = "", _has_stack: bool = false) -> void:
	if really_did:
		breaks += 1
		reason = why
		stack = []


func _on_stack_dump(frames: Array) -> void:
	stack = frames.map(func(f: Dictionary) -> Dictionary:
		return {"frame": f.get("frame", 0), "file": f.get("file", ""), "line": f.get("line", 0), "function": f.get("function", "")})
	_stack_for = breaks


## The reason the dock shows (the first line of its Stack Trace tab, the first tab), for a break that came
## before watch() connected.
func dock_reason() -> String:
	for dbg: Node in _watched:
		var pending: Array[Node] = [dbg] if is_instance_valid(dbg) else []
		while not pending.is_empty():
			var n: Node = pending.pop_back()
			var row := n.get_parent()
			if n is RichTextLabel and row is HBoxContainer and row.get_parent().get_index() == 0 and row.get_parent().get_parent() is TabContainer:
				var text: String = (n as RichTextLabel).text
				if text != "":
					return text
			pending.append_array(n.get_children(true))
	return ""
