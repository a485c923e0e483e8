@tool
extends "../../core/command_group.gd"
## node.*, links: signal connections saved with the scene, and group membership. Undoable, like every edit.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgeConnectionCheck := preload("../../lib/connection_check.gd")


func commands() -> Array:
	var link_params := [
		node_param("node_path", "Node that emits the signal"),
		req("signal", "string", "Signal name"),
		node_param("target_path", "Node whose method receives it"),
		req("method", "string", "Method on the target (built in or in its script)"),
	]
	return [
		{
			"method": "node.connect",
			"any_scene": true,
			"summary": "Connect a node's signal to a method of another node, saved with the scene.",
			"params": link_params,
			"example": {"node_path": "/root/Main/Player", "signal": "visibility_changed",
					"target_path": "/root/Main/Camera2D", "method": "reset_smoothing"},
			"returns": {"connected": "bool", "source": "string", "signal": "string", "target": "string", "method": "string"},
			"undo": "scene",
			"handler": _connect,
		},
		{
			"method": "node.disconnect",
			"any_scene": true,
			"summary": "Remove a signal connection between two nodes.",
			"params": link_params,
			"example": {"node_path": "/root/Main/Player", "signal": "visibility_changed",
					"target_path": "/root/Main/Camera2D", "method": "reset_smoothing"},
			"example_setup": [{"method": "node.connect", "params": {"node_path": "/root/Main/Player", "signal": "visibility_changed",
					"target_path": "/root/Main/Camera2D", "method": "reset_smoothing"}}],
			"destructive": true,
			"returns": {"disconnected": "bool", "source": "string", "signal": "string", "target": "string", "method": "string"},
			"undo": "scene",
			"handler": _disconnect,
		},
		{
			"method": "node.signals",
			"any_scene": true,
			"summary": "A node's signals, its saved outgoing connections and the ones that target it; a connection to a method the receiver lacks is marked dangling, with why (the game would drop it without an error).",
			"params": [node_param("node_path", "Node to inspect")],
			"example": {"node_path": "/root/Main/Player"},
			"read_only": true,
			"returns": {"path": "string", "signals": ["string"],
					"connections": [{"signal": "string", "target": "string", "method": "string", "dangling?": "bool", "why?": "string"}],
					"incoming": [{"source": "string", "signal": "string", "method": "string", "dangling?": "bool", "why?": "string"}]},
			"handler": _signals,
		},
		{
			"method": "node.add_to_group",
			"any_scene": true,
			"idempotent": true,
			"summary": "Put a node in a group, saved with the scene.",
			"params": [node_param("node_path", "Node"), req("group", "string", "Group name")],
			"example": {"node_path": "/root/Main/Ground", "group": "solid"},
			"returns": {"path": "string", "group": "string", "changed": "bool", "groups": ["string"]},
			"undo": "scene",
			"handler": _add_to_group,
		},
		{
			"method": "node.remove_from_group",
			"any_scene": true,
			"idempotent": true,
			"summary": "Take a node out of a group.",
			"params": [node_param("node_path", "Node"), req("group", "string", "Group name")],
			"example": {"node_path": "/root/Main/Player", "group": "players"},
			"returns": {"path": "string", "group": "string", "changed": "bool", "groups": ["string"]},
			"undo": "scene",
			"handler": _remove_from_group,
		},
	]


func _connect(c: BridgeCall) -> Variant:
	var p := c.params
	var link: Variant = _link(p)
	if link is BridgeError:
		return link
	var callable := Callable(link.target, p.method)
	if link.source.is_connected(p["signal"], callable):
		return c.failed("%s is already connected" % _describe(link, p), {"signal": p["signal"]})
	var ur := BridgeSceneAccess.action(c.step, "connect %s" % p["signal"])
	ur.add_do_method(link.source, "connect", p["signal"], callable, CONNECT_PERSIST)
	ur.add_undo_method(link.source, "disconnect", p["signal"], callable)
	ur.commit_action()
	return {"connected": link.source.is_connected(p["signal"], callable),
			"source": BridgeSceneAccess.path_of(link.source),
			"signal": p["signal"], "target": BridgeSceneAccess.path_of(link.target), "method": p.method}


func _disconnect(bc: BridgeCall) -> Variant:
	var p := bc.params
	var link: Variant = _link(p)
	if link is BridgeError:
		return link
	var found := {}
	for c: Dictionary in link.source.get_signal_connection_list(p["signal"]):
		if c.callable.get_object() == link.target and c.callable.get_method() == p.method:
			found = c
	if found.is_empty():
		return bc.not_found("%s is not connected; node.signals lists the connections" % _describe(link, p),
				{"signal": p["signal"]})
	var ur := BridgeSceneAccess.action(bc.step, "disconnect %s" % p["signal"])
	ur.add_do_method(link.source, "disconnect", p["signal"], found.callable)
	ur.add_undo_method(link.source, "connect", p["signal"], found.callable, found.flags)
	ur.commit_action()
	return {"disconnected": not link.source.is_connected(p["signal"], found.callable),
			"source": BridgeSceneAccess.path_of(link.source), "signal": p["signal"], "target": BridgeSceneAccess.path_of(link.target),
			"method": p.method}


func _signals(bc: BridgeCall) -> Variant:
	var p := bc.params
	var node: Node = p.node_path
	var signals: Array = []
	for s: Dictionary in node.get_signal_list():
		signals.append("%s(%s)" % [s.name, ", ".join(PackedStringArray(s.args.map(func(a: Dictionary) -> String: return a.name)))])
	var outgoing := _outgoing(node)
	var incoming: Array = []
	for c: Dictionary in node.get_incoming_connections():
		if c.flags & CONNECT_PERSIST and c["signal"].get_object() is Node and _in_scene(c["signal"].get_object(), node):
			incoming.append(_marked({"source": BridgeSceneAccess.path_of(c["signal"].get_object()),
					"signal": c["signal"].get_name(),
					"method": c.callable.get_method()}, node))
	return {"path": BridgeSceneAccess.path_of(node), "signals": signals, "connections": outgoing, "incoming": incoming}


