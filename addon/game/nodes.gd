extends RefCounted
## The live scene tree inside the game: find nodes, read and write their properties (values coerced
## against the declared type, as node.set does in the editor), call their methods.

const BridgeIpc := preload("ipc.gd")
## Value coercion (and the parameter checks behind it) takes ~75 ms to compile, three times this script: it is loaded
## on the first value coerced or type named (coercion()), so the first runtime.tree after a play does not wait for it.
const COERCION := "../core/value_coercion.gd"
const BridgeJsonValue := preload("../core/json_value.gd")
const BridgeScreen := preload("screen.gd")

var _tree: SceneTree
var _coercion: Object  # core/value_coercion.gd, once loaded


func _init(game: Node) -> void:  # game/inspector.gd, typed by its engine class (the rule atop inspector.gd)
	_tree = game.get_tree()


## What a first runtime.set, runtime.call or runtime.describe would compile, built ahead by game/inspector.gd.
func warm() -> void:
	coercion()


## core/value_coercion.gd (its static functions: coerce, type_name), loaded on first use.
func coercion() -> Object:
	if _coercion == null:
		_coercion = load(get_script().resource_path.get_base_dir().path_join(COERCION).simplify_path())
	return _coercion


func handlers() -> Dictionary:
	return {
		"runtime.tree": tree,
		"runtime.get": get_props,
		"runtime.set": set_prop,
		"runtime.call": call_method,
		"runtime.find": find,
		"runtime.describe": describe,
		"runtime.ui": ui,
	}


## A node by path: "/root/Main/Player" (absolute), "Player" or "Player/Body" (from the current scene),
## "" or "." (the current scene). Returns the Node or an error reply.
func resolve(path: String) -> Variant:
	var p := path.strip_edges()
	var scene := _tree.current_scene
	var node: Node = null
	if p.begins_with("/"):
		node = _tree.root.get_node_or_null(NodePath(p))
	elif p in ["", "."]:
		node = scene
	elif scene != null:
		node = scene.get_node_or_null(NodePath(p))
		if node == null and p.begins_with(str(scene.name) + "/"):
			node = scene.get_node_or_null(NodePath(p.trim_prefix(str(scene.name) + "/")))
	if node == null and not p.begins_with("/"):
		node = _tree.root.get_node_or_null(NodePath(p))  # an autoload by name
	if node != null:
		return node
	if scene == null and not p.begins_with("/"):
		return BridgeIpc.error(BridgeIpc.NOT_FOUND,
				"the game has no current scene; use an absolute path like /root/Name")
	return BridgeIpc.error(BridgeIpc.NOT_FOUND, "no node '%s' in the running game; runtime.tree lists its nodes (paths like /root/Main/Player or Player)" % p,
			{"node_path": p})


func tree(p: Dictionary, _call_id: String = "") -> Variant:
	var start: Variant = resolve(p.get("node_path", "/root"))
	if start is Dictionary:
		return start
	var max_depth: int = p.get("max_depth", 4)
	return {"current_scene": str(_tree.current_scene.get_path()) if _tree.current_scene else "",
			"paused": _tree.paused, "root": _describe_tree(start, max_depth)}


func _describe_tree(n: Node, depth: int) -> Dictionary:
	var d := {"name": str(n.name), "type": n.get_class(), "path": str(n.get_path())}
	var script: Script = n.get_script()
	if script:
		d["script"] = script.resource_path
	if n.scene_file_path != "":
		d["scene"] = n.scene_file_path
	if n is CanvasItem or n is Node3D:
		d["visible"] = n.visible
	if n.get_child_count() > 0:
		if depth <= 0:
			d["child_count"] = n.get_child_count()
		else:
			var kids: Array = []
			for c in n.get_children():
				kids.append(_describe_tree(c, depth - 1))
			d["children"] = kids
	return d


