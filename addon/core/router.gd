@tool
extends RefCounted
## The one command router behind every transport: `<group>.<command>` → handler. Each command is
## registered with its parameter docs; parameters are checked here, once, before any handler runs, and
## every parameter declared `evaluates` is audited here (core/code_audit.gd).

const BridgeError := preload("bridge_error.gd")
const BridgeParams := preload("params.gd")
const BridgeJsonValue := preload("json_value.gd")
const BridgeActivityLog := preload("activity_log.gd")
const BridgeAuditLog := preload("../lib/audit_log.gd")
const BridgeCallContext := preload("call_context.gd")
const BridgeCall := preload("call.gd")
const BridgeCompat := preload("compat.gd")
const BridgeCommandQueue := preload("command_queue.gd")
const BridgeEngineSaid := preload("engine_said.gd")
## What only some commands need, loaded on the first call that needs it or by warm_next() in an idle frame after
## start, so the editor's start compiles none of it: parameter kinds (nodes, vectors, property maps: scene access
## and value coercion behind them), the undo scope (mutating commands), the code audit (commands that run code),
## the open text tabs' sync (commands that write) and the JSON Schemas (describe: engine.commands, tools/list).
const PARAM_KINDS := "param_kinds.gd"
const UNDO_SCOPE := "undo_scope.gd"
const CODE_AUDIT := "code_audit.gd"
const OPEN_TEXT_SYNC := "../lib/open_text_sync.gd"
const SCHEMA := "schema.gd"
const COMPILE_ERRORS := "../lib/compile_errors.gd"
## Who wrote each file last (an undo that finds its file changed since names the write: lib/text_step.gd).
const WRITE_JOURNAL := "../lib/write_journal.gd"
const LAZY_MODULES: Array[String] = [PARAM_KINDS, UNDO_SCOPE, CODE_AUDIT, OPEN_TEXT_SYNC, SCHEMA, COMPILE_ERRORS, WRITE_JOURNAL]
## A reply without an error, for the activity log (read-only: one shared value instead of one per call).
const NO_ERROR := {}

## Emitted when the command set changes (a group registered or removed), so transports can notify.
signal commands_changed
## Emitted when the command holding the edit turn finished (see _take_edit_turn).
signal _edit_turn_free

var _commands: Dictionary = {}  # method -> command Dictionary (docs + handler)
var _order: Array[String] = []
var _groups: Array = []  # handlers are Callables on these objects: keep them alive
var _methods_of: Dictionary = {}  # group object id -> the methods it registered (for unregister_group)
## The recent calls, for the editor dock.
var activity := BridgeActivityLog.new()
## Per-method usage since start (or the last reset_stats): {calls, errors, total_usec, max_usec}.
var _stats: Dictionary = {}
var _stats_since_msec := Time.get_ticks_msec()
var _group_summaries: Dictionary = {}  # group name -> its one-line summary
## Group files that could not be registered: [{path, error}] (see group_loader.gd).
var load_errors: Array[Dictionary] = []
## Loads a group file whose commands are known from core/declaration_cache.gd but not yet loaded; set by
## the server: (path) -> bool, true when the file registered its commands.
var load_group: Callable
## Group files registered from the cache and not loaded yet, in registration order.
var _deferred: Array[String] = []
## True while a command with an undo step (scene or global history) runs: the next such command waits.
var _edit_turn_taken := false
## Who holds the edit turn: {method, client, since (ticks msec)}; a waiter that gives up names it.
var _edit_turn_holder: Dictionary = {}
## How many commands not declared read_only have started running (core/bridge_server.gd reads nothing more
## within the frame after one: what it left for the frame's end, a freed node say, is done before the next call).
var writes_started := 0
## LAZY_MODULES loaded so far: relative path -> GDScript.
static var _modules: Dictionary = {}
## What the router asks of a declaration on every call, answered once per command: method -> {kinds, audits}.
static var _plans: Dictionary = {}


