@tool
extends "../../core/command_group.gd"
## node.*, edits beyond one property: several properties in one undo step, reverting a property to its
## default, attaching and detaching scripts. Everything is checked first; a refused command changes nothing.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgePropertyPath := preload("../../lib/property_path.gd")

## Properties these commands leave to others: renaming and scripts have their own commands.
const OWN_COMMANDS := {"name": "node.rename", "script": "node.script_attach / node.script_detach"}


func commands() -> Array:
	return [
		{
			"method": "node.set_many",
			"any_scene": true,
			"idempotent": true,
			"summary": "Set several properties of a node in one undo step; each value is checked first and nothing is set if any is refused.",
			"params": [
				node_param("node_path", "Node to change"),
				properties_param("properties", "Property (or path, e.g. position:x) → new value, each coerced and read back like node.set", true),
			],
			"example": {"node_path": "/root/Main/Player", "properties": {"position": [100, 200], "rotation": 0.5}},
			# a CanvasItem's z_index stays within -4096..4096: the engine logs an error and keeps its value
			"example_refused": {"properties": {"z_index": 99999}},
			"returns": {"path": "string", "count": "int", "values": "Dictionary", "previous": "Dictionary", "changed": "bool"},
			"undo": "scene",
			"handler": _set_many,
		},
		{
			"method": "node.reset_property",
			"any_scene": true,
			"idempotent": true,
			"summary": "Revert a property to its default (the instanced scene's, the script's or the class's value), undoable.",
			"params": [node_param("node_path", "Node to change"), req("property", "string", "Property name, e.g. position")],
			"example": {"node_path": "/root/Main/Player", "property": "position"},
			"returns": {"path": "string", "property": "string", "type": "string", "default_from": "string", "value": "any",
					"changed": "bool", "previous?": "any"},
			"undo": "scene",
			"handler": _reset_property,
		},
		{
			"method": "node.script_attach",
			"any_scene": true,
			"summary": "Attach an existing script file to a node (undoable); refuses a script whose base class does not fit the node.",
			"params": [
				node_param("node_path", "Node to get the script"),
				req("path", "string", "Script file, e.g. res://scripts/player.gd", {"also": ["script_path", "script"], "compiles": true}),
			],
			"example": {"node_path": "/root/Main/Player", "path": "res://scripts/player.gd"},
			# the demo's Player already has player.gd: take it off first so the example attaches it
			"example_setup": [{"method": "node.script_detach", "params": {"node_path": "/root/Main/Player"}}],
			"returns": {"path": "string", "script": "string", "previous": "string|null", "changed": "bool", "kept_values?": ["string"]},
			"undo": "scene",
			"handler": _script_attach,
		},
		{
			"method": "node.script_detach",
			"any_scene": true,
			"summary": "Remove a node's script (undoable: undo restores it with the values the scene gave its properties).",
			"params": [node_param("node_path", "Node to lose its script")],
			"example": {"node_path": "/root/Main/Player"},
			"destructive": true,
			"returns": {"path": "string", "detached": "string", "restored_on_undo": ["string"]},
			"undo": "scene",
			"handler": _script_detach,
		},
	]