func get_props(p: Dictionary, _call_id: String = "") -> Variant:
	var node: Variant = resolve(p.node_path)
	if node is Dictionary:
		return node
	var names: Array = p.get("properties", [])
	var values := {}
	if names.is_empty():
		for info: Dictionary in node.get_property_list():
			if info.usage & (PROPERTY_USAGE_EDITOR | PROPERTY_USAGE_SCRIPT_VARIABLE) and info.type != TYPE_NIL:
				values[info.name] = BridgeJsonValue.to_json(node.get(info.name))
	for name: Variant in names:
		var prop := str(name)
		var value: Variant = node.get_indexed(NodePath(prop))
		if value == null and not _has_property(node, prop.get_slice(":", 0)):
			return _no_property(node, prop)
		values[prop] = BridgeJsonValue.to_json(value)
	return {"node": str(node.get_path()), "type": node.get_class(), "values": values}


func set_prop(p: Dictionary, _call_id: String = "") -> Variant:
	var node: Variant = resolve(p.node_path)
	if node is Dictionary:
		return node
	var prop: String = p.property
	var base := prop.get_slice(":", 0)
	var info := _property_info(node, base)
	if info.is_empty():
		return _no_property(node, prop)
	if prop.contains(":"):  # a component such as position:x: typed by its current value
		var current: Variant = node.get_indexed(NodePath(prop))
		info = {"name": prop, "type": typeof(current)}
	var value: Variant = coercion().call("coerce", p.get("value"), info)
	if value is Object and value.has_method("to_dict"):
		return {"error": value.to_dict()}
	var previous: Variant = node.get_indexed(NodePath(prop))
	node.set_indexed(NodePath(prop), value)
	var now: Variant = node.get_indexed(NodePath(prop))
	if typeof(now) == typeof(value) and now != value and not (now is float and is_equal_approx(now, value)):
		return BridgeIpc.error(BridgeIpc.FAILED, "%s.%s did not keep the value: set %s, reads back %s (a setter or the game changed it)" % [
				node.get_path(), prop, BridgeJsonValue.to_json(value), BridgeJsonValue.to_json(now)], {"value": BridgeJsonValue.to_json(now)})
	return {"node": str(node.get_path()), "property": prop, "value": BridgeJsonValue.to_json(now), "previous": BridgeJsonValue.to_json(previous)}


func call_method(p: Dictionary, _call_id: String = "") -> Variant:
	var node: Variant = resolve(p.node_path)
	if node is Dictionary:
		return node
	var method: String = p.method
	if not node.has_method(method):
		var names: Array = node.get_method_list().map(func(m: Dictionary) -> String: return m.name)
		var guess := _did_you_mean(method, names)
		return BridgeIpc.error(BridgeIpc.NOT_FOUND, "%s (%s) has no method '%s'%s" % [node.get_path(), node.get_class(),
				method,
				" (did you mean '%s'?)" % guess if guess != "" else ""], {"suggestion": guess})
	var args: Array = p.get("args", [])
	var info := _method_info(node, method)
	var declared: Array = info.get("args", [])
	if not info.is_empty() and not info.get("flags", 0) & METHOD_FLAG_VARARG and args.size() > declared.size():
		return BridgeIpc.error(BridgeIpc.INVALID, "%s takes at most %d argument(s), got %d" % [method, declared.size(), args.size()])
	var typed: Array = []
	for i in args.size():
		if i < declared.size():
			var v: Variant = coercion().call("coerce", args[i], declared[i])
			if v is Object and v.has_method("to_dict"):
				return {"error": v.to_dict()}
			typed.append(v)
		else:
			typed.append(args[i])
	var result: Variant = await node.callv(method, typed)
	return {"node": str(node.get_path()), "method": method, "result": BridgeJsonValue.to_json(result)}