## Registers every command a group declares. A group is any object with `commands() -> Array` (a
## core/command_group.gd, not preloaded here: the groups stand on the router, not the other way round).
## `notify` false leaves announcing the change to the caller (a batch of reloads emits once).
func register_group(group: RefCounted, source: String = "builtin", notify: bool = true) -> void:
	_groups.append(group)
	var declared: Array = group.call("commands")
	for cmd: Dictionary in declared:
		register(cmd, source)
	_methods_of[group.get_instance_id()] = declared.map(func(cmd: Dictionary) -> String: return cmd.method)
	var summary := str(group.call("group_summary"))
	if summary != "" and not declared.is_empty():
		_group_summaries[str(declared[0].method).get_slice(".", 0)] = summary
	if notify:
		commands_changed.emit()


## Removes every command a group registered, and its summary once no command of that group is left
## (a project-local file that changed or was deleted; see core/local_commands.gd).
func unregister_group(group: Object, notify: bool = true) -> void:
	for method: String in _methods_of.get(group.get_instance_id(), []):
		_commands.erase(method)
		_order.erase(method)
	_methods_of.erase(group.get_instance_id())
	_groups.erase(group)
	for name: String in _group_summaries.keys():
		if not _order.any(func(m: String) -> bool: return m.begins_with(name + ".")):
			_group_summaries.erase(name)
	if notify:
		commands_changed.emit()


## Registers a group's cached declarations (core/declaration_cache.gd) without loading its script: the
## commands are listed and checked now; `path` loads on the command's first call or by load_next_deferred().
func register_deferred(group: Dictionary) -> void:
	var commands: Array = group.commands
	var path: String = group.path
	for cmd: Dictionary in commands:
		cmd["group_file"] = path
		register(cmd, "builtin", false)
	if not path in _deferred:
		_deferred.append(path)


## A built-in group's summary, from its folder's index.json (core/group_loader.gd).
func set_group_summary(group: String, summary: String) -> void:
	_group_summaries[group] = summary


## Loads the oldest group file still deferred (an idle frame's share); false when none is left.
func load_next_deferred() -> bool:
	if _deferred.is_empty():
		return false
	_load_deferred(_deferred[0])
	return true


func _load_deferred(path: String) -> void:
	_deferred.erase(path)
	load_group.call(path)


## `checked` false: the declaration comes from the cache, checked when `npm run catalog` loaded its group, and
## again when the group's script loads here (register_group).
func register(cmd: Dictionary, source: String = "builtin", checked: bool = true) -> void:
	var method: String = cmd.method
	if checked:
		_assert_declaration(cmd)
	cmd["source"] = source
	if not _commands.has(method):
		_order.append(method)
	_commands[method] = cmd


## The declaration's types, kinds and scope are known ones (debug builds: an editor).
static func _assert_declaration(cmd: Dictionary) -> void:
	var method: String = cmd.method
	assert(method.count(".") == 1, "command names are <group>.<command>: " + method)
	var kinds: Array = [""] + _module(PARAM_KINDS).get_script_constant_map().KINDS
	for spec: Dictionary in cmd.get("params", []):
		assert(spec.get("type", "any") in BridgeParams.TYPES, "%s.%s: unknown type %s" % [method, spec.name, spec.get("type")])
		assert(spec.get("kind", "") in kinds, "%s.%s: unknown kind %s" % [method, spec.name, spec.get("kind")])
	var scopes: Array = _module(UNDO_SCOPE).get_script_constant_map().SCOPES
	assert(cmd.get("undo", "none") in scopes, "%s: unknown undo scope %s" % [method, cmd.get("undo")])
	assert(not cmd.has("answer_size") or (cmd.answer_size is String and cmd.answer_size != ""), "%s: answer_size says why the answer is large" % method)
	assert(str(cmd.get("since", "4.0")).get_slice_count(".") == 2, "%s: since is a Godot version like \"4.5\"" % method)


