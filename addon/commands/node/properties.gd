@tool
extends "../../core/command_group.gd"
## node.*, values: read and write one property (coerced against its declared type, undoable), list
## properties, call a method.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgePropertyPath := preload("../../lib/property_path.gd")

## Properties node.set leaves to their own commands.
const OWN_COMMANDS := {"name": "node.rename"}

## Methods node.call refuses: they would free nodes behind the undo history's back.
const REFUSED_METHODS := {"free": "node.remove", "queue_free": "node.remove"}


func commands() -> Array:
	return [
		{
			"method": "node.get",
			"any_scene": true,
			"summary": "Read one property of a node, with its declared type.",
			"params": [node_param("node_path", "Node to read"), req("property", "string", "Property name or path, e.g. position, position:x, shape:size")],
			"example": {"node_path": "/root/Main/Player", "property": "position"},
			"read_only": true,
			"returns": {"path": "string", "property": "string", "type": "string", "value": "any"},
			"handler": _get_property,
		},
		{
			"method": "node.set",
			"any_scene": true,
			"idempotent": true,
			"summary": "Set one property (undoable), or a part of one (position:x, shape:size): the value is checked against its type and read back; a value the engine clamps or ignores is refused and nothing changes.",
			"params": [
				node_param("node_path", "Node to change"),
				req("property", "string", "Property name or path, e.g. position, position:x, material:albedo_color"),
				req("value", "any", "New value: [x, y] for vectors, '#rrggbb' for colours, enum names, res:// paths for resources, \"\" or null for no resource"),
			],
			"example": {"node_path": "/root/Main/Player", "property": "position", "value": [100, 200]},
			"returns": {"path": "string", "property": "string", "type": "string", "value": "any", "changed": "bool", "previous?": "any"},
			"undo": "scene",
			"handler": _set_property,
		},
		{
			"method": "node.properties",
			"any_scene": true,
			"summary": "List a node's editor-visible properties with their types and values.",
			"params": [
				node_param("node_path", "Node to list"),
				opt("filter", "string", "Only properties whose name contains this text"),
			],
			"example": {"node_path": "/root/Main/Player/Body", "filter": "color"},
			"read_only": true,
			"returns": {"path": "string", "type": "string", "count": "int", "properties": [{"name": "string", "type": "string", "value": "any"}]},
			"handler": _properties,
		},
		{
			"method": "node.call",
			"any_scene": true,
			"summary": "Call a method on a node with JSON arguments coerced to its parameter types (not undoable).",
			"params": [
				node_param("node_path", "Node to call"),
				req("method", "string", "Method name"),
				opt("args", "Array", "Arguments in order", [], {"items": "any"}),
			],
			"example": {"node_path": "/root/Main/Player", "method": "is_in_group", "args": ["players"]},
			"returns": {"result": "any"},
			# the call runs outside any history: what it changes, Undo does not know
			"undo": "none",
			"handler": _call,
		},
	]


func _get_property(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var target: Variant = BridgePropertyPath.resolve(node, p.property)
	if target is BridgeError:
		return target
	return {"path": BridgeSceneAccess.path_of(node), "property": p.property,
			"type": BridgeSceneAccess.type_name(target.info),
			"value": BridgePropertyPath.read(target)}


func _set_property(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var planned: Variant = BridgePropertyPath.plan(node, {p.property: p.value}, "node.set", OWN_COMMANDS)
	if planned is BridgeError:
		return planned
	var target: Dictionary = planned.targets[0]
	var changed := BridgePropertyPath.commit(c.step, planned, "set %s.%s" % [node.name, p.property])
	var out := {"path": BridgeSceneAccess.path_of(node), "property": p.property,
			"type": BridgeSceneAccess.type_name(target.info),
			"value": BridgePropertyPath.read(target), "changed": changed}
	if changed:
		out["previous"] = planned.previous[0]
	return out


func _properties(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var filter: String = p.get("filter", "").to_lower()
	var out: Array = []
	for info: Dictionary in node.get_property_list():
		if not info.usage & PROPERTY_USAGE_EDITOR or info.usage & (PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP):
			continue
		if filter != "" and not filter in str(info.name).to_lower():
			continue
		out.append({"name": info.name, "type": BridgeSceneAccess.type_name(info), "value": node.get(info.name)})
	return {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(), "count": out.size(), "properties": out}


func _call(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var method: String = p.method
	if REFUSED_METHODS.has(method):
		return c.failed("node.call refuses %s: use %s, which can be undone" % [method, REFUSED_METHODS[method]])
	var info := _method_info(node, method)
	if info.is_empty():
		var names: Array = node.get_method_list().map(func(m: Dictionary) -> String: return m.name)
		var guess := BridgeParams.did_you_mean(method, names)
		return c.not_found("%s (%s) has no method '%s'%s" % [BridgeSceneAccess.path_of(node), node.get_class(), method,
				" (did you mean '%s'?)" % guess if guess else ""], {"method": method, "suggestion": guess})
	var script: Script = node.get_script()
	if script and not script.is_tool() and not ClassDB.class_has_method(node.get_class(), method):
		return c.failed("%s is defined by %s, which is not a @tool script: its code does not run in the editor" % [
				method, script.resource_path])
	var args: Array = p.args
	var declared: Array = info.get("args", [])
	var required: int = declared.size() - info.get("default_args", []).size()
	if not info.get("flags", 0) & METHOD_FLAG_VARARG and (args.size() < required or args.size() > declared.size()):
		return c.invalid("%s takes %s arguments (%s), got %d" % [method,
				str(required) if required == declared.size() else "%d..%d" % [required, declared.size()],
				", ".join(PackedStringArray(declared.map(func(a: Dictionary) -> String: return "%s: %s" % [a.name,
				BridgeSceneAccess.type_name(a)]))), args.size()], {"param": "args"})
	var converted: Array = []
	for i in args.size():
		var value: Variant = BridgeSceneAccess.coerce(args[i], declared[i]) if i < declared.size() else args[i]
		if value is BridgeError:
			value.message = "argument %d of %s: %s" % [i + 1, method, value.message]
			return value
		converted.append(value)
	return {"result": node.callv(method, converted)}


static func _method_info(obj: Object, method: String) -> Dictionary:
	for m: Dictionary in obj.get_method_list():
		if m.name == method:
			return m
	return {}
