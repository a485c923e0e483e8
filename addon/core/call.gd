@tool
extends RefCounted
## One command call, as the router hands it to its handler: the resolved parameters, who called (the client
## as it named itself, and its connection), the line back to it (progress and cancel) and the undo step the
## call's changes go into. A handler keeps its own call across every await, so nothing of it is read from a
## static that the next call could have replaced. Errors are made here: the router names the command once in
## front of every message (`c.invalid("properties is empty")` reaches the client as "node.set_many: properties
## is empty"), so no message types the name by hand.

const BridgeError := preload("bridge_error.gd")
const BridgeCallContext := preload("call_context.gd")
const BridgeUndoStep := preload("undo_step.gd")

## The command, e.g. "node.add".
var method: String
## The parameters, checked and resolved by the router (nodes are Nodes, property maps are planned, ...).
var params: Dictionary
## The client as it named itself (`claude-code`, `bridge cli`; the User-Agent when it named nothing else).
var client: String
## The connection the call came over: "ws", "http" or "internal" (a call the editor made itself).
var transport: String
## The connection's own name (the User-Agent of the WebSocket or HTTP request), which may differ from `client`
## (`bridge serve` calling for `claude-code`).
var connection: String
## Progress and cancellation (core/call_context.gd): a silent one when the transport gave none.
var context: BridgeCallContext
## The undo step this call's changes go into (core/undo_step.gd); null for a command with no undo history.
var step: BridgeUndoStep
## The root of the open scene the call works on: the one its `scene` parameter names (core/open_scenes.gd), else
## the edited one as the call found it (the resolve stage sets it; scene_root() reads it). Kept in the call, so a
## handler that awaits still works on its own scene whatever other calls do meanwhile.
var scene: Node = null
## The command's declaration (its docs and handler) as the registry found it for this call (core/registry.gd).
var declaration: Dictionary = {}
## The parameters as the client sent them, before the pipeline's checks made `params` of them.
var sent: Variant = null
## A client's call; false for one a command runs through run() (core/engine_said.gd quotes only a client's).
var top := true
## When the call arrived (ticks usec): the router's per-method stats count from here.
var started_usec := 0

var _scene_known := false  # scene_root() has settled `scene`
var _dispatch := Callable()  # the router's dispatch, for run(): the router preloads this file, not the reverse
var _in_turn := false  # the call runs inside the router's edit turn: a command it runs joins it, not waits behind it
var _wait_turn := Callable()  # the router's (holder, wait_ms) -> {} or who holds the turn, for take_edit_turn()
var _give_turn := Callable()
var _took_turn := false  # this call took the turn itself (take_edit_turn) and has not given it back
var _scheduler: RefCounted = null  # the router's (core/scheduler.gd) and this call's ticket, for wait_outside_turns()
var _ticket: Dictionary = {}


func _init(p_method: String, p_params: Dictionary, who: Dictionary = {}, p_context: BridgeCallContext = null) -> void:
	method = p_method
	params = p_params
	transport = str(who.get("transport", "internal"))
	client = str(who.get("client", ""))
	connection = str(who.get("connection", client))
	if client == "":
		client = "editor" if transport == "internal" else "unknown client"
	context = p_context if p_context != null else BridgeCallContext.new()


## The root of the scene the call works on (see `scene`); null with no scene open.
func scene_root() -> Node:
	if not _scene_known:
		_scene_known = true
		if scene == null:
			var outer: BridgeUndoStep = context.outer_step  # a batch entry works on its batch's scene
			scene = outer.scene if outer != null and outer.scene != null else EditorInterface.get_edited_scene_root()
	return scene if is_instance_valid(scene) else null  # closed meanwhile: no scene, never another one


## Set by the router before the handler runs: how run() reaches it, and whether this call holds the edit turn
## (its command makes an undo step, or it runs inside one that does: batch.run).
func attach(dispatcher: Callable, in_turn: bool, wait_turn: Callable = Callable(), give_turn: Callable = Callable()) -> void:
	_dispatch = dispatcher
	_in_turn = in_turn
	_wait_turn = wait_turn
	_give_turn = give_turn


