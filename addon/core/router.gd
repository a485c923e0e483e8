@tool
extends RefCounted
## The one command router behind every transport: `<group>.<command>` → handler, standing on the three rooms of
## the floor (docs/architecture.md, "The floor"):
##   the registry (core/registry.gd): every declaration, described and loaded on its first call;
##   the pipeline (core/pipeline.gd): the typed stages every call passes (check, resolve, audit, step, run, finish,
##     name), so parameters are checked once, before any handler runs;
##   the scheduler (core/command_queue.gd and the edit turn below): when a call may start.
## dispatch() is the one way in, from a transport or from a call (c.run, core/call.gd).

const BridgeError := preload("bridge_error.gd")
const BridgeActivityLog := preload("activity_log.gd")
const BridgeCallContext := preload("call_context.gd")
const BridgeCall := preload("call.gd")
const BridgeCommandQueue := preload("command_queue.gd")
const BridgeRegistry := preload("registry.gd")
const BridgePipeline := preload("pipeline.gd")
const BridgeLazyModules := preload("lazy_modules.gd")
## A reply without an error, for the activity log (read-only: one shared value instead of one per call).
const NO_ERROR := {}

## Emitted when the command set changes (a group registered or removed), so transports can notify.
signal commands_changed
## Emitted when the command holding the edit turn finished (see _take_edit_turn).
signal _edit_turn_free

var registry := BridgeRegistry.new()
var pipeline := BridgePipeline.new()
## The recent calls, for the editor dock.
var activity := BridgeActivityLog.new()
## True while a command with an undo step (scene or global history) runs: the next such command waits.
var _edit_turn_taken := false
## Who holds the edit turn: {method, client, since (ticks msec)}; a waiter that gives up names it.
var _edit_turn_holder: Dictionary = {}
## How many commands not declared read_only have started running (core/bridge_server.gd reads nothing more
## within the frame after one: what it left for the frame's end, a freed node say, is done before the next call).
var writes_started := 0


func _init() -> void:
	registry.commands_changed.connect(func() -> void: commands_changed.emit())


func has(method: String) -> bool:
	return registry.has(method)


func methods() -> Array[String]:
	return registry.methods()


func describe(method: String) -> Dictionary:
	return registry.describe(method)


func describe_all() -> Array:
	return registry.describe_all()


## Usage per method (calls, errors, total_usec, max_usec) and when counting started (ticks msec).
func stats() -> Dictionary:
	return pipeline.stats.read()


func reset_stats() -> void:
	pipeline.stats.reset()


## Loads the next lazy core script (an idle frame's share, before the deferred group files); false when all are.
func warm_next() -> bool:
	return BridgeLazyModules.warm_next()


## Runs one command. Returns {"result": json} or {"error": {code, message, data}}. May await.
## `context` (core/call_context.gd), from the transport: who called (its `caller`), the request's progress and
## cancellation (a silent one when none is given), and the name the client gave itself on the request.
## `nested`: a command that holds the edit turn (batch.run) runs one of its own; it joins that turn instead of
## waiting for it. A handler runs another command through its call (c.run, core/call.gd), which passes a child
## context (same caller, `parent` set), never through here.
func dispatch(method: String, params: Variant, context: RefCounted = null, nested: bool = false) -> Dictionary:
	var call_context: BridgeCallContext = context if context != null else BridgeCallContext.new()
	# never changed once made (a transport sets a new context per message), so it is copied only to be changed
	var who: Dictionary = call_context.caller
	if call_context.client_name != "":  # `bridge serve` calling for the MCP client it names
		who = who.duplicate()
		who["connection"] = who.get("client", "")
		who["client"] = call_context.client_name
	var started := Time.get_ticks_usec()
	var reply: Dictionary = await _run(method, params, started, call_context, nested, who, call_context.parent == null)
	var error: Dictionary = reply.get("error", NO_ERROR)
	activity.record(method, who, started, error)
	return reply


