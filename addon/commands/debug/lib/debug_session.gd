@tool
extends Node
## The editor's debugger for the game it plays: listens to the Debugger dock's session (its stack dump,
## stack-frame variables, break/continue and evaluation results) and sends the debugger's own messages
## (next, step, out, continue, break, get_stack_dump, get_stack_frame_vars, evaluate, reload_scripts)
## through the game link's EditorDebuggerSession. One per server: BridgeDebugSession.of(server).

const BridgeGameLink := preload("../../../lib/game_link.gd")
const BridgeGamePause := preload("../../../lib/game_pause.gd")
const BridgeGameOutput := preload("../../../lib/game_output.gd")
const BridgeOutputLog := preload("../../../core/output_log.gd")
const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeJsonValue := preload("../../../core/json_value.gd")
const BridgeSettings := preload("../../../core/settings.gd")

const NODE_NAME := "DebugSession"
const SCOPES := ["local", "member", "global"]

var _watched: Array = []  # ScriptEditorDebugger docks connected to
var _breaks := 0  # break events seen (a step or continue that breaks again raises it)
var _reason := ""
var _breaked := false
var _stack: Array = []
var _stack_seq := 0
var _batch: Array = []
var _batch_expect := 0
var _batch_seq := 0
var _last_batch: Array = []
var _evaluations: Array = []
var _link: Node


static func of(server: Node) -> Node:
	var live := server.get_node_or_null(NODE_NAME)
	if live == null:
		live = load(BridgeSettings.addon_dir().path_join("commands/debug/lib/debug_session.gd")).new()
		live.name = NODE_NAME
		live._link = BridgeGameLink.of(server)
		server.add_child(live)
	live._watch()
	return live


## The debugger session of the game being played, or null.
func session() -> EditorDebuggerSession:
	var plugin_side: EditorDebuggerPlugin = _link._debugger
	if plugin_side == null:
		return null
	for s: EditorDebuggerSession in plugin_side.get_sessions():
		if s.is_active():
			return s
	return null


func is_breaked() -> bool:
	var s := session()
	return s != null and s.is_breaked()


## Why the game stopped: the game link's watcher heard every break since the link was made (this session is
## made on the first debug call, maybe after the break); else the dock's own reason line.
func reason() -> String:
	var heard: String = _link.pause.reason if _link.pause.breaks > 0 else _reason
	return heard if heard != "" else _link.pause.dock_reason()


## Why the paused-game commands cannot run now (a BridgeError), or null when the game is paused at a break.
func require_break(method: String) -> Variant:
	if not EditorInterface.is_playing_scene() or session() == null:
		return BridgeError.new(BridgeError.GAME_NOT_RUNNING, ("%s needs a game paused at a breakpoint and no game is running; " +
				"set one with debug.set_breakpoint, then scene.play") % method, {"playing": false})
	if not is_breaked():
		return BridgeError.failed(("%s needs the game paused at a breakpoint, but it is running; set a breakpoint on a line it " +
				"runs (debug.set_breakpoint) or pause it with debug.pause") % method, {"playing": true, "paused_at_breakpoint": false})
	return null


## The paused game's call stack, innermost first: [{frame, file, line, function}].
func stack() -> Variant:
	var seq := _stack_seq
	session().send_message("get_stack_dump", [])
	if not await _until(func() -> bool: return _stack_seq > seq, 3000):
		return BridgeError.new(BridgeError.TIMEOUT, "the game did not send its stack within 3 s")
	return _stack.map(func(f: Dictionary) -> Dictionary:
		return {"frame": f.frame, "file": f.file, "line": f.line, "function": f.function})


## The variables of one stack frame: [{name, scope, type, value}]. The dock asks for frame 0 itself after
## every break, so the answer is the last batch to arrive once the batches stop coming.
func frame_vars(frame: int) -> Variant:
	var seq := _batch_seq
	session().send_message("get_stack_frame_vars", [frame])
	if not await _until(func() -> bool: return _batch_seq > seq, 3000):
		return BridgeError.new(BridgeError.TIMEOUT, "the game did not send frame %d's variables within 3 s" % frame)
	var settled := _batch_seq
	for _i in 4:
		await get_tree().process_frame
		if _batch_seq != settled:
			settled = _batch_seq
	return _last_batch.duplicate()