## One of LAZY_MODULES, loaded on its first use.
static func _module(rel: String) -> GDScript:
	var script: GDScript = _modules.get(rel)
	if script == null:
		script = load((BridgeError as Script).resource_path.get_base_dir().path_join(rel).simplify_path()) as GDScript
		_modules[rel] = script
	return script


## Loads the next of LAZY_MODULES not loaded yet (an idle frame's share, before the deferred group files);
## false when all are.
func warm_next() -> bool:
	for rel in LAZY_MODULES:
		if not _modules.has(rel):
			_module(rel)
			return true
	return false


func has(method: String) -> bool:
	return _commands.has(method)


func methods() -> Array[String]:
	return _order.duplicate()


## The public docs of one command: everything but the handler, plus its JSON Schema.
func describe(method: String) -> Dictionary:
	var cmd: Dictionary = _commands[method]
	var schema := _module(SCHEMA)
	var params: Array = []
	for spec: Dictionary in cmd.get("params", []):
		params.append(spec.duplicate())
	var doc := {
		"method": method,
		"summary": cmd.get("summary", ""),
		"params": params,
		"example": cmd.get("example", {}),
		"read_only": cmd.get("read_only", false),
		"destructive": cmd.get("destructive", false),
		# repeating the call with the same parameters changes nothing more: every read, and the
		# mutating commands that declare it (setters, saves); MCP's idempotentHint
		"idempotent": cmd.get("read_only", false) or cmd.get("idempotent", false),
		"title": str(cmd.get("title", title_of(method))),
		"needs": cmd.get("needs", ""),
		"undo": _module(UNDO_SCOPE).call("of", cmd),
		"source": cmd.get("source", "builtin"),
		"input_schema": schema.call("for_command", params),
	}
	if cmd.has("timeout_ms"):
		doc["timeout_ms"] = cmd.timeout_ms
	if cmd.has("verdict"):  # the result's bool that is a pass/fail verdict: the CLI exits 1 on false
		doc["verdict"] = cmd.verdict
	if cmd.has("answer_size"):  # why its answer may exceed the sweep's size budget (the rest answer a summary)
		doc["answer_size"] = cmd.answer_size
	if cmd.get("needs_scene", false) == true:  # refused with NO_SCENE when no scene is open (core/param_kinds.gd)
		doc["needs_scene"] = true
	if cmd.has("since"):  # the oldest Godot the command runs on; `unavailable` says why not here
		doc["since"] = cmd.since
		if not BridgeCompat.at_least(str(cmd.since)):
			doc["unavailable"] = _needs(cmd)
	for key: String in ["example_setup", "example_scene", "example_refused"]:  # what the sweeps need to run the example
		if cmd.has(key):
			doc[key] = cmd[key]
	if cmd.get("returns") is Dictionary:
		doc["output_schema"] = schema.call("for_result", cmd.returns, schema.get_script_constant_map().PUBLISHED_DEPTH, false)
		# what the router adds to every answer (core/engine_said.gd), in the full shape the result checks read
		var returns: Dictionary = cmd.returns
		doc["result_schema"] = schema.call("for_result", returns.merged(BridgeEngineSaid.SHAPE))
	return doc


## A short title for a command without its own `title`: "node.add_to_group" → "Node: add to group".
static func title_of(method: String) -> String:
	var group := method.get_slice(".", 0)
	var words := method.get_slice(".", 1).replace("_", " ")
	return "%s: %s" % [group.capitalize().replace(" ", ""), words]


## "needs Godot 4.5 or newer (this editor runs 4.4.1)": why a command declaring `since` is unavailable here.
static func _needs(cmd: Dictionary) -> String:
	return "needs Godot %s or newer (this editor runs %s)" % [cmd.since, BridgeCompat.version().string]


## `details` may add the engine's own `line` and `engine_message`.
func record_load_error(path: String, error: String, details: Dictionary = {}) -> void:
	var entry := {"path": path, "error": error}
	entry.merge(details)
	load_errors.append(entry)
	push_error("bridge: command group %s skipped: %s" % [path, error])


