@tool
extends RefCounted
## The MCP tools over the router: `engine_run` (addon/mcp/engine_run.json) and, unless
## `bridge/network/http_typed` is off, `bridge_toolsets`, `bridge_find` (find.gd) and one typed tool per
## command of the requested toolsets (toolsets.gd) by the rule in addon/mcp/README.md. Every call goes through
## router.dispatch, so parameter checks and the path jail apply as on WebSocket.

const BridgeRouter := preload("../core/router.gd")
const BridgeRegistry := preload("../core/registry.gd")
const BridgeSettings := preload("../core/settings.gd")
const BridgeParams := preload("../core/params.gd")
const BridgeToolsets := preload("toolsets.gd")
const BridgeFind := preload("find.gd")
const BridgeToolsetChanges := preload("toolset_changes.gd")

## Beside this file, wherever the addon is installed.
var _engine_run_file: String = get_script().resource_path.get_base_dir().path_join("engine_run.json")
const INVALID_PARAMS := -32602
## From this revision on (SEP-1303) bad arguments are an isError result the model can correct.
const ARGUMENTS_AS_RESULTS := "2025-11-25"
const BridgeError := preload("../core/bridge_error.gd")
const ACTIONS := ["list", "enable", "disable", "set"]
const BridgeWire := preload("wire_json.gd")
## A top-level field whose JSON is longer than this (UTF-8 bytes) is named in a summary text, not repeated
## (src/mcp/results.ts SUMMARY_FIELD_BYTES).
const SUMMARY_FIELD_BYTES := 200

var _router: BridgeRouter
var _engine_run: Dictionary = {}
var _method_pattern: RegEx
var _toolsets: RefCounted = BridgeToolsets.new()
var _find: RefCounted = BridgeFind.new()
static var _image_mime := RegEx.create_from_string("^image/(png|jpeg|webp|gif)$")
static var _method_words := RegEx.create_from_string("(?<![\\w./])[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*(?![\\w(/])")


func _init(router: BridgeRouter) -> void:
	_router = router
	var data: Variant = JSON.parse_string(FileAccess.get_file_as_string(_engine_run_file))
	if data is Dictionary:
		_engine_run = data
		_method_pattern = RegEx.create_from_string(str(data.inputSchema.properties.method.pattern))
	else:
		push_error("bridge: cannot read %s; the HTTP endpoint lists no engine_run tool" % _engine_run_file)


## Which field of a tool result the client a request names gives its model (toolsets.gd reads_of).
func reads_of(client: String, revision: String) -> String:
	return _toolsets.reads_of(client, revision)


## serverInfo's name and title, from toolsets.json (the `server` bridge serve and bridge configure read too).
func server_identity() -> Dictionary:
	return _toolsets.server


## The default toolsets of the client a request names (toolsets.gd default_for over today's commands).
func default_toolsets(client: String) -> Array:
	return _toolsets.default_for(client, Array(_router.methods()))


static func tool_name(method: String) -> String:
	return method.replace(".", "_")


## The tools of the toolsets `selection` names (Toolsets.from_target: the request URL's ?toolsets=, or the
## relay's session). `options`: the relay's (endpoint.gd relay()), whose `typed` stands in for the setting.
func list(selection: Array = ["all"], options: Dictionary = {}) -> Array:
	var tools: Array = []
	if not _engine_run.is_empty():
		tools.append(_engine_run)
	if not _typed(options):
		return tools
	if not _toolsets.tool.is_empty():
		tools.append(_toolsets.tool)
	if not _find.tool.is_empty():
		tools.append(_find.tool)
	var listed := _listed(selection)
	for doc: Dictionary in _router.describe_all():
		if listed.has(doc.method):
			tools.append(typed_tool(doc))
	return tools


## {method: true} for the commands whose typed tools the toolsets `selection` names list.
func _listed(selection: Array) -> Dictionary:
	var listed := {}
	for toolset: Dictionary in _toolsets.toolsets_for(_router.methods()):
		if BridgeToolsets.selected(selection, toolset.name):
			for method: String in toolset.methods:
				listed[method] = true
	return listed