## From the registry's declaration to the pipeline, through the scheduler: every call passes here, and each
## coroutine level it crosses costs the editor's main thread a little on every call.
func _run(method: String, params: Variant, started: int, context: BridgeCallContext, nested: bool, who: Dictionary,
		top: bool) -> Dictionary:
	var found: Variant = registry.lookup(method)
	if found is BridgeError:
		var refusal: BridgeError = found
		var out := refusal.to_dict()
		if refusal.code != BridgeError.METHOD_NOT_FOUND:  # an unknown method is not a command to name
			out["message"] = BridgeCall.named(method, refusal.message)
		return {"error": out}
	var cmd: Dictionary = found
	# the editor's start-up, then this command's turn behind any scene switch (core/command_queue.gd); the
	# commands that describe bridge itself are not queued, and skip the coroutine
	var ticket := -1
	if BridgeCommandQueue.gated(method):
		var switches: bool = cmd.get("switches_scene", false) == true
		ticket = await BridgeCommandQueue.enter(method, switches)
		if not registry.has(method):  # its group was dropped while the command waited for its turn
			BridgeCommandQueue.leave(ticket)
			return {"error": BridgeError.new(BridgeError.METHOD_NOT_FOUND, "%s is no longer registered" % method,
					{"method": method}).to_dict()}
		cmd = registry.current(method)
	var writes: bool = not cmd.get("read_only", false)
	if writes:
		writes_started += 1
	var takes_turn: bool = not nested and writes and str(cmd.get("undo", "none")) in ["scene", "global"]
	if takes_turn:
		await _take_edit_turn({"method": method, "client": str(who.get("client", "")), "since": Time.get_ticks_msec()})
	var the_call := BridgeCall.new(method, {}, who, context)
	the_call.declaration = cmd
	the_call.sent = params
	the_call.top = top
	the_call.started_usec = started
	the_call.attach(dispatch, takes_turn or nested, _wait_edit_turn, _give_back_edit_turn)  # c.run(), c.take_edit_turn()
	var reply: Dictionary = await pipeline.run(the_call)
	if takes_turn:
		_give_back_edit_turn()
	if ticket >= 0:
		BridgeCommandQueue.leave(ticket)
	return reply


## Commands that make an undo step run one at a time, whoever sends them: a handler that awaits while its
## step is open (placing on a settled physics frame, building a tile set, undo itself) would otherwise take
## another client's edit into its step — reported without `undoable`, and rolled back if the first fails.
## Reads, and commands with no history, keep running meanwhile.
func _take_edit_turn(holder: Dictionary) -> void:
	while _edit_turn_taken:
		await _edit_turn_free
	_edit_turn_taken = true
	_edit_turn_holder = holder


## The edit turn for a command with no undo step that must not run beside edits (scene.play saving the scenes
## it plays), waiting in line with the edits up to `wait_ms`: {} once taken, else who still holds it
## ({method, client, held_ms}). A timer wakes the line at the deadline; the others just wait on.
func _wait_edit_turn(holder: Dictionary, wait_ms: int) -> Dictionary:
	var expired := [false]
	var wake := func() -> void:
		expired[0] = true
		_edit_turn_free.emit()
	var timer := (Engine.get_main_loop() as SceneTree).create_timer(wait_ms / 1000.0)
	timer.timeout.connect(wake)
	while _edit_turn_taken and not expired[0]:
		await _edit_turn_free
	if timer.timeout.is_connected(wake):
		timer.timeout.disconnect(wake)
	if _edit_turn_taken:
		var held := _edit_turn_holder.duplicate()
		var since: int = held.get("since", Time.get_ticks_msec())
		held["held_ms"] = Time.get_ticks_msec() - since
		held.erase("since")
		return held
	_edit_turn_taken = true
	_edit_turn_holder = holder
	return {}


func _give_back_edit_turn() -> void:
	_edit_turn_taken = false
	_edit_turn_holder = {}
	_edit_turn_free.emit()