## Forgets the load errors of one file (it was fixed, reloaded or deleted).
func clear_load_errors(path: String) -> void:
	load_errors.assign(load_errors.filter(func(e: Dictionary) -> bool: return e.path != path))


## Every group in registration order: name, summary ("" when no file of it has one) and command count.
func describe_groups() -> Array:
	var counts: Dictionary = {}
	for m in _order:
		var group := m.get_slice(".", 0)
		counts[group] = counts.get(group, 0) + 1
	var out: Array = []
	for group: String in counts:
		out.append({"name": group, "summary": _group_summaries.get(group, ""), "count": counts[group]})
	return out


func describe_all() -> Array:
	var out: Array = []
	for m in _order:
		out.append(describe(m))
	return out


## Runs one command. Returns {"result": json} or {"error": {code, message, data}}. May await.
## `context` (core/call_context.gd), from the transport: the request's progress and cancellation (a silent one
## when none is given), and the name the client gave itself on the request. `nested`: a command that holds the
## edit turn (batch.run) runs one of its own; it joins that turn instead of waiting for it. `caller`:
## {transport, client, connection} — by default the transport's, read here before any await. A handler runs
## another command through its call (c.run, core/call.gd), which passes both, never through here.
## The handler gets all of it as one call object (core/call.gd).
func dispatch(method: String, params: Variant, context: RefCounted = null, nested: bool = false,
		caller: Dictionary = {}) -> Dictionary:
	# never changed once made (a transport sets a new context per message), so it is copied only to be changed
	var who: Dictionary = caller if not caller.is_empty() else BridgeAuditLog.context
	var call_context: BridgeCallContext = context if context != null else BridgeCallContext.new()
	if call_context.client_name != "":  # `bridge serve` calling for the MCP client it names
		who = who.duplicate()
		who["connection"] = who.get("client", "")
		who["client"] = call_context.client_name
	var started := Time.get_ticks_usec()
	var reply: Dictionary = await _run(method, params, started, call_context, nested, who, caller.is_empty())
	var error: Dictionary = reply.get("error", NO_ERROR)
	activity.record(method, who, started, error)
	return reply


## Everything between the call's arrival and its checks, in one function: every call passes here, and each
## coroutine level it crosses costs the editor's main thread a little on every call.
func _run(method: String, params: Variant, started: int, context: BridgeCallContext, nested: bool, who: Dictionary,
		top: bool) -> Dictionary:
	var known: Variant = _commands.get(method)
	if known == null:
		var guess := BridgeParams.did_you_mean(method, _order)
		var msg := "unknown method '%s'" % method
		if guess != "":
			msg += " (did you mean '%s'?)" % guess
		msg += "; engine.commands lists every command"
		return {"error": BridgeError.new(BridgeError.METHOD_NOT_FOUND, msg, {"method": method, "suggestion": guess}).to_dict()}
	var cmd: Dictionary = known
	if cmd.has("since") and not BridgeCompat.at_least(str(cmd.since)):  # before its file loads: it may name newer API
		return {"error": BridgeError.new(BridgeError.UNAVAILABLE, "%s %s" % [method, _needs(cmd)],
				{"method": method, "since": cmd.since, "engine_version": BridgeCompat.version().string}).to_dict()}
	if cmd.has("group_file"):  # known from the cache: its script loads now, once
		_load_deferred(str(cmd.group_file))
		cmd = _commands[method]
		if cmd.has("group_file"):
			return {"error": BridgeError.new(BridgeError.INTERNAL_ERROR, "%s: its group file %s did not load (engine.commands lists the load errors)" % [method, cmd.group_file], {"method": method}).to_dict()}
	# the editor's start-up, then this command's turn behind any scene switch (core/command_queue.gd); the
	# commands that describe bridge itself are not queued, and skip the coroutine
	var ticket := -1
	if BridgeCommandQueue.gated(method):
		var switches: bool = cmd.get("switches_scene", false) == true
		ticket = await BridgeCommandQueue.enter(method, switches)
		if not _commands.has(method):  # its group was dropped while the command waited for its turn
			BridgeCommandQueue.leave(ticket)
			return {"error": BridgeError.new(BridgeError.METHOD_NOT_FOUND, "%s is no longer registered" % method,
					{"method": method}).to_dict()}
		cmd = _commands[method]
	var writes: bool = not cmd.get("read_only", false)
	if writes:
		writes_started += 1
	var takes_turn: bool = not nested and writes and _module(UNDO_SCOPE).call("has_step", cmd)
	if takes_turn:
		await _take_edit_turn({"method": method, "client": str(who.get("client", "")), "since": Time.get_ticks_msec()})
	var reply: Dictionary = await _run_checked(method, cmd, params, started, context, who, takes_turn or nested, top)
	if takes_turn:
		_give_back_edit_turn()
	if ticket >= 0:
		BridgeCommandQueue.leave(ticket)
	return reply


