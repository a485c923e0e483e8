@tool
extends "../../core/command_group.gd"
## analysis.*, scenes: how big and how wired a scene is (the open one or a file), and which scenes
## instance each other in a circle. Read-only; a scene file is instantiated apart and freed.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeProjectScan := preload("../../lib/project_scan.gd")
const BridgeConnectionCheck := preload("../../lib/connection_check.gd")
const BridgeConfigWarnings := preload("lib/config_warnings.gd")


func commands() -> Array:
	return [
		{
			"method": "analysis.scene_complexity",
			"summary": "Node count, depth, node types, scripts, instanced scenes, connections and configuration warnings of a scene. The open scene's warnings are the editor's own (its Scene dock: the engine's node checks and @tool scripts'); a scene file not open has only its @tool scripts' (warnings_from says which).",
			"params": [opt("path", "string", "Scene file (default, or the open scene's own: the open scene as it is now)", "")],
			"example": {"path": "res://scenes/main.tscn"},
			"read_only": true,
			"returns": {"scene": "string", "nodes": "int", "max_depth": "int", "types": [{"type": "string", "count": "int"}],
					"scripts": "Dictionary", "instanced_scenes": "Dictionary", "connections": "int",
					"warnings": [{"node": "string", "warnings": ["string"]}], "warnings_from": "string"},
			"handler": _complexity,
		},
		{
			"method": "analysis.signal_flow",
			"summary": "Every saved signal connection of a scene: emitter, signal, receiver, method, flags; grouped by emitter. One to a method or node that is not there is marked dangling, with why (the game would drop it without an error).",
			"params": [opt("path", "string", "Scene file (default: the open scene, as it is now)", "")],
			"example": {},
			"read_only": true,
			"returns": {"scene": "string", "count": "int", "connections": [{"from": "string", "signal": "string", "to": "string",
					"method": "string", "flags": "int", "dangling?": "bool", "why?": "string"}], "by_emitter": "Dictionary"},
			"handler": _signal_flow,
		},
		{
			"method": "analysis.circular_dependencies",
			"summary": "Scenes and resources that depend on each other in a circle (a scene instancing one that instances it), which Godot cannot load.",
			"params": [opt("include_addons", "bool", "Look inside addons/ too", false)],
			"example": {},
			"read_only": true,
			"returns": {"cycles": [["string"]], "count": "int", "checked": "int"},
			"handler": _cycles,
		},
	]


func _complexity(bc: BridgeCall) -> Variant:
	var p := bc.params
	var got: Variant = _scene_root(p.path, true)
	if got is BridgeError:
		return got
	var root: Node = got.root
	var types := {}
	var scripts := {}
	var instances := {}
	var warnings: Array = []
	# the editor's own warnings where it shows them (the open scene), else what the scene's @tool scripts say
	var shown: Variant = null if got.free else BridgeConfigWarnings.of_open_scene()
	var stats := {"nodes": 0, "max_depth": 0, "connections": 0}
	_walk(root, root, 0, func(node: Node, depth: int) -> void:
		stats.nodes += 1
		stats.max_depth = maxi(stats.max_depth, depth)
		types[node.get_class()] = types.get(node.get_class(), 0) + 1
		if node.get_script():
			scripts[node.get_script().resource_path] = scripts.get(node.get_script().resource_path, 0) + 1
		if node != root and node.scene_file_path != "":
			instances[node.scene_file_path] = instances.get(node.scene_file_path, 0) + 1
		for c: Dictionary in node.get_incoming_connections():
			if c.flags & CONNECT_PERSIST:
				stats.connections += 1
		var w: PackedStringArray = shown.get(str(node.get_path()), PackedStringArray()) if shown is Dictionary \
				else BridgeConfigWarnings.of_script(node)
		if not w.is_empty():
			warnings.append({"node": _rel(root, node), "warnings": Array(w)}))
	var by_type: Array = types.keys().map(func(t: String) -> Dictionary: return {"type": t, "count": types[t]})
	by_type.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.count > b.count or (a.count == b.count and a.type < b.type))
	if got.free:
		root.free()
	return {"scene": got.path, "nodes": stats.nodes, "max_depth": stats.max_depth, "types": by_type, "scripts": scripts,
			"instanced_scenes": instances, "connections": stats.connections, "warnings": warnings,
			"warnings_from": "editor" if shown is Dictionary else "scripts"}


