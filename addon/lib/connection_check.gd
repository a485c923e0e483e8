@tool
extends RefCounted
## The one check of a scene's saved signal connections: each whose emitting or receiving node is not there, or
## whose method the receiver lacks (its script's, inherited ones included, or its engine class's). Godot 4 drops
## such a call at run time without a word (measured on 4.6), so only this says so. test.scenes_load fails a scene
## with one; scene.play warns of them in its answer and in runtime.errors / editor.errors; node.signals and
## analysis.signal_flow mark them `dangling`; script.edit / script.function_set name the ones their change breaks.

const BridgeOutputLog := preload("../core/output_log.gd")
const BridgeFileOps := preload("file_ops.gd")

## A dangling connection as every command reports it.
const SHAPE := {"scene": "string", "node": "string", "signal": "string", "to": "string", "method": "string", "problem": "string"}


## The connections saved in `state` (instantiated as `root`) that dangle: [{scene, node (the emitter), signal,
## to (the receiver), method, problem}], node paths relative to the scene's root.
static func dangling(state: SceneState, root: Node, scene: String) -> Array:
	var out: Array = []
	for i: int in state.get_connection_count():
		var from := state.get_connection_source(i)
		var to := state.get_connection_target(i)
		var method := String(state.get_connection_method(i))
		var problem := ""
		if root.get_node_or_null(from) == null:
			problem = "no node at %s" % from
		elif root.get_node_or_null(to) == null:
			problem = "no node at %s" % to
		else:
			problem = method_problem(root.get_node(to), method, str(to))
		if problem != "":
			out.append({"scene": scene, "node": str(from), "signal": String(state.get_connection_signal(i)), "to": str(to),
					"method": method, "problem": problem})
	return out


## The dangling connections of a scene file and, with `deep`, of every scene it instances (each its own saved
## connections). The scenes are loaded apart from the editor's copies and freed.
static func of_scene(path: String, deep: bool = true, seen: Dictionary = {}) -> Array:
	var out: Array = []
	if seen.has(path) or not ResourceLoader.exists(path):
		return out
	seen[path] = true
	var packed := ResourceLoader.load(path, "PackedScene", ResourceLoader.CACHE_MODE_IGNORE) as PackedScene
	if packed == null or not packed.can_instantiate():
		return out
	var root := packed.instantiate(PackedScene.GEN_EDIT_STATE_DISABLED)
	if root == null:
		return out
	out.append_array(dangling(packed.get_state(), root, path))
	root.free()
	if deep:
		for dep: String in ResourceLoader.get_dependencies(path):
			var target := dep.get_slice("::", dep.get_slice_count("::") - 1)
			if target.get_extension() in ["tscn", "scn"]:
				out.append_array(of_scene(target, true, seen))
	return out


## "" when `target` has `method` (its script's, inherited or built in), else why not, naming the node as `name`.
static func method_problem(target: Object, method: String, name: String) -> String:
	if target.has_method(method):
		return ""
	var held: Variant = target.get_script()
	var script: Script = held if held is Script else null
	if script != null and script.get_instance_base_type() == &"":
		return "%s's script %s does not compile, so it has no method %s" % [name, script.resource_path, method]
	if script != null:
		return "%s has no method %s (not in its script %s nor its class %s)" % [name, method, script.resource_path, target.get_class()]
	return "%s (a %s with no script) has no method %s" % [name, target.get_class(), method]


## One line for an agent: what is connected to what, and why it does nothing.
static func describe(c: Dictionary) -> String:
	return "%s: signal %s of %s is connected to method %s of %s, which the game will not call: %s (Godot drops it without an error)" % [
			c.scene, c["signal"], c.node, c.method, c.to, c.problem]


## scene.play's check of the scene it started: the dangling connections, each also a warning of the game `pid`
## in the editor's log (runtime.errors and editor.errors list it with the game's own entries).
static func at_play(scene: String, pid: int, play: int = 0) -> Array:
	var found := of_scene(scene)
	var output: BridgeOutputLog = BridgeOutputLog.active
	if output != null:
		for c: Dictionary in found:
			var entry := c.duplicate()
			entry.merge({"type": "warning", "message": describe(c), "pid": pid, "check": "connections"})
			output.ingest(entry, "game", play)  # this play's: runtime.errors answers the current play
	return found


## What replacing a script's text `before` with `after` breaks: the connections of the scenes using the script (its
## file's dependents) to a method of a node running it that `before` declared and `after` does not, which now
## dangle: [{scene, node, signal, to, method}] (empty when no method went).
static func broken_by(path: String, before: String, after: String) -> Array:
	var out: Array = []
	var kept := _functions(after)
	var removed := _functions(before).filter(func(name: String) -> bool: return not name in kept)
	if removed.is_empty():
		return out
	for scene: String in BridgeFileOps.dependents(path):
		if not scene.get_extension() in ["tscn", "scn"]:
			continue
		for c: Dictionary in of_scene(scene, false):
			if c.method in removed and str(c.problem).contains(path):  # the receiver runs that script
				out.append({"scene": c.scene, "node": c.node, "signal": c["signal"], "to": c.to, "method": c.method})
	return out


## The names of a GDScript text's top-level functions.
static func _functions(text: String) -> Array:
	var out: Array = []
	for m: RegExMatch in RegEx.create_from_string("(?m)^(?:static\\s+)?func\\s+([A-Za-z_]\\w*)").search_all(text):
		out.append(m.get_string(1))
	return out