## Checks and resolves the parameters (nodes in the scene as the previous edit left it), audits the code
## it will run, and runs the handler with its call (core/call.gd) inside the command's undo step. Every error
## leaves here with the command's name in front of its message, once; every answer with what the engine logged
## while the command ran (core/engine_said.gd; `top`: a client's call, not one a command runs).
func _run_checked(method: String, cmd: Dictionary, params: Variant, started: int, context: BridgeCallContext,
		who: Dictionary, in_turn: bool, top: bool) -> Dictionary:
	var specs: Array = cmd.get("params", [])
	var plan := _plan_of(method, cmd, specs)
	var checked: Variant = BridgeParams.check(method, specs, params)
	if not checked is BridgeError and plan.kinds:
		var values: Dictionary = checked
		checked = _module(PARAM_KINDS).call("resolve", method, specs, values, params, cmd)
	if checked is BridgeError:
		_count(method, started, true)
		var refusal: BridgeError = checked
		return {"error": _named(method, refusal)}
	var resolved: Dictionary = checked
	var the_call := BridgeCall.new(method, resolved, who, context)
	the_call.attach(dispatch, in_turn, _wait_edit_turn, _give_back_edit_turn)  # c.run() and c.take_edit_turn()
	var audit: Dictionary = {}
	if plan.audits:
		var audited: Variant = _module(CODE_AUDIT).call("begin", method, cmd, resolved, the_call.caller())
		if audited is BridgeError:
			_count(method, started, true)
			var refused: BridgeError = audited
			return {"error": _named(method, refused)}
		audit = audited
	var said := BridgeEngineSaid.begin(top)
	var writes: bool = not cmd.get("read_only", false)
	if writes:  # a file changed by another program reaches its open tab before this command can save it
		_module(OPEN_TEXT_SYNC).call("settle")
	var scope: Dictionary = _module(UNDO_SCOPE).call("begin", cmd, the_call) if writes else {}  # {} for a read
	var handler: Callable = cmd.handler
	var result: Variant = await handler.call(the_call if _takes_call(cmd) else resolved)
	the_call.give_back_edit_turn()  # one the handler took (c.take_edit_turn) and kept
	if not audit.is_empty():
		_module(CODE_AUDIT).call("finish", method, audit, result)
	if not scope.is_empty():
		result = _module(UNDO_SCOPE).call("finish", scope, the_call, result)
	if writes:  # whatever it wrote (or undid), the editor's open copies now hold the file's text
		var written := _written_paths(specs, resolved)
		_module(OPEN_TEXT_SYNC).call("settle", written)
		if not written.is_empty() and not result is BridgeError:
			_module(WRITE_JOURNAL).call("note", method, the_call.client, written)
		# every script it wrote (an undo's or redo's too) is compiled: the answer says whether it compiles, and
		# editor.errors lists what does not until a later write fixes it (lib/compile_errors.gd)
		result = _module(COMPILE_ERRORS).call("answer", result, _written_paths(specs, resolved, "compiles"))
	result = BridgeEngineSaid.finish(said, method, result)
	_count(method, started, result is BridgeError)
	if result is BridgeError:
		var failure: BridgeError = result
		return {"error": _named(method, failure)}
	return {"result": BridgeJsonValue.to_json(result)}


