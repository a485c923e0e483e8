@tool
extends RefCounted
## The toolsets of addon/mcp/toolsets.json (shared with `bridge serve`): command groups gathered into
## named sets of typed tools. Which toolset a built-in group belongs to is said by the group's own
## commands/<group>/index.json (core/group_index.gd); toolsets.json describes the toolsets. A group no toolset lists forms a toolset of its own, named after it. Over
## HTTP a client picks its toolsets with the URL's query, `/mcp?toolsets=scene,editor` (default: what
## suits the client the request names, else the unknown client's: default_for).

## Beside this file, wherever the addon is installed.
var _file: String = get_script().resource_path.get_base_dir().path_join("toolsets.json")

## What the file says beside the toolsets and clients (src/surface/ reads the same for `bridge serve` and
## `bridge configure`): the server's name and title (serverInfo), the toolset every `set` keeps (`core`: the
## whole loop, every default's start), how many tools are listed whatever toolsets are enabled (engine_run,
## bridge_toolsets, bridge_find) and the revision that brought structuredContent.
var server: Dictionary = {"name": "godot-bridge", "title": "bridge (Godot editor)"}
var core: String = "core"
var always_listed: int = 3
var _structured_since: String = "2025-06-18"

const BridgeGroupIndex := preload("../core/group_index.gd")

## The always-present tool's definition (bridge_toolsets).
var tool: Dictionary = {}
var _defs: Array = []
## The client profiles (`clients`: each one's tool limit, preferred toolsets and where the limit comes from),
## the one table `bridge configure` and `bridge serve` read too.
var _clients: Array = []
## The profile of a client the table does not know (its `reads` decides a result's text for it).
var _unknown: Dictionary = {}


func _init() -> void:
	var data: Variant = JSON.parse_string(FileAccess.get_file_as_string(_file))
	if data is Dictionary and data.get("toolsets") is Array and data.get("tool") is Dictionary:
		_defs = data.toolsets
		tool = data.tool
		_clients = data.get("clients", [])
		_unknown = data.get("unknown_client", {})
		server = data.get("server", server)
		core = str(data.get("core", core))
		var listed: Variant = data.get("always_listed")
		if listed is Array:
			always_listed = listed.size()
		_structured_since = str(data.get("structured_since", _structured_since))
		_fill_groups(_file.get_base_dir().get_base_dir().path_join("commands"))
	else:
		push_error("bridge: cannot read %s; the HTTP endpoint lists every typed tool and no bridge_toolsets" % _file)


## Each toolset's `groups`: the built-in groups whose index.json names it, in registration order (as
## src/surface/toolsets.ts does).
func _fill_groups(commands_dir: String) -> void:
	var index := BridgeGroupIndex.read_all(commands_dir)
	for def: Dictionary in _defs:
		var groups: Array = []
		for group: String in index:
			if index[group].toolset == def.name:
				groups.append(group)
		def["groups"] = groups


## The toolset a command group belongs to.
func toolset_of(group: String) -> String:
	for def: Dictionary in _defs:
		if group in def.get("groups", []):
			return def.name
	return group


## The toolset a command belongs to: the one naming it in `methods` (play: the loop's core), else its group's.
func toolset_of_method(method: String) -> String:
	for def: Dictionary in _defs:
		if method in def.get("methods", []):
			return def.name
	return toolset_of(method.get_slice(".", 0))