## For a command with no undo step that must not run beside edits (scene.play saves the scenes it plays):
## waits in line with the commands that make undo steps, up to `wait_ms`, and holds the turn until
## give_back_edit_turn() (the router gives it back when the handler returns, at the latest). {} once held (at
## once inside a call that holds it), else who still holds it: {method, client, held_ms}.
func take_edit_turn(wait_ms: int) -> Dictionary:
	if _in_turn or _took_turn or not _wait_turn.is_valid():
		return {}
	var holder: Dictionary = await _wait_turn.call({"method": method, "client": client, "since": Time.get_ticks_msec()}, wait_ms)
	_took_turn = holder.is_empty()
	return holder


## Set by the router once the call holds its turns (core/scheduler.gd): the ticket it gives back at the end.
func hold_turns(scheduler: RefCounted, ticket: Dictionary) -> void:
	_scheduler = scheduler
	_ticket = ticket


## Waits up to `wait_ms` for `ready` (asked every frame) with this call's turns given back, so the clients it
## waits for can run meanwhile (editor.undo's wait_ms); holds its turns again before it returns, and says
## whether `ready` held then. Stops early when the client cancels.
func wait_outside_turns(ready: Callable, wait_ms: int) -> bool:
	var keys: Array = _ticket.get("keys", [])
	var held := _scheduler != null and not keys.is_empty()
	if held:
		_scheduler.give_back(keys)
	var tree := Engine.get_main_loop() as SceneTree
	var deadline := Time.get_ticks_msec() + wait_ms
	while not ready.call() and Time.get_ticks_msec() < deadline and not is_cancelled():
		await tree.process_frame
	if held:
		_ticket.keys = await _scheduler.take_turns(declaration, {"method": method, "client": client}, str(_ticket.get("scene", "")))
	return ready.call()


func give_back_edit_turn() -> void:
	if _took_turn:
		_took_turn = false
		_give_turn.call()


## Runs another command as part of this call (a scenario's step, a batch entry, the scene.play a restart makes)
## through the router, as this call's client on this call's connection: its undo step, audit entry and activity
## line name who asked, whatever other clients sent meanwhile. Inside the edit turn it joins the turn. Its
## progress and cancel are its own (a handler that waits checks its own call between the commands it runs).
## Returns the router's reply: {"result": ...} or {"error": {code, message, data}}.
func run(p_method: String, p_params: Dictionary = {}) -> Dictionary:
	if not _dispatch.is_valid():
		return {"error": error(BridgeError.INTERNAL_ERROR, "%s ran %s outside the router" % [method, p_method]).to_dict()}
	var reply: Dictionary = await _dispatch.call(p_method, p_params, context.child(caller(), step), _in_turn)
	return reply


## Who called, for the audit trail and the activity log: {transport, client, connection}.
func caller() -> Dictionary:
	return {"transport": transport, "client": client, "connection": connection}


## Whether the client cancelled the call (a waiting handler stops and answers cancelled_error()).
func is_cancelled() -> bool:
	return context.cancelled


## Whether the client listens for progress (so a handler may skip computing it).
func wants_progress() -> bool:
	return context.wants_progress()


## Reports how far the call is (at most ten times a second; done == total always goes).
func progress(done: float, total: float = -1.0, message: String = "") -> void:
	context.progress(done, total, message)


## A failure of this call; the router puts the command's name in front of the message.
func error(code: int, message: String, data: Dictionary = {}) -> BridgeError:
	return BridgeError.new(code, message, data)


## A bad parameter value the router's checks could not see (-32602).
func invalid(message: String, data: Dictionary = {}) -> BridgeError:
	return BridgeError.new(BridgeError.INVALID_PARAMS, message, data)


## The command could not do what was asked (-32000).
func failed(message: String, data: Dictionary = {}) -> BridgeError:
	return BridgeError.new(BridgeError.COMMAND_FAILED, message, data)


## Something the call names does not exist (-32001).
func not_found(message: String, data: Dictionary = {}) -> BridgeError:
	return BridgeError.new(BridgeError.NOT_FOUND, message, data)


## The answer of a call that stopped waiting because its client cancelled; `state` says what stands.
func cancelled_error(state: String, data: Dictionary = {}) -> BridgeError:
	return BridgeError.new(BridgeError.CANCELLED, "cancelled by the client; %s" % state, data)


## `message` as the client reads it: the command's name in front, once (a message that already starts with
## it, e.g. from a parameter check that names the command, is left as it is).
static func named(command: String, message: String) -> String:
	if message.begins_with(command):
		var next := message.substr(command.length(), 1)
		if next == "" or next == ":" or next == " ":
			return message
	return "%s: %s" % [command, message]
