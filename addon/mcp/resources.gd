@tool
extends RefCounted
## The MCP resources: the `engine://` URIs of addon/mcp/resources.json, each read by running its
## read-only command through the router and returning the result as JSON text.

const Router := preload("../core/router.gd")
const JsonValue := preload("../core/json_value.gd")

## Beside this file, wherever the addon is installed.
var _resources_file: String = get_script().resource_path.get_base_dir().path_join("resources.json")
const INVALID_PARAMS := -32602
const INTERNAL_ERROR := -32603
## The MCP code for a URI that names no resource.
const RESOURCE_NOT_FOUND := -32002

var _router: Router
var _entries: Array = []


func _init(router: Router) -> void:
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


## resources/read → {result: {contents: [...]}} or {error} (a failing command: -32603 with its message).
func read(params: Dictionary) -> Dictionary:
	var uri: Variant = params.get("uri")
	if not uri is String:
		return {"error": {"code": INVALID_PARAMS, "message": "resources/read: uri (a string) is required"}}
	for entry: Dictionary in _entries:
		if entry.uri == uri:
			var out: Dictionary = await _router.dispatch(entry.method, entry.get("params", {}))
			if out.has("error"):
				var err := {"code": INTERNAL_ERROR, "message": "%s: %s" % [uri, out.error.message]}
				if out.error.has("data"):
					err["data"] = out.error.data
				return {"error": err}
			return {"result": {"contents": [{"uri": uri, "mimeType": "application/json", "text": JsonValue.stringify(out.result)}]}}
	var uris: Array = _entries.map(func(e: Dictionary) -> String: return e.uri)
	return {"error": {"code": RESOURCE_NOT_FOUND,
			"message": "unknown resource %s; resources/list has %s" % [uri, ", ".join(PackedStringArray(uris))]}}
