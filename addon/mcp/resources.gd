@tool
extends RefCounted
## The MCP resources: the `engine://` URIs of addon/mcp/resources.json, each read by running its
## read-only command through the router and returning the result as JSON text; the template
## `engine://class/{name}` (engine.class_info); and completion/complete for prompt arguments and the
## template's name; `bridge serve` relays them here (its early answers, no editor up: src/mcp/resources.ts).

const BridgeRouter := preload("../core/router.gd")
const BridgeJsonValue := preload("../core/json_value.gd")

## Beside this file, wherever the addon is installed.
var _resources_file: String = get_script().resource_path.get_base_dir().path_join("resources.json")
const INVALID_PARAMS := -32602
const INTERNAL_ERROR := -32603
## The MCP code for a URI that names no resource.
const RESOURCE_NOT_FOUND := -32002

const CLASS_TEMPLATE := "engine://class/{name}"
const CLASS_PREFIX := "engine://class/"
## The most values one completion answer carries (the MCP limit).
const MAX_VALUES := 100

var _router: BridgeRouter
var _entries: Array = []
static var _class_name := RegEx.create_from_string("^[A-Za-z_][A-Za-z0-9_]*$")


func _init(router: BridgeRouter) -> void:
	_router = router
	var data: Variant = JSON.parse_string(FileAccess.get_file_as_string(_resources_file))
	if data is Array:
		_entries = data
	else:
		push_error("bridge: cannot read %s; the HTTP endpoint lists no resources" % _resources_file)


func list() -> Array:
	var out: Array = []
	for entry: Dictionary in _entries:
		out.append({"uri": entry.uri, "name": entry.name, "description": entry.description, "mimeType": "application/json"})
	return out


func templates() -> Array:
	return [{"uriTemplate": CLASS_TEMPLATE, "name": "class", "title": "Engine class documentation",
			"description": "One engine class as the running editor has it: description, properties, methods, signals, constants (engine.class_info). The name completes to the editor's classes.",
			"mimeType": "application/json"}]


## resources/read → {result: {contents: [...]}} or {error} (a failing command: -32603 with its message).
## `context`: the relay's call context (the MCP client it names), null for a POST.
func read(params: Dictionary, context: RefCounted = null) -> Dictionary:
	var uri: Variant = params.get("uri")
	if not uri is String:
		return {"error": {"code": INVALID_PARAMS, "message": "resources/read: uri (a string) is required"}}
	if uri.begins_with(CLASS_PREFIX) and _class_name.search(uri.trim_prefix(CLASS_PREFIX)):
		var found: Dictionary = await _router.dispatch("engine.class_info", {"class": uri.trim_prefix(CLASS_PREFIX)}, context)
		if found.has("error"):
			var refused := {"code": INVALID_PARAMS, "message": "%s: %s" % [uri, found.error.message]}
			if found.error.has("data"):
				refused["data"] = found.error.data
			return {"error": refused}
		return {"result": {"contents": [{"uri": uri, "mimeType": "application/json", "text": BridgeJsonValue.stringify(found.result)}]}}
	for entry: Dictionary in _entries:
		if entry.uri == uri:
			var out: Dictionary = await _router.dispatch(entry.method, entry.get("params", {}), context)
			if out.has("error"):
				var err := {"code": INTERNAL_ERROR, "message": "%s: %s" % [uri, out.error.message]}
				if out.error.has("data"):
					err["data"] = out.error.data
				return {"error": err}
			return {"result": {"contents": [{"uri": uri, "mimeType": "application/json", "text": BridgeJsonValue.stringify(out.result)}]}}
	var uris: Array = _entries.map(func(e: Dictionary) -> String: return e.uri)
	return {"error": {"code": RESOURCE_NOT_FOUND,
			"message": "unknown resource %s; resources/list has %s, and the template %s" % [uri, ", ".join(PackedStringArray(uris)), CLASS_TEMPLATE]}}


## completion/complete: the spatial-placement prompt's `target` → node paths of the open scene, the class
## template's `name` → the editor's classes. Anything else, or no open scene: no values (not an error).
func complete(params: Dictionary, context: RefCounted = null) -> Dictionary:
	var ref: Variant = params.get("ref")
	var argument: Variant = params.get("argument")
	if not ref is Dictionary or not argument is Dictionary:
		return {"error": {"code": INVALID_PARAMS, "message": "completion/complete: ref and argument (objects) are required"}}
	var typed := str(argument.get("value", ""))
	var values: Array = []
	if ref.get("type") == "ref/prompt" and ref.get("name") == "spatial-placement" and argument.get("name") == "target":
		var tree: Dictionary = await _router.dispatch("scene.tree", {}, context)
		if tree.has("result"):
			_walk(tree.result, values)
	elif ref.get("type") == "ref/resource" and ref.get("uri") == CLASS_TEMPLATE and argument.get("name") == "name":
		var found: Dictionary = await _router.dispatch("engine.classes", {"filter": typed, "limit": 1000}, context)
		if found.has("result"):
			for c: Variant in found.result.get("classes", []):
				values.append(str(c.get("name")) if c is Dictionary else str(c))
	var lower := typed.to_lower()
	var starts := values.filter(func(v: String) -> bool: return v.to_lower().begins_with(lower))
	var contains := values.filter(func(v: String) -> bool: return not v.to_lower().begins_with(lower) and lower in v.to_lower())
	var all := starts + contains
	return {"result": {"completion": {"values": all.slice(0, MAX_VALUES), "total": all.size(), "hasMore": all.size() > MAX_VALUES}}}


static func _walk(node: Variant, out: Array) -> void:
	if not node is Dictionary:
		return
	if node.get("path") is String:
		out.append(node.path)
	for child: Variant in node.get("children", []):
		_walk(child, out)
