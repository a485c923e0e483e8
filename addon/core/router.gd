@tool
extends RefCounted
## The one command router behind every transport: `<group>.<command>` → handler, standing on the three rooms of
## the floor (docs/architecture.md, "The floor"):
##   the registry (core/registry.gd): every declaration, described and loaded on its first call;
##   the pipeline (core/pipeline.gd): the typed stages every call passes (check, resolve, audit, step, run, finish,
##     name), so parameters are checked once, before any handler runs;
##   the scheduler (core/scheduler.gd): when a call may start (the line, and the turn of each undo history).
## dispatch() is the one way in, from a transport or from a call (c.run, core/call.gd).

const BridgeError := preload("bridge_error.gd")
const BridgeActivityLog := preload("activity_log.gd")
const BridgeCallContext := preload("call_context.gd")
const BridgeCall := preload("call.gd")
const BridgeScheduler := preload("scheduler.gd")
const BridgeRegistry := preload("registry.gd")
const BridgePipeline := preload("pipeline.gd")
const BridgeLazyModules := preload("lazy_modules.gd")
## A reply without an error, for the activity log (read-only: one shared value instead of one per call).
const NO_ERROR := {}

## Emitted when the command set changes (a group registered or removed), so transports can notify.
signal commands_changed

var registry := BridgeRegistry.new()
var pipeline := BridgePipeline.new()
var scheduler := BridgeScheduler.new()
## The recent calls, for the editor dock.
var activity := BridgeActivityLog.new()
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
	# the editor's start-up, its place behind any scene switch, then the turns of the histories it writes
	# (core/scheduler.gd); the commands that describe bridge itself wait for nothing, and skip the coroutine
	var ticket: Dictionary = BridgeScheduler.NO_TICKET
	if scheduler.waits(method, cmd):
		# the open scene the call names (any_scene: core/open_scenes.gd) is whose history's turn it takes
		var scene := ""
		if cmd.get("any_scene", false) == true and params is Dictionary:
			var sent: Dictionary = params
			scene = str(sent.get("scene", ""))
		ticket = await scheduler.enter(method, cmd, {"method": method, "client": str(who.get("client", ""))}, nested, scene)
		if not registry.has(method):  # its group was dropped while the command waited for its turn
			scheduler.leave(ticket)
			return {"error": BridgeError.new(BridgeError.METHOD_NOT_FOUND, "%s is no longer registered" % method,
					{"method": method}).to_dict()}
		cmd = registry.current(method)
	if not cmd.get("read_only", false):
		writes_started += 1
	var keys: Array = ticket.keys
	var in_turn: bool = nested or not keys.is_empty()
	var the_call := BridgeCall.new(method, {}, who, context)
	the_call.declaration = cmd
	the_call.sent = params
	the_call.top = top
	the_call.started_usec = started
	the_call.attach(dispatch, in_turn, scheduler.take_every_turn, _give_back_every_turn)  # c.run(), c.take_edit_turn()
	the_call.hold_turns(scheduler, ticket)  # c.wait_outside_turns()
	var reply: Dictionary = await pipeline.run(the_call)
	if ticket.id >= 0 or in_turn and not nested:
		scheduler.leave(ticket)
	return reply


## The turns a handler took itself (scene.play: c.take_edit_turn, which holds every turn).
func _give_back_every_turn() -> void:
	scheduler.give_back([BridgeScheduler.EVERY])