## Whether core/param_kinds.gd has anything to do for the command: a parameter with a kind, or `needs_scene`.
static func _resolves_kinds(cmd: Dictionary, specs: Array) -> bool:
	if cmd.get("needs_scene", false) == true:
		return true
	for spec: Dictionary in specs:
		if spec.get("kind", "") != "":
			return true
	return false


## What the router asks of a command on every call, worked out on its first call: whether param_kinds.gd has
## anything to resolve and whether the code audit runs. Kept apart from the declaration, whose keys are its docs.
static func _plan_of(method: String, cmd: Dictionary, specs: Array) -> Dictionary:
	var plan: Variant = _plans.get(method)
	if plan == null or not is_same(plan.cmd, cmd):  # a group reloaded with new declarations gets a new plan
		plan = {"cmd": cmd, "kinds": _resolves_kinds(cmd, specs), "audits": _evaluates(specs)}
		_plans[method] = plan
	return plan


## Whether any parameter runs code (core/code_audit.gd audits those).
static func _evaluates(specs: Array) -> bool:
	return specs.any(func(spec: Dictionary) -> bool: return spec.get("evaluates", false) == true)


## The error as the client reads it: the command's name in front of the message, once.
static func _named(method: String, error: BridgeError) -> Dictionary:
	var out := error.to_dict()
	out["message"] = BridgeCall.named(method, error.message)
	return out


## Whether the command's handler takes the call object (every built-in one) or, as project commands and packs
## written before it may, the parameters Dictionary: its first parameter's declared type says (cached).
static func _takes_call(cmd: Dictionary) -> bool:
	if not cmd.has("takes_call"):
		var handler: Callable = cmd.handler
		cmd["takes_call"] = _first_param_is_object(handler)
	return cmd.takes_call


static func _first_param_is_object(handler: Callable) -> bool:
	var target := handler.get_object()
	if target == null:
		return false
	for m: Dictionary in target.get_method_list():
		if m.name == handler.get_method():
			var args: Array = m.args
			var first: Dictionary = {} if args.is_empty() else args[0]
			return first.get("type", TYPE_NIL) == TYPE_OBJECT
	return false  # a lambda: its parameters cannot be read, so it takes the params as before


## The values of the parameters declared `writes_path` (the files and folders a command writes), and those
## declared `also` (`compiles`: a script the command loads, node.script_attach's).
static func _written_paths(specs: Array, values: Variant, also: String = "") -> Array:
	var out: Array = []
	if not values is Dictionary:
		return out
	var given: Dictionary = values
	for spec: Dictionary in specs:
		if (spec.get("writes_path", false) or (also != "" and spec.get(also, false))) and given.get(spec.name) is String:
			out.append(given[spec.name])
	return out


## Usage per method (calls, errors, total_usec, max_usec) and when counting started (ticks msec).
func stats() -> Dictionary:
	return {"since_msec": _stats_since_msec, "methods": _stats.duplicate(true)}


func reset_stats() -> void:
	_stats.clear()
	_stats_since_msec = Time.get_ticks_msec()


func _count(method: String, started_usec: int, failed: bool) -> void:
	var usec := Time.get_ticks_usec() - started_usec
	var known: Variant = _stats.get(method)  # not get_or_add: its default would be built on every call
	var s: Dictionary = known if known != null else {"calls": 0, "errors": 0, "total_usec": 0, "max_usec": 0}
	if known == null:
		_stats[method] = s
	s.calls += 1
	s.errors += int(failed)
	s.total_usec += usec
	if usec > s.max_usec:
		s.max_usec = usec


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