## Sends a debugger command that leaves the break (next, step, out, continue) and waits up to wait_ms for
## the next break. Returns true when the game broke again.
func resume_with(message: String, wait_ms: int) -> bool:
	var before := _breaks
	session().send_message(message, [])
	return await _until(func() -> bool: return _breaks > before and is_breaked(), wait_ms)


## Asks the running game to break into the debugger; true when it did within wait_ms.
func request_break(wait_ms: int) -> bool:
	var before := _breaks
	session().send_message("break", [])
	return await _until(func() -> bool: return _breaks > before and is_breaked(), wait_ms)


## Evaluates an expression (one that parses: the caller checks it) in a paused frame; {value, type}, or a
## BridgeError when the game did not answer or the expression failed when it ran. The game's debugger answers
## a failed evaluation with a null value, like a real null; what tells them apart is the error the game logged
## while it evaluated (its output file is written as the error happens, before the answer is sent: lib/game_output.gd).
func evaluate(expression: String, frame: int) -> Variant:
	var output: Node = BridgeGameOutput.of(get_parent())
	output.collect()
	var logger: RefCounted = BridgeOutputLog.of(get_parent())
	var since: int = logger.next_seq()
	var count := _evaluations.size()
	session().send_message("evaluate", [expression, frame])
	if not await _until(func() -> bool: return _evaluations.size() > count, 3000):
		return BridgeError.new(BridgeError.TIMEOUT, "the game did not answer the evaluation within 3 s")
	output.collect()
	var failures: Array = logger.errors(since, 20, ["game"]).filter(func(e: Dictionary) -> bool: return e.type != "warning")
	if not failures.is_empty():
		return BridgeError.failed("the expression failed when it ran: %s (expression: %s); it has no value" % [
				failures[0].message, expression], {"expression": expression, "frame": frame,
				"errors": failures.map(func(e: Dictionary) -> Dictionary: return {"type": e.type, "message": e.message})})
	return _evaluations[count]


func reload_scripts(paths: Array) -> void:
	if paths.is_empty():
		session().send_message("reload_all_scripts", [])
	else:
		session().send_message("reload_scripts", paths)


func _until(done: Callable, timeout_ms: int) -> bool:
	var until := Time.get_ticks_msec() + timeout_ms
	while not done.call():
		if Time.get_ticks_msec() > until or not EditorInterface.is_playing_scene():
			return done.call()
		await get_tree().process_frame
	return true


## Connects to every session tab of the Debugger dock (a new tab appears per simultaneous game).
func _watch() -> void:
	for n: Node in BridgeGamePause.debugger_tabs():
		if not n in _watched:
			_watched.append(n)
			n.breaked.connect(_on_breaked)
			n.stack_dump.connect(_on_stack_dump)
			n.stack_frame_vars.connect(_on_frame_vars)
			n.stack_frame_var.connect(_on_frame_var)
			n.debug_data.connect(_on_debug_data)


func _on_breaked(really_did: bool, _can_debug: bool, why: String = "", _has_stack: bool = false) -> void:
	_breaked = really_did
	if really_did:
		_breaks += 1
		_reason = why


func _on_stack_dump(frames: Array) -> void:
	_stack = frames
	_stack_seq += 1


func _on_frame_vars(count: int) -> void:
	_batch = []
	_batch_expect = count
	if count == 0:
		_close_batch()


func _on_frame_var(data: Array) -> void:
	_batch.append(_decode(data))
	if _batch.size() == _batch_expect:
		_close_batch()


func _on_debug_data(message: String, data: Array) -> void:
	if message == "evaluation_return" and not data.is_empty():
		var v := _decode(data)
		_evaluations.append({"value": v.value, "type": v.type})


func _close_batch() -> void:
	_last_batch = _batch
	_batch_seq += 1


## [name, scope, type, value] from the game's debugger → {name, scope, type, value} in JSON terms.
static func _decode(data: Array) -> Dictionary:
	var value: Variant = data[3] if data.size() > 3 else null
	var type := type_string(int(data[2])) if data.size() > 2 else ""
	if value is EncodedObjectAsID:
		value = {"object_id": value.object_id}
	else:
		value = BridgeJsonValue.to_json(value)
	var scope: int = int(data[1]) if data.size() > 1 else 0
	return {"name": str(data[0]), "scope": SCOPES[scope] if scope < SCOPES.size() else str(scope), "type": type, "value": value}