func _signal_flow(bc: BridgeCall) -> Variant:
	var p := bc.params
	var got: Variant = _scene_root(p.path)
	if got is BridgeError:
		return got
	var root: Node = got.root
	var out: Array = []
	_walk(root, root, 0, func(node: Node, _depth: int) -> void:
		for sig: Dictionary in node.get_signal_list():
			for c: Dictionary in node.get_signal_connection_list(sig.name):
				var target: Object = c.callable.get_object()
				if not c.flags & CONNECT_PERSIST or not target is Node or not (target == root or root.is_ancestor_of(target)):
					continue
				var edge := {"from": _rel(root, node), "signal": str(sig.name), "to": _rel(root, target),
						"method": str(c.callable.get_method()), "flags": c.flags}
				var why := BridgeConnectionCheck.method_problem(target, edge.method, edge.to)
				if why != "":
					edge.merge({"dangling": true, "why": why})
				out.append(edge))
	if got.free:  # a scene file: what its instance dropped (a receiver or emitter that is not there) is in its saved state
		for c: Dictionary in BridgeConnectionCheck.of_scene(got.path, false):
			if str(c.problem).begins_with("no node"):
				out.append({"from": c.node, "signal": c["signal"], "to": c.to, "method": c.method,
						"flags": CONNECT_PERSIST, "dangling": true, "why": c.problem})
	var by_emitter := {}
	for c: Dictionary in out:
		by_emitter.get_or_add(c.from, []).append("%s -> %s.%s" % [c.signal, c.to, c.method])
	if got.free:
		root.free()
	return {"scene": got.path, "count": out.size(), "connections": out, "by_emitter": by_emitter}


func _cycles(c: BridgeCall) -> Variant:
	var p := c.params
	var graph := {}
	for file: String in BridgeProjectScan.files("res://", p.include_addons):
		if file.get_extension() in ["tscn", "scn", "tres", "res"]:
			graph[file] = BridgeProjectScan.dependencies(file).filter(func(d: String) -> bool: return d.get_extension() in ["tscn", "scn", "tres", "res"])
	var cycles: Array = []
	var seen := {}
	for start: String in graph:
		_find_cycles(start, graph, [], seen, cycles)
	return {"cycles": cycles, "count": cycles.size(), "checked": graph.size()}


## DFS from `node`; a path back into the current chain is a cycle, reported once from its smallest member.
func _find_cycles(node: String, graph: Dictionary, chain: Array, seen: Dictionary, cycles: Array) -> void:
	var at := chain.find(node)
	if at >= 0:
		var cycle: Array = chain.slice(at)
		var start := cycle.find(cycle.min())
		cycle = cycle.slice(start) + cycle.slice(0, start)
		if not cycle in cycles:
			cycles.append(cycle)
		return
	if seen.has(node):
		return
	chain.append(node)
	for dep: String in graph.get(node, []):
		_find_cycles(dep, graph, chain, seen, cycles)
	chain.pop_back()
	seen[node] = true


## {root, path, free}: the open scene (with `own_path`, also for its own file's path), or a scene file instantiated
## apart (free it after), or a BridgeError.
func _scene_root(path: String, own_path: bool = false) -> Variant:
	var open := BridgeSceneAccess.root()
	if path == "" or (own_path and open != null and path == open.scene_file_path):
		var r: Variant = BridgeSceneAccess.require_root()
		if r is BridgeError:
			return r
		return {"root": r, "path": r.scene_file_path, "free": false}
	if not path.begins_with("res://") or not path.get_extension() in ["tscn", "scn"] or not ResourceLoader.exists(path):
		return BridgeError.not_found("no scene file at '%s'" % path, {"param": "path"})
	var packed := load(path) as PackedScene
	var root: Node = packed.instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE) if packed else null
	if root == null:
		return BridgeError.failed(("%s cannot be instantiated (broken or cyclic); analysis.circular_dependencies and " +
				"cleanup.broken_references tell why") % path)
	return {"root": root, "path": path, "free": true}


## Calls visit(node, depth) for the root and every node the scene owns (not the insides of instanced scenes).
func _walk(root: Node, node: Node, depth: int, visit: Callable) -> void:
	visit.call(node, depth)
	if node != root and node.scene_file_path != "":
		return
	for child in node.get_children():
		if child.owner == root:
			_walk(root, child, depth + 1, visit)


static func _rel(root: Node, node: Node) -> String:
	return "." if node == root else str(root.get_path_to(node))