## The shared rule: the summary, the input schema without `additionalProperties: false` (the router
## still refuses an unknown parameter by name), the declaration's annotations (hints()), and the
## command's result schema as a short outputSchema (listed_output()).
static func typed_tool(doc: Dictionary) -> Dictionary:
	var schema: Dictionary = doc.input_schema
	if schema.get("additionalProperties", true) == false:
		schema = schema.duplicate()
		schema.erase("additionalProperties")
	var entry := {"name": tool_name(doc.method), "description": doc.summary, "inputSchema": schema,
			"annotations": hints(doc)}
	if doc.has("output_schema"):
		entry["outputSchema"] = listed_output(doc.output_schema)
	return entry


## A result schema as tools/list carries it: an object and its fields' names, without
## their types. Clients only check structuredContent against it (a model reads the result), and the full
## shapes were a fifth of the list; engine.commands keeps the declared shape.
static func listed_output(schema: Dictionary) -> Dictionary:
	var fields := {}
	for field: Variant in schema.get("properties", {}):
		fields[field] = {}
	return {"type": "object", "properties": fields}


## A command's annotations: a title only where the declaration has its own
## (the router's default "Node: add to group" says no more than the name), readOnlyHint for reads; for a
## mutating command destructiveHint false unless it loses data and idempotentHint when declared;
## openWorldHint false. Only what differs from MCP's defaults is written (each entry costs tokens).
static func hints(doc: Dictionary) -> Dictionary:
	var out := {}
	var title := str(doc.get("title", ""))
	if title != "" and title != BridgeRegistry.title_of(str(doc.method)):
		out["title"] = title
	if doc.get("read_only", false):
		out["readOnlyHint"] = true
	else:
		if not doc.get("destructive", false):
			out["destructiveHint"] = false
		if doc.get("idempotent", false):
			out["idempotentHint"] = true
	out["openWorldHint"] = false
	return out


## tools/call → {result: CallToolResult} or {error}. As `bridge serve` does for its own tools (src/mcp/tool-errors.ts), the
## protocol's forms per revision: an unknown tool is a JSON-RPC error (-32602); bad arguments are one up to
## 2025-06-18 and an isError result from 2025-11-25 on (SEP-1303); every other failure is an isError result.
## `revision`: the request's protocol revision ("" when it named none: 2025-03-26 by the spec's rule).
## `reads`: which field of a result the client's model reads (toolsets.gd reads_of), which decides the text.
## `options`: the relay's (endpoint.gd relay()): the call's `context` (progress, cancel), `typed` and `typed_off`.
func call_tool(params: Dictionary, selection: Array = ["all"], revision: String = "", reads: String = "content",
		options: Dictionary = {}) -> Dictionary:
	var out: Dictionary = await _call_tool(params, selection, reads, options)
	if out.has("refusal"):
		if out.refusal.argument and revision >= ARGUMENTS_AS_RESULTS:
			return {"result": _failure(out.refusal.message)}
		return {"error": {"code": INVALID_PARAMS, "message": out.refusal.message}}
	return out


## Typed tools are on: the relay's `typed` (serve's --typed), else the setting bridge/network/http_typed.
static func _typed(options: Dictionary) -> bool:
	return options.get("typed", BridgeSettings.flag(BridgeSettings.HTTP_TYPED))


