@tool
extends RefCounted
## The first room of the floor: every command's declaration, by method. Groups register here (a loaded
## script's commands(), or its cached declarations before its script loads: core/declaration_cache.gd), and
## describe() publishes each declaration with its JSON Schemas. lookup() is what a call asks: the declaration
## to run, its group file loaded on the first call.

const BridgeError := preload("bridge_error.gd")
const BridgeParams := preload("params.gd")
const BridgeCompat := preload("compat.gd")
const BridgeEngineSaid := preload("engine_said.gd")
const BridgeLazyModules := preload("lazy_modules.gd")

## The parameter every command declaring `any_scene: true` takes (core/open_scenes.gd): declared here once.
const SCENE_PARAM := {"name": "scene", "type": "string", "kind": "scene", "required": false,
		"description": "Open scene to work on (res:// path); default: the edited one"}

## Emitted when the command set changes (a group registered or removed), so transports can notify.
signal commands_changed

var _commands: Dictionary = {}  # method -> command Dictionary (docs + handler)
var _order: Array[String] = []
var _groups: Array = []  # handlers are Callables on these objects: keep them alive
var _methods_of: Dictionary = {}  # group object id -> the methods it registered (for unregister_group)
var _group_summaries: Dictionary = {}  # group name -> its one-line summary
## Group files that could not be registered: [{path, error}] (see group_loader.gd).
var load_errors: Array[Dictionary] = []
## Loads a group file whose commands are known from core/declaration_cache.gd but not yet loaded; set by
## the server: (path) -> bool, true when the file registered its commands.
var load_group: Callable
## Group files registered from the cache and not loaded yet, in registration order.
var _deferred: Array[String] = []


## Registers every command a group declares. A group is any object with `commands() -> Array` (a
## core/command_group.gd, not preloaded here: the groups stand on the floor, not the other way round).
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
	if cmd.get("any_scene", false) == true and not cmd.get("params", []).any(_is_scene_param):
		cmd["params"] = cmd.get("params", []) + [SCENE_PARAM]
	if checked:
		_assert_declaration(cmd)
	cmd["source"] = source
	if not _commands.has(method):
		_order.append(method)
	_commands[method] = cmd


static func _is_scene_param(spec: Dictionary) -> bool:
	return spec.get("kind", "") == "scene"


## The declaration's types, kinds and scope are known ones (debug builds: an editor). The kinds and scopes are
## read from the modules that handle them, loaded only for a declaration that names one: a group of plain reads
## (engine.*, whose first call is most clients' first) then compiles neither on its first call (measured: the first
## engine.version 59-97 ms → 32-40, docs/performance.md).
static func _assert_declaration(cmd: Dictionary) -> void:
	var method: String = cmd.method
	assert(method.count(".") == 1, "command names are <group>.<command>: " + method)
	var kinds: Array = []
	for spec: Dictionary in cmd.get("params", []):
		assert(spec.get("type", "any") in BridgeParams.TYPES, "%s.%s: unknown type %s" % [method, spec.name, spec.get("type")])
		var kind := str(spec.get("kind", ""))
		if kind != "" and kinds.is_empty():
			kinds = BridgeLazyModules.module(BridgeLazyModules.PARAM_KINDS).get_script_constant_map().KINDS
		assert(kind == "" or kind in kinds, "%s.%s: unknown kind %s" % [method, spec.name, kind])
	var undo := str(cmd.get("undo", "none"))
	if undo != "none":
		var scopes: Array = BridgeLazyModules.module(BridgeLazyModules.UNDO_SCOPE).get_script_constant_map().SCOPES
		assert(undo in scopes, "%s: unknown undo scope %s" % [method, undo])
	assert(not cmd.has("answer_size") or (cmd.answer_size is String and cmd.answer_size != ""), "%s: answer_size says why the answer is large" % method)
	assert(str(cmd.get("since", "4.0")).get_slice_count(".") == 2, "%s: since is a Godot version like \"4.5\"" % method)


func has(method: String) -> bool:
	return _commands.has(method)


func methods() -> Array[String]:
	return _order.duplicate()


## The declaration a call of `method` runs, its group's script loaded first when only its cached declaration
## was known; a BridgeError when there is none to run (unknown, needs a newer Godot, its file did not load).
func lookup(method: String) -> Variant:
	var known: Variant = _commands.get(method)
	if known == null:
		var guess := BridgeParams.did_you_mean(method, _order)
		var msg := "unknown method '%s'" % method
		if guess != "":
			msg += " (did you mean '%s'?)" % guess
		msg += "; engine.commands lists every command"
		return BridgeError.new(BridgeError.METHOD_NOT_FOUND, msg, {"method": method, "suggestion": guess})
	var cmd: Dictionary = known
	if cmd.has("since") and not BridgeCompat.at_least(str(cmd.since)):  # before its file loads: it may name newer API
		return BridgeError.new(BridgeError.UNAVAILABLE, "%s %s" % [method, needs(cmd)],
				{"method": method, "since": cmd.since, "engine_version": BridgeCompat.version().string})
	if cmd.has("group_file"):  # known from the cache: its script loads now, once
		_load_deferred(str(cmd.group_file))
		cmd = _commands[method]
		if cmd.has("group_file"):
			return BridgeError.new(BridgeError.INTERNAL_ERROR, "its group file %s did not load (engine.commands lists the load errors)" % cmd.group_file, {"method": method})
	return cmd


## The declaration as registered now (a group may have been reloaded or dropped while a call waited); null
## when its method is gone.
func current(method: String) -> Variant:
	return _commands.get(method)


## The public docs of one command: everything but the handler, plus its JSON Schema.
func describe(method: String) -> Dictionary:
	var cmd: Dictionary = _commands[method]
	var schema := BridgeLazyModules.module(BridgeLazyModules.SCHEMA)
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
		"undo": BridgeLazyModules.module(BridgeLazyModules.UNDO_SCOPE).call("of", cmd),
		"source": cmd.get("source", "builtin"),
		"input_schema": schema.call("for_command", params),
	}
	for key: String in ["timeout_ms", "verdict", "answer_size"]:
		# verdict: the result's bool that is a pass/fail verdict (the CLI exits 1 on false); answer_size: why its
		# answer may exceed the sweep's size budget (the rest answer a summary)
		if cmd.has(key):
			doc[key] = cmd[key]
	if cmd.get("needs_scene", false) == true:  # refused with NO_SCENE when no scene is open (core/param_kinds.gd)
		doc["needs_scene"] = true
	if cmd.has("since"):  # the oldest Godot the command runs on; `unavailable` says why not here
		doc["since"] = cmd.since
		if not BridgeCompat.at_least(str(cmd.since)):
			doc["unavailable"] = needs(cmd)
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
static func needs(cmd: Dictionary) -> String:
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