## Nodes whose name matches a pattern (* and ?), of a class, in a group or with a script.
func find(p: Dictionary, _call_id: String = "") -> Variant:
	var start: Variant = resolve(p.get("root", "/root"))
	if start is Dictionary:
		return start
	var pattern: String = p.get("name", "")
	var type: String = p.get("type", "")
	var group: String = p.get("group", "")
	var script: String = p.get("script", "")
	var limit: int = p.get("limit", 100)
	var found: Array = []
	var stack: Array[Node] = [start]
	var more := false
	while not stack.is_empty():
		var n: Node = stack.pop_back()
		var kids := n.get_children()
		kids.reverse()
		stack.append_array(kids)
		if pattern != "" and not str(n.name).matchn(pattern):
			continue
		if type != "" and not n.is_class(type) and not (n.get_script() and n.get_script().get_global_name() == type):
			continue
		if group != "" and not n.is_in_group(group):
			continue
		if script != "" and not (n.get_script() and n.get_script().resource_path in [script, "res://" + script]):
			continue
		if found.size() >= limit:
			more = true
			break
		found.append({"name": str(n.name), "type": n.get_class(), "path": str(n.get_path())})
	return {"count": found.size(), "truncated": more, "nodes": found}


## A node's class, script, properties (with values), methods and signals the script declares.
func describe(p: Dictionary, _call_id: String = "") -> Variant:
	var node: Variant = resolve(p.node_path)
	if node is Dictionary:
		return node
	var script: Script = node.get_script()
	var props: Array = []
	for info: Dictionary in node.get_property_list():
		if info.usage & (PROPERTY_USAGE_EDITOR | PROPERTY_USAGE_SCRIPT_VARIABLE) and info.type != TYPE_NIL:
			props.append({"name": info.name, "type": coercion().call("type_name", info), "value": BridgeJsonValue.to_json(node.get(info.name))})
	var methods: Array = []
	var signals: Array = []
	if script:
		for m: Dictionary in script.get_script_method_list():
			if not str(m.name).begins_with("_") and not methods.has(m.name):
				methods.append(m.name)
		for s: Dictionary in script.get_script_signal_list():
			signals.append(s.name)
	return {"node": str(node.get_path()), "type": node.get_class(), "script": script.resource_path if script else "",
			"properties": props, "script_methods": methods, "script_signals": signals,
			"children": node.get_children().map(func(c: Node) -> String: return str(c.name))}


## The visible Controls: type, text, rect in viewport coordinates (through their canvas: a Control under
## a moved Camera2D shows where the camera puts it), for clicking by label.
func ui(p: Dictionary, _call_id: String = "") -> Variant:
	var text_filter: String = p.get("text", "")
	var out: Array = []
	var stack: Array[Node] = [_tree.root]
	while not stack.is_empty():
		var n: Node = stack.pop_back()
		var kids := n.get_children()
		kids.reverse()
		stack.append_array(kids)
		if not n is Control or not n.is_visible_in_tree():
			continue
		var text: String = str(n.get("text")) if "text" in n else ""
		if text_filter != "" and not text.containsn(text_filter):
			continue
		var r: Rect2 = BridgeScreen.control_rect(n)
		out.append({"path": str(n.get_path()), "type": n.get_class(), "text": text,
				"rect": BridgeJsonValue.to_json(r), "center": BridgeJsonValue.to_json(r.get_center())})
	return {"count": out.size(), "controls": out}


static func _has_property(node: Object, name: String) -> bool:
	return not _property_info(node, name).is_empty()


static func _property_info(node: Object, name: String) -> Dictionary:
	for info: Dictionary in node.get_property_list():
		if info.name == name:
			return info
	return {}


static func _method_info(node: Object, method: String) -> Dictionary:
	for m: Dictionary in node.get_method_list():
		if m.name == method:
			return m
	return {}


func _no_property(node: Node, prop: String) -> Dictionary:
	var names: Array = node.get_property_list().map(func(i: Dictionary) -> String: return i.name)
	var guess := _did_you_mean(prop, names)
	return BridgeIpc.error(BridgeIpc.NOT_FOUND, "%s (%s) has no property '%s'%s" % [node.get_path(), node.get_class(),
			prop,
			" (did you mean '%s'?)" % guess if guess != "" else ""], {"suggestion": guess})


static func _did_you_mean(word: String, candidates: Array) -> String:
	var best := ""
	var best_score := 0.5
	for c: Variant in candidates:
		var score := word.to_lower().similarity(str(c).to_lower())
		if score > best_score:
			best_score = score
			best = str(c)
	return best