func _set_many(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var properties: Dictionary = p.properties
	if properties.is_empty():
		return c.invalid("properties is empty; give at least one property and value",
				{"param": "properties"})
	var planned: Variant = BridgePropertyPath.plan(node, properties, "node.set_many", OWN_COMMANDS)
	if planned is BridgeError:
		return planned
	var changed := BridgePropertyPath.commit(c.step, planned, "set %d properties of %s" % [properties.size(), node.name])
	var now := {}
	var previous := {}
	for i: int in planned.targets.size():
		var target: Dictionary = planned.targets[i]
		now[target.path] = BridgePropertyPath.read(target)
		previous[target.path] = planned.previous[i]
	return {"path": BridgeSceneAccess.path_of(node), "count": properties.size(), "values": now, "previous": previous,
			"changed": changed}


func _reset_property(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var property: String = p.property
	var info: Variant = _writable(node, property)
	if info is BridgeError:
		return info
	var found := default_value(node, property)
	if found.is_empty():
		return c.failed("%s.%s has no known default to revert to" % [BridgeSceneAccess.path_of(node), property],
				{"property": property})
	var previous: Variant = node.get(property)
	var out := {"path": BridgeSceneAccess.path_of(node), "property": property,
			"type": BridgeSceneAccess.type_name(info),
			"default_from": found.source}
	if typeof(previous) == typeof(found.value) and previous == found.value:
		out.merge({"value": previous, "changed": false})
		return out
	var ur := BridgeSceneAccess.action(c.step, "reset %s.%s" % [node.name, property])
	ur.add_do_property(node, property, found.value)
	ur.add_undo_property(node, property, previous)
	ur.commit_action()
	out.merge({"value": node.get(property), "previous": previous, "changed": true})
	return out


func _script_attach(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var script: Variant = _load_script(p.path)
	if script is BridgeError:
		return script
	var base: StringName = script.get_instance_base_type()
	if base == &"":
		return c.failed("%s does not compile (see editor.errors); fix it before attaching it" % p.path,
				{"script_path": p.path})
	if not node.is_class(base):
		return c.invalid("%s extends %s, and %s is a %s" % [p.path, base,
				BridgeSceneAccess.path_of(node), node.get_class()], {"param": "path", "extends": base, "node_type": node.get_class()})
	if script.is_abstract():
		return c.invalid("%s is abstract; attach a script that extends it" % p.path,
				{"param": "path"})
	var old: Script = node.get_script()
	var out := {"path": BridgeSceneAccess.path_of(node), "script": script.resource_path,
			"previous": old.resource_path if old else null}
	if old == script:
		out["changed"] = false
		return out
	var overrides := _overrides(node)
	var kept: Array = []
	var ur := BridgeSceneAccess.action(c.step, "attach %s to %s" % [script.resource_path.get_file(), node.name])
	ur.add_do_method(node, "set_script", script)
	# Like the editor's Attach Script: the scene's values carry over to properties the new script declares alike.
	var declared := _script_properties(script)
	for name: String in overrides:
		if declared.has(name) and declared[name] == typeof(overrides[name]):
			ur.add_do_property(node, name, overrides[name])
			kept.append(name)
	ur.add_undo_method(node, "set_script", old)
	for name: String in overrides:
		ur.add_undo_property(node, name, overrides[name])
	ur.commit_action()
	out.merge({"changed": true, "kept_values": kept})
	return out


func _script_detach(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var old: Script = node.get_script()
	if old == null:
		return c.failed("%s has no script to detach" % BridgeSceneAccess.path_of(node),
				{"path": BridgeSceneAccess.path_of(node)})
	var overrides := _overrides(node)
	var ur := BridgeSceneAccess.action(c.step, "detach %s from %s" % [old.resource_path.get_file(), node.name])
	ur.add_do_method(node, "set_script", null)
	ur.add_undo_method(node, "set_script", old)
	for name: String in overrides:
		ur.add_undo_property(node, name, overrides[name])
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(node), "detached": old.resource_path,
			"restored_on_undo": overrides.keys()}


## {value, source} of the value the editor's revert arrow would restore, or {} when none is known.
## Sources in the editor's order: the object's own revert, the instanced scene, the script, the class.
static func default_value(node: Node, property: String) -> Dictionary:
	if node.property_can_revert(property):
		return {"value": node.property_get_revert(property), "source": "object"}
	var from_scene := _scene_default(node, property)
	if not from_scene.is_empty():
		return from_scene
	var script: Script = node.get_script()
	if script and _script_properties(script).has(property):
		return {"value": script.get_property_default_value(property), "source": "script"}
	for info: Dictionary in ClassDB.class_get_property_list(node.get_class()):
		if info.name == property:
			return {"value": ClassDB.class_get_property_default_value(node.get_class(), property), "source": "class"}
	return {}


## The value the instanced scene a node comes from gives the property, or {} for a node of the edited scene itself.
static func _scene_default(node: Node, property: String) -> Dictionary:
	var root := BridgeSceneAccess.root_of(node)
	var instance: Node = null
	if node != root and node.scene_file_path != "":
		instance = node
	elif node.owner != null and node.owner != root and node.owner.scene_file_path != "":
		instance = node.owner
	if instance == null or not ResourceLoader.exists(instance.scene_file_path):
		return {}
	var packed := load(instance.scene_file_path) as PackedScene
	var copy: Node = packed.instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE) if packed else null
	if copy == null:
		return {}
	var twin := copy if instance == node else copy.get_node_or_null(instance.get_path_to(node))
	var out := {}
	if twin != null and property in twin:
		out = {"value": twin.get(property), "source": "scene"}
	copy.free()
	return out


## The property-list entry if the property may be set by these commands, else the BridgeError saying why.
func _writable(node: Node, property: String) -> Variant:
	var info: Variant = BridgeSceneAccess.property_info(node, property)
	if info is BridgeError:
		return info
	if OWN_COMMANDS.has(property):
		return BridgeError.invalid("change %s with %s" % [property, OWN_COMMANDS[property]], {"property": property})
	if info.usage & PROPERTY_USAGE_READ_ONLY:
		return BridgeError.failed("%s.%s is read-only; nothing was changed" % [BridgeSceneAccess.path_of(node),
				property],
				{"property": property})
	return info


## The script at `path`, or a BridgeError (NOT_FOUND with a did-you-mean among the folder's files).
func _load_script(path: String) -> Variant:
	if not (path.begins_with("res://") or path.begins_with("uid://")):
		return BridgeError.invalid("path must be a res:// path, got '%s'" % path,
				{"param": "path"})
	if not ResourceLoader.exists(path):
		var names: Array = Array(DirAccess.get_files_at(path.get_base_dir())).filter(
				func(f: String) -> bool: return not f.get_extension() in ["uid", "import"])
		var guess := BridgeParams.did_you_mean(path.get_file(), names)
		var suggestion := path.get_base_dir().path_join(guess) if guess != "" else ""
		return BridgeError.not_found("no script at %s%s" % [path, " (did you mean '%s'?)" % suggestion if guess != "" else ""],
				{"script_path": path, "suggestion": suggestion})
	var res := load(path)
	if not res is Script:
		return BridgeError.invalid("%s is a %s, not a script" % [path, res.get_class() if res else "file Godot cannot load"],
				{"param": "path"})
	return res


## Stored script properties whose value on the node differs from the script's default: what the scene sets.
static func _overrides(node: Node) -> Dictionary:
	var script: Script = node.get_script()
	var out := {}
	if script == null:
		return out
	for name: String in _script_properties(script):
		var value: Variant = node.get(name)
		var default: Variant = script.get_property_default_value(name)
		if typeof(value) != typeof(default) or value != default:
			out[name] = value
	return out


## Name → type of the properties a script stores (its own and its base scripts').
static func _script_properties(script: Script) -> Dictionary:
	var out := {}
	for info: Dictionary in script.get_script_property_list():
		if info.usage & PROPERTY_USAGE_STORAGE and not info.usage & (PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP):
			out[info.name] = info.type
	return out