func _add_to_group(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Variant = _group_node(p)
	if node is BridgeError:
		return node
	if node.is_in_group(p.group):
		return {"path": BridgeSceneAccess.path_of(node), "group": p.group, "changed": false, "groups": _groups(node)}
	var ur := BridgeSceneAccess.action(c.step, "add %s to group %s" % [node.name, p.group])
	ur.add_do_method(node, "add_to_group", p.group, true)
	ur.add_undo_method(node, "remove_from_group", p.group)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(node), "group": p.group, "changed": true, "groups": _groups(node)}


func _remove_from_group(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Variant = _group_node(p)
	if node is BridgeError:
		return node
	if not node.is_in_group(p.group):
		var groups := _groups(node)
		var guess := BridgeParams.did_you_mean(p.group, groups)
		return c.not_found("%s is not in group '%s'%s; its groups: %s" % [BridgeSceneAccess.path_of(node), p.group,
				" (did you mean '%s'?)" % guess if guess else "", ", ".join(PackedStringArray(groups)) if groups else "none"],
				{"group": p.group, "suggestion": guess})
	var ur := BridgeSceneAccess.action(c.step, "remove %s from group %s" % [node.name, p.group])
	ur.add_do_method(node, "remove_from_group", p.group)
	ur.add_undo_method(node, "add_to_group", p.group, true)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(node), "group": p.group, "changed": true, "groups": _groups(node)}


## {source, target} once the signal and the method exist and their arguments fit, else a BridgeError.
func _link(p: Dictionary) -> Variant:
	var source: Node = p.node_path
	var target: Node = p.target_path
	var sig := {}
	for s: Dictionary in source.get_signal_list():
		if s.name == p["signal"]:
			sig = s
	if sig.is_empty():
		var guess := BridgeParams.did_you_mean(p["signal"], source.get_signal_list().map(func(s: Dictionary) -> String: return s.name))
		return BridgeError.not_found("%s (%s) has no signal '%s'%s" % [BridgeSceneAccess.path_of(source),
				source.get_class(),
				p["signal"], " (did you mean '%s'?)" % guess if guess else ""], {"signal": p["signal"], "suggestion": guess})
	var method := _method(target, p.method)
	if method.is_empty():
		var names: Array = target.get_method_list().map(func(m: Dictionary) -> String: return m.name)
		var guess := BridgeParams.did_you_mean(p.method, names)
		return BridgeError.not_found("%s (%s) has no method '%s'%s" % [BridgeSceneAccess.path_of(target),
				target.get_class(),
				p.method, " (did you mean '%s'?)" % guess if guess else ""], {"method": p.method, "suggestion": guess})
	var given: int = sig.args.size()
	var takes: int = method.get("args", []).size()
	var needs: int = takes - method.get("default_args", []).size()
	if given < needs or (given > takes and not method.get("flags", 0) & METHOD_FLAG_VARARG):
		return BridgeError.failed("%s passes %d argument(s) but %s takes %s" % [p["signal"], given, p.method,
				str(takes) if needs == takes else "%d..%d" % [needs, takes]], {"signal": p["signal"], "method": p.method})
	return {"source": source, "target": target}


## A method's info from the object (built-in or script), or from its script when the script does not run in the editor.
func _method(obj: Object, name: String) -> Dictionary:
	for m: Dictionary in obj.get_method_list():
		if m.name == name:
			return m
	var script: Script = obj.get_script()
	if script:
		for m: Dictionary in script.get_script_method_list():
			if m.name == name:
				return m
	return {}


## Saved (persistent) connections from `node` to nodes of its scene.
func _outgoing(node: Node) -> Array:
	var out: Array = []
	for s: Dictionary in node.get_signal_list():
		for c: Dictionary in node.get_signal_connection_list(s.name):
			var target: Object = c.callable.get_object()
			if c.flags & CONNECT_PERSIST and target is Node and _in_scene(target, node):
				out.append(_marked({"signal": s.name, "target": BridgeSceneAccess.path_of(target),
						"method": c.callable.get_method()}, target))
	return out


## The connection, marked `dangling` with `why` when `receiver` has no such method (lib/connection_check.gd).
static func _marked(connection: Dictionary, receiver: Object) -> Dictionary:
	var why := BridgeConnectionCheck.method_problem(receiver, str(connection.method), BridgeSceneAccess.path_of(receiver))
	if why != "":
		connection.merge({"dangling": true, "why": why})
	return connection


## Whether `node` is in the scene of `of` (the node whose signals are read: its scene, edited or not).
func _in_scene(node: Node, of: Node) -> bool:
	var root := BridgeSceneAccess.root_of(of)
	return root != null and (node == root or root.is_ancestor_of(node))


func _describe(link: Dictionary, p: Dictionary) -> String:
	return "%s.%s → %s.%s" % [BridgeSceneAccess.path_of(link.source), p["signal"],
			BridgeSceneAccess.path_of(link.target), p.method]


func _group_node(p: Dictionary) -> Variant:
	if p.group.strip_edges() == "":
		return BridgeError.invalid("group must not be empty", {"param": "group"})
	return p.node_path


func _groups(node: Node) -> Array:
	return node.get_groups().filter(func(g: StringName) -> bool: return not str(g).begins_with("_")).map(
			func(g: StringName) -> String: return str(g))