func _call_tool(params: Dictionary, selection: Array, reads: String, options: Dictionary) -> Dictionary:
	var context: RefCounted = options.get("context")
	var name: Variant = params.get("name")
	var args: Variant = params.get("arguments", {})
	if args == null:
		args = {}
	if not name is String:
		return {"error": {"code": INVALID_PARAMS, "message": "tools/call: name (a string) is required"}}
	if not args is Dictionary:
		return _refused("invalid arguments for %s: arguments must be an object" % name)
	if name == "engine_run" and not _engine_run.is_empty():
		var run: Dictionary = await _run_generic(args, context)
		return run if run.has("refusal") else {"result": run}
	if name == _toolsets.tool.get("name") and _typed(options):
		return _run_toolsets(args, selection, reads, options)
	if name == _find.tool.get("name") and _typed(options):
		var found: Dictionary = _find.find(_router.describe_all(), args, _listed(selection))
		if found.has("error"):
			return _refused(found.error)
		return {"result": {"content": [{"type": "text", "text": result_text(found.value, true, reads)}],
				"structuredContent": found.value}}
	var method := _method_for(name)
	if method == "":
		var names: Array = ["engine_run"] + Array(_router.methods()).map(func(m: String) -> String: return tool_name(m))
		var guess := BridgeParams.did_you_mean(name, names)
		return _refused("unknown tool '%s'%s: list the tools again (the editor's commands may have changed), or use engine_run" % [
				name, " (did you mean '%s'?)" % guess if guess != "" else ""], false)
	if not _typed(options):
		return {"result": _failure("typed tools are off (%s): call engine_run with method '%s'" % [
				options.get("typed_off", "bridge/network/http_typed=false"), method])}
	var doc: Dictionary = _router.describe(method)
	var checked: Variant = BridgeParams.check(doc.get("params", []), args)
	if checked is BridgeError and checked.code == BridgeError.INVALID_PARAMS:
		return _refused("invalid arguments for %s: %s" % [name, _spoken(str(checked.message)).trim_prefix(name + ": ")])
	return {"result": _result(name, await _router.dispatch(method, args, context), doc.has("output_schema"), reads)}


## bridge_toolsets. Over HTTP the endpoint keeps no session: which are enabled is the URL's ?toolsets=, and
## enable/disable/set answer with the URL to connect to instead of changing anything. Relayed by `bridge serve`
## (options.session), the change is decided here (toolset_changes.gd) and the new selection goes back beside the
## answer ({"session": {"toolsets": [...]}}), which serve keeps and lists by.
func _run_toolsets(args: Dictionary, selection: Array, reads: String, options: Dictionary = {}) -> Dictionary:
	var action: Variant = args.get("action", "list")
	if not action in ACTIONS:
		return {"result": _failure("bridge_toolsets: action must be %s, got %s" % [", ".join(PackedStringArray(ACTIONS)), JSON.stringify(action)])}
	var given: Variant = args.get("toolsets", [])
	if not given is Array or given.any(func(n: Variant) -> bool: return not n is String):
		return {"result": _failure("bridge_toolsets: toolsets must be an array of toolset names")}
	var asked: Array = []
	for name: String in given:
		if not name in asked:
			asked.append(name)
	var sets: Array = _toolsets.toolsets_for(_router.methods())
	var names: Array = sets.map(func(s: Dictionary) -> String: return s.name)
	var unknown: Array = []
	for asked_name: String in asked:
		if not asked_name in names:
			var hint: String = _toolsets.unknown_hint(asked_name, sets)
			var guess := BridgeParams.did_you_mean(asked_name, names) if hint.begins_with("no toolset") else ""
			unknown.append(hint + (" (did you mean '%s'?)" % guess if guess != "" else ""))
	if not unknown.is_empty():
		return {"result": _failure("bridge_toolsets: %s. The toolsets are %s" % ["; ".join(PackedStringArray(unknown)),
				", ".join(PackedStringArray(sets.map(func(s: Dictionary) -> String:
					return "%s (%s)" % [s.name, ", ".join(PackedStringArray(s.groups))])))])}
	if action != "list" and action != "set" and asked.is_empty():
		return {"result": _failure("bridge_toolsets: name the toolsets to %s, e.g. {\"action\": \"%s\", \"toolsets\": [\"physics\"]}" % [action, action])}
	var session: Variant = options.get("session")
	var fixed: int = _toolsets.always_listed + (int(session.get("extra_tools", 0)) if session is Dictionary else 0)
	var before := _enabled_in(sets, selection)
	var after := before
	if action != "list":
		var changes := BridgeToolsetChanges.new(_toolsets)
		if not session is Dictionary:
			var wanted := changes.wanted_after(action, asked, before, sets)
			return {"result": _failure(("bridge_toolsets: this HTTP endpoint keeps no session, so its toolsets come from the URL: "
					+ "connect to /mcp?toolsets=%s (/mcp lists them all). Meanwhile any command runs through engine_run.")
					% ",".join(PackedStringArray(wanted)))}
		var changed: Dictionary = changes.change(action, asked, before,
				str(session.get("client", "")), sets, fixed)
		if changed.refusal != "":
			return {"result": _failure(changed.refusal)}
		after = changed.enabled
	var value := _listing(sets, after, fixed)
	var now := ", ".join(PackedStringArray(after)) if not after.is_empty() else "none"
	if not session is Dictionary:
		value["note"] = "Over HTTP the toolsets are the URL's ?toolsets= (now: %s); any command also runs through engine_run." % ",".join(PackedStringArray(selection))
	elif action == "list":
		value["note"] = "Enable a toolset with {\"action\": \"enable\", \"toolsets\": [name]}, or give the whole list with {\"action\": \"set\", \"toolsets\": [...]}; any command also runs through engine_run."
	elif after != before:
		value["note"] = "now %s (%d tools): the tool list changed (tools/list_changed sent); if your client does not refresh its tools, call them through engine_run." % [now, value.tools]
	else:
		value["note"] = "nothing to do: %s already" % now
	var out := {"result": {"content": [{"type": "text", "text": result_text(value, true, reads)}], "structuredContent": value}}
	if session is Dictionary and action != "list":  # a list changes nothing serve keeps
		out["session"] = {"toolsets": after}
	return out