## [{name, description, groups, methods}] for these methods: declared toolsets in order, then one per
## unmapped group; toolsets without commands are left out.
func toolsets_for(methods: Array) -> Array:
	var sets: Dictionary = {}
	for def: Dictionary in _defs:
		sets[def.name] = {"name": def.name, "description": def.description, "groups": def.get("groups", []).duplicate(), "methods": []}
	for method: String in methods:
		var group := method.get_slice(".", 0)
		var name := toolset_of_method(method)
		if not sets.has(name):
			sets[name] = {"name": name, "description": "The %s.* commands (a group no toolset lists)." % group,
					"groups": [group], "methods": []}
		sets[name].methods.append(method)
	var filled: Array = sets.values().filter(func(s: Dictionary) -> bool: return not s.methods.is_empty())
	# the description names the groups the toolset holds today, as `bridge serve` says (src/surface/toolsets.ts)
	for toolset: Dictionary in filled:
		var held: Array = []
		for m: String in toolset.methods:
			if not m.get_slice(".", 0) in held:
				held.append(m.get_slice(".", 0))
		toolset.groups = toolset.groups.filter(func(g: String) -> bool: return g in held) if not toolset.groups.is_empty() else held
		toolset.description = "%s Groups: %s." % [toolset.description, ", ".join(PackedStringArray(toolset.groups))]
	return filled


## Why a toolset name is unknown: the toolset holding a command group of that name, else the toolsets.
func unknown_hint(name: String, sets: Array) -> String:
	var home := toolset_of(name)
	for toolset: Dictionary in sets:
		if toolset.name == home:
			return "'%s' is a command group, in toolset '%s'" % [name, home]
	for toolset: Dictionary in sets:
		if name in toolset.groups:
			return "'%s' is a command group, in toolset '%s'" % [name, toolset.name]
	return "no toolset '%s'" % name


## The known client a name belongs to (a fragment of it, case-insensitive: src/surface/toolsets.ts matchClient), or {}.
func match_client(name: String) -> Dictionary:
	var lower := name.to_lower()
	if lower == "":
		return {}
	for profile: Dictionary in _clients:
		for fragment: String in profile.get("match", []):
			if fragment in lower:
				return profile
	return {}


## Which field of a tool result a client gives its model, "content" or "structured" (src/surface/toolsets.ts readsOf):
## only the text in a revision before structuredContent existed ("" names none: 2025-03-26 by the spec's rule),
## else its profile's `reads`, else the unknown client's.
func reads_of(client: String, revision: String) -> String:
	if revision < _structured_since:
		return "content"
	return str(match_client(client).get("reads", _unknown.get("reads", "content")))


## The toolsets a client's default lists for these methods: its preferred ones (a client the table does not
## know: the unknown client's) in order, each taken while the list stays within its limit if it has one
## (the always-listed count), as src/surface/toolsets.ts fitProfile; ["all"] where the preference says all.
func default_for(client: String, methods: Array) -> Array:
	var profile := match_client(client)
	var preferred: Array = profile.get("toolsets", _unknown.get("toolsets", [core]))
	if "all" in preferred:
		return ["all"]
	var cap: Variant = profile.get("max_tools")
	var sizes := {}
	for toolset: Dictionary in toolsets_for(methods):
		sizes[toolset.name] = toolset.methods.size()
	var chosen: Array = []
	var total := always_listed
	for name: String in preferred:
		if sizes.has(name) and (cap == null or total + int(sizes[name]) <= int(cap)):
			chosen.append(name)
			total += int(sizes[name])
	return chosen if not chosen.is_empty() else ["none"]


## The toolsets a request's URL asks for: `?toolsets=a,b` (`all`, `none`), or ["all"] without the parameter.
static func from_target(target: String) -> Array:
	var query := target.get_slice("?", 1) if "?" in target else ""
	for pair: String in query.split("&", false):
		if pair.get_slice("=", 0).uri_decode() == "toolsets":
			var names: Array = []
			for name: String in pair.get_slice("=", 1).uri_decode().split(",", false):
				names.append(name.strip_edges().to_lower())
			return names
	return ["all"]


## Whether the request's URL names its toolsets (else the client's default applies: default_for).
static func named_in(target: String) -> bool:
	var query := target.get_slice("?", 1) if "?" in target else ""
	for pair: String in query.split("&", false):
		if pair.get_slice("=", 0).uri_decode() == "toolsets":
			return true
	return false


## Whether a toolset is listed under a selection from from_target.
static func selected(selection: Array, name: String) -> bool:
	return "all" in selection or name in selection
