extends RefCounted
## Waiting and watching in the game: for a node to exist, for a signal, and a property sampled over frames.
## Each wait ends by its own timeout, so the reply always comes before the editor gives up.

const BridgeIpc := preload("ipc.gd")
const BridgeJsonValue := preload("../core/json_value.gd")

var _tree: SceneTree
var _nodes: RefCounted


func _init(game: Node) -> void:  # game/inspector.gd, typed by its engine class (the rule atop inspector.gd)
	_tree = game.get_tree()
	_nodes = game.part("nodes.gd")


func handlers() -> Dictionary:
	return {"runtime.wait_for_node": wait_for_node, "runtime.await_signal": await_signal, "runtime.watch": watch}


func wait_for_node(p: Dictionary, _call_id: String = "") -> Variant:
	var timeout_ms: int = p.get("timeout_ms", 5000)
	var start := Time.get_ticks_msec()
	var frames := 0
	while true:
		var node: Variant = _nodes.resolve(p.node_path)
		if node is Node:
			return {"node": str(node.get_path()), "type": node.get_class(), "frames": frames, "elapsed_ms": Time.get_ticks_msec() - start}
		if Time.get_ticks_msec() - start >= timeout_ms:
			return BridgeIpc.error(BridgeIpc.TIMEOUT, "no node '%s' appeared within %d ms" % [p.node_path, timeout_ms])
		await _tree.process_frame
		frames += 1
	return null


func await_signal(p: Dictionary, _call_id: String = "") -> Variant:
	var node: Variant = _nodes.resolve(p.node_path)
	if node is Dictionary:
		return node
	var sig: String = p.signal
	if not node.has_signal(sig):
		var names: Array = node.get_signal_list().map(func(s: Dictionary) -> String: return s.name)
		return BridgeIpc.error(BridgeIpc.NOT_FOUND, "%s (%s) has no signal '%s'; it has: %s" % [node.get_path(), node.get_class(), sig,
				", ".join(PackedStringArray(names.slice(0, 30)))])
	var timeout_ms: int = p.get("timeout_ms", 5000)
	var state := {"args": null}
	var argc: int = 0
	for s: Dictionary in node.get_signal_list():
		if s.name == sig:
			argc = s.args.size()
	# a Callable with the signal's exact arity: an unbound variadic lambda would refuse extra arguments
	var catcher := func(a: Variant = null, b: Variant = null, c: Variant = null, d: Variant = null, e: Variant = null, f: Variant = null) -> void:
		if state.args == null:
			state.args = [a, b, c, d, e, f].slice(0, argc)
	node.connect(sig, catcher, CONNECT_ONE_SHOT)
	var start := Time.get_ticks_msec()
	var frames := 0
	while state.args == null:
		if Time.get_ticks_msec() - start >= timeout_ms:
			if is_instance_valid(node) and node.is_connected(sig, catcher):
				node.disconnect(sig, catcher)
			return BridgeIpc.error(BridgeIpc.TIMEOUT, "%s did not emit '%s' within %d ms" % [p.node_path, sig,
					timeout_ms])
		await _tree.process_frame
		frames += 1
	return {"node": str(p.node_path), "signal": sig, "args": BridgeJsonValue.to_json(state.args), "frames": frames,
			"elapsed_ms": Time.get_ticks_msec() - start}


## Samples properties every `interval_frames` frames (physics frames with in_physics), `samples` times.
func watch(p: Dictionary, _call_id: String = "") -> Variant:
	var node: Variant = _nodes.resolve(p.node_path)
	if node is Dictionary:
		return node
	var props: Array = p.properties
	var samples: int = p.get("samples", 10)
	var interval: int = p.get("interval_frames", 1)
	var physics: bool = p.get("in_physics", false)
	var rows: Array = []
	for i in samples:
		if i > 0:
			for _w in interval:
				await (_tree.physics_frame if physics else _tree.process_frame)
		if not is_instance_valid(node):
			return BridgeIpc.error(BridgeIpc.FAILED, "%s left the tree after %d samples" % [p.node_path, rows.size()], {"samples": rows})
		var values := {}
		for prop: Variant in props:
			values[str(prop)] = BridgeJsonValue.to_json(node.get_indexed(NodePath(str(prop))))
		rows.append({"frame": Engine.get_process_frames(), "physics_frame": Engine.get_physics_frames(), "values": values})
	return {"node": str(node.get_path()), "samples": rows}