## The toolsets of `sets` a selection enables, in their order.
static func _enabled_in(sets: Array, selection: Array) -> Array:
	var out: Array = []
	for toolset: Dictionary in sets:
		if BridgeToolsets.selected(selection, toolset.name):
			out.append(toolset.name)
	return out


## What bridge_toolsets answers: the enabled toolsets, how many tools they list, and every toolset.
static func _listing(sets: Array, enabled: Array, fixed: int) -> Dictionary:
	var count := fixed
	var listing: Array = []
	for toolset: Dictionary in sets:
		var on: bool = toolset.name in enabled
		listing.append({"name": toolset.name, "description": toolset.description, "groups": toolset.groups,
				"tools": toolset.methods.size(), "enabled": on})
		if on:
			count += toolset.methods.size()
	return {"enabled": enabled, "tools": count, "toolsets": listing}


func _run_generic(args: Dictionary, context: RefCounted = null) -> Dictionary:
	for key: Variant in args:
		if not str(key) in ["method", "params"]:
			return _refused("invalid arguments for engine_run: unknown parameter '%s'; it takes: method, params" % key)
	var method: Variant = args.get("method")
	if not method is String or not _method_pattern.search(method):
		return _refused("invalid arguments for engine_run: parameter 'method' must be a command name like node.add, got %s" % JSON.stringify(method))
	var params: Variant = args.get("params", {})
	if params == null:
		params = {}
	if not params is Dictionary:
		return _refused("invalid arguments for engine_run: parameter 'params' must be an object of the command's named parameters")
	return _result("engine_run %s" % method, await _router.dispatch(method, params, context))


func _method_for(name: String) -> String:
	for method: String in _router.methods():
		if tool_name(method) == name:
			return method
	return ""


