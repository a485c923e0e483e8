@tool
extends RefCounted
## The MCP prompts: one file per prompt in addon/mcp/prompts/, read at request time, parsed and rendered as
## `bridge serve` does (src/mcp/prompts.ts): a first-line HTML comment holding {"description", "arguments"},
## then the text, whose {{tool:<group>.<command>}} placeholders become the tool this request lists for that
## command (or engine_run with its method when none is listed), then whose {{argument}} placeholders are
## filled in (a missing optional argument becomes empty).

## Beside this file, wherever the addon is installed.
var _prompts_dir: String = get_script().resource_path.get_base_dir().path_join("prompts")
const INVALID_PARAMS := -32602

static var _header := RegEx.create_from_string("^<!--\\s*(\\{.*\\})\\s*-->\\r?\\n")
static var _placeholder := RegEx.create_from_string("\\{\\{\\s*([A-Za-z0-9_]+)\\s*\\}\\}")
static var _tool := RegEx.create_from_string("\\{\\{\\s*tool:([A-Za-z0-9_]+\\.[A-Za-z0-9_]+)\\s*\\}\\}")


func list() -> Array:
	var out: Array = []
	for prompt: Dictionary in _load_all():
		out.append({"name": prompt.name, "description": prompt.description, "arguments": prompt.arguments})
	return out


## prompts/get → {result: {description, messages}} or {error}. `listed`: the names of the tools the
## request's tools/list has, which the prompt's tool names must be.
func get_prompt(params: Dictionary, listed: Array = []) -> Dictionary:
	var prompts := _load_all()
	var name: Variant = params.get("name")
	var found: Dictionary = {}
	for prompt: Dictionary in prompts:
		if prompt.name == name:
			found = prompt
	if found.is_empty():
		var names: Array = prompts.map(func(p: Dictionary) -> String: return p.name)
		return _invalid("unknown prompt '%s'; prompts/list has %s" % [name, ", ".join(PackedStringArray(names))])
	var given: Variant = params.get("arguments", {})
	if given == null:
		given = {}
	if not given is Dictionary:
		return _invalid("prompt %s: arguments must be an object of strings" % name)
	for key: Variant in given:
		if not given[key] is String:
			return _invalid("prompt %s: argument '%s' must be a string" % [name, key])
	for arg: Variant in found.arguments:
		if arg is Dictionary and arg.get("required", false) and str(given.get(arg.get("name"), "")) == "":
			return _invalid("prompt %s: missing required argument '%s'" % [name, arg.get("name")])
	var text := render_tools(found.text, listed)  # before the arguments: their text is the user's, never rendered
	var out := ""
	var at := 0
	for m: RegExMatch in _placeholder.search_all(text):
		out += text.substr(at, m.get_start() - at) + str(given.get(m.get_string(1), ""))
		at = m.get_end()
	out += text.substr(at)
	return {"result": {"description": found.description,
			"messages": [{"role": "user", "content": {"type": "text", "text": out}}]}}


## `text` with each {{tool:method}} as the tool `listed` has for it, else as engine_run with the method.
static func render_tools(text: String, listed: Array) -> String:
	var out := ""
	var at := 0
	for m: RegExMatch in _tool.search_all(text):
		var method := m.get_string(1)
		var typed := method.replace(".", "_")  # mcp/tools.gd's tool_name: one rule on both transports
		out += text.substr(at, m.get_start() - at) + (typed if listed.has(typed) else "engine_run {\"method\": \"%s\"}" % method)
		at = m.get_end()
	return out + text.substr(at)


## Every well-formed prompt file, sorted by name; a malformed one is reported and skipped.
func _load_all() -> Array:
	var files := Array(DirAccess.get_files_at(_prompts_dir)).filter(func(f: String) -> bool: return f.ends_with(".md"))
	files.sort()
	var out: Array = []
	for file: String in files:
		var path := _prompts_dir.path_join(file)
		var source := FileAccess.get_file_as_string(path)
		var m := _header.search(source)
		var json := JSON.new()
		if m == null or json.parse(m.get_string(1)) != OK or not json.data is Dictionary:
			push_error("bridge: %s: the first line must be <!-- {\"description\": …, \"arguments\": […]} -->" % path)
			continue
		var meta: Dictionary = json.data
		var arguments: Variant = meta.get("arguments", [])
		out.append({"name": file.get_basename(), "description": meta.get("description", ""),
				"arguments": arguments if arguments is Array else [], "text": source.substr(m.get_end()).strip_edges()})
	return out


static func _invalid(message: String) -> Dictionary:
	return {"error": {"code": INVALID_PARAMS, "message": message}}