## A router answer as a CallToolResult: JSON text, then every image the command returned (a record with
## `image_base64` + `mime_type`, at the top or in an array such as runtime.capture_frames' `frames`; the
## JSON keeps a numbered marker in its place), or isError with the message. `structured`: the tool has
## an outputSchema, so the same object goes in structuredContent too, and the text follows `reads` (result_text).
func _result(label: String, out: Dictionary, structured: bool = false, reads: String = "content") -> Dictionary:
	if out.has("error"):
		var err: Dictionary = out.error
		var data := JSON.stringify(err.data) if err.has("data") else ""
		var said := str(err.get("message", "the command failed"))
		# engine_run takes method names, so its messages keep them
		var message := (said if label.begins_with("engine_run") else _spoken(said)).trim_prefix(label.get_slice(" ", label.get_slice_count(" ") - 1).replace(".", "_") + ": ")
		return _failure("%s failed: %s%s" % [label, message,
				" " + data if data != "" and data.length() <= 600 else ""])
	var images: Array = []
	var shown: Variant = _lift_images(out.get("result"), images)
	var object: bool = structured and shown is Dictionary
	var content: Array = [{"type": "text", "text": result_text(shown, object, reads)}]
	content.append_array(images)
	if object:
		return {"content": content, "structuredContent": shown}
	return {"content": content}


## A result's text (src/mcp/results.ts successResult): the whole JSON, unless the same object goes in
## structuredContent and the client's model reads that (`reads` "structured"): then a summary, the JSON with
## every top-level field longer than SUMMARY_FIELD_BYTES replaced by a marker naming its size and where it is.
static func result_text(value: Variant, structured: bool, reads: String) -> String:
	if not structured or reads != "structured" or not value is Dictionary:
		return BridgeWire.stringify(value)
	var shown := {}
	for key: Variant in value:
		var field: Variant = value[key]
		var bytes := BridgeWire.stringify(field).to_utf8_buffer().size()
		shown[key] = field if bytes <= SUMMARY_FIELD_BYTES else "<%s in structuredContent>" % _size_of(field, bytes)
	return BridgeWire.stringify(shown)


static func _size_of(field: Variant, bytes: int) -> String:
	var kind := typeof(field)
	if kind >= TYPE_ARRAY and kind < TYPE_MAX:  # an Array or a packed array, a JSON array either way
		var items: int = Array(field).size()
		return "%d item%s" % [items, "" if items == 1 else "s"]
	if kind == TYPE_DICTIONARY:
		var record: Dictionary = field
		var fields: int = record.size()
		return "%d field%s" % [fields, "" if fields == 1 else "s"]
	if kind in [TYPE_STRING, TYPE_STRING_NAME, TYPE_NODE_PATH]:
		return "%d-byte text" % str(field).to_utf8_buffer().size()
	return "%d-byte value" % bytes


## An addon message as a model reads it: method names (scene.save) become the tools it calls (scene_save).
func _spoken(message: String) -> String:
	var out := message
	for m: RegExMatch in _method_words.search_all(message):
		if _router.has(m.get_string()):
			out = out.replace(m.get_string(), tool_name(m.get_string()))
	return out


## `value` with its images moved into `images` (as image content) and a marker left in the JSON.
static func _lift_images(value: Variant, images: Array) -> Variant:
	if value is Array:
		return value.map(func(v: Variant) -> Variant: return _lift_images(v, images))
	if not value is Dictionary:
		return value
	if value.get("image_base64") is String and _image_mime.search(str(value.get("mime_type"))):
		var image: String = value.image_base64
		var shown: Dictionary = value.duplicate()
		images.append({"type": "image", "data": image, "mimeType": value.mime_type})
		shown.image_base64 = "<image %d: %s, %d bytes, attached as image content>" % [images.size(), value.mime_type, floori(image.length() * 0.75)]
		return shown
	var out := {}
	for k: Variant in value:
		out[k] = _lift_images(value[k], images)
	return out


## A failure whose form the revision decides (call_tool): bad arguments (`argument`), or an unknown tool.
static func _refused(message: String, argument: bool = true) -> Dictionary:
	return {"refusal": {"message": message, "argument": argument}}


static func _failure(message: String) -> Dictionary:
	return {"content": [{"type": "text", "text": message}], "isError": true}
