@tool
extends "../../core/command_group.gd"
## animtree.*, graph nodes: add and remove states of a state machine or nodes of a blend tree (any depth),
## and wire blend-tree inputs. Each change is one undoable action.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeTreeAccess := preload("lib/anim_tree_access.gd")

const RESERVED := ["Start", "End", "output"]


func commands() -> Array:
	return [
		{
			"method": "animtree.add_node",
			"summary": "Add a state to a state machine or a node to a blend tree: an animation clip, a nested state machine, blend tree or blend space, or a blend-tree operator.",
			"params": [
				node_param("tree", "The AnimationTree", true, null, "AnimationTree"),
				req("name", "string", "Name of the new state or node"),
				choice("kind", BridgeTreeAccess.KINDS.keys(), "What to add (state machines take animation, state_machine, blend_tree, blend_space_1d, blend_space_2d)", "animation"),
				opt("graph", "string", "The state machine or blend tree to add to: '' for the root, 'Locomotion' for a nested one", ""),
				opt("animation", "string", "The clip, for kind animation"),
				opt("position", "Vector2", "Position in the graph editor", [0, 0]),
				properties_param("properties", "Properties of the new node, e.g. {\"min_space\": [-1, -1]} for a blend space, {\"fadein_time\": 0.2} for a one_shot"),
			],
			"example": {"tree": "/root/Main/AnimationTree", "name": "Walk", "kind": "animation", "animation": "walk",
					"position": [200, 100]},
			"example_setup": [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}},
					{"method": "animation.create", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8}},
					{"method": "animtree.create", "params": {"player": "/root/Main/AnimationPlayer"}}],
			"example_refused": {"name": "Move", "kind": "blend_space_1d", "animation": "", "properties": {"min_space": 5}},
			"undo": "scene",
			"returns": {"name": "string", "graph": "string", "kind": "string", "position": "Vector2", "animation?": "string"},
			"handler": _add,
		},
		{
			"method": "animtree.remove_node",
			"summary": "Remove a state (and its transitions) or a blend-tree node (and its connections); undo restores them.",
			"params": [
				node_param("tree", "The AnimationTree", true, null, "AnimationTree"),
				req("name", "string", "The state or node to remove"),
				opt("graph", "string", "The state machine or blend tree holding it ('' for the root)", ""),
			],
			"example": {"tree": "/root/Main/AnimationTree", "name": "Walk"},
			"example_setup": [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}},
					{"method": "animation.create", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8}},
					{"method": "animtree.create", "params": {"player": "/root/Main/AnimationPlayer"}},
					{"method": "animtree.add_node", "params": {"tree": "/root/Main/AnimationTree", "name": "Walk", "kind": "animation", "animation": "walk"}}],
			"destructive": true,
			"undo": "scene",
			"returns": {"removed": "string", "graph": "string", "transitions?": [{"from": "string", "to": "string"}],
					"connections?": [{"from": "string", "to": "string", "port": "int"}]},
			"handler": _remove,
		},
		{
			"method": "animtree.connect",
			"summary": "Wire a blend-tree node's output into an input port of another node (or of 'output'); replaces what that port had.",
			"params": [
				node_param("tree", "The AnimationTree", true, null, "AnimationTree"),
				req("from", "string", "Node whose output is used"),
				req("to", "string", "Node receiving it, or 'output'"),
				opt("port", "int", "Input port of the receiving node (blend2: 0 base, 1 blend)", 0, {"min": 0}),
				opt("graph", "string", "The blend tree ('' for the root)", ""),
			],
			"example": {"tree": "/root/Main/Blender", "from": "Walk", "to": "output"},
			"example_setup": [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}},
					{"method": "animation.create", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8}},
					{"method": "animtree.create", "params": {"player": "/root/Main/AnimationPlayer", "name": "Blender", "root_kind": "blend_tree"}},
					{"method": "animtree.add_node", "params": {"tree": "/root/Main/Blender", "name": "Walk", "animation": "walk"}}],
			"undo": "scene",
			"returns": {"from": "string", "to": "string", "port": "int", "replaced": "string",
					"connections": [{"from": "string", "to": "string", "port": "int"}]},
			"handler": _connect,
		},
	]


func _graph(p: Dictionary) -> Variant:
	var t: Variant = BridgeTreeAccess.tree(p.tree)
	if t is BridgeError:
		return t
	var g: Variant = BridgeTreeAccess.node_at(t, p.graph)
	if g is BridgeError:
		return g
	if not (g is AnimationNodeStateMachine or g is AnimationNodeBlendTree):
		return BridgeError.invalid("'%s' is a %s: nodes are added to state machines and blend trees (blend spaces take animtree.add_blend_point)" % [
				p.graph, BridgeTreeAccess.kind_of(g)], {"param": "graph"})
	return [t, g]


func _add(c: BridgeCall) -> Variant:
	var p := c.params
	var found: Variant = _graph(p)
	if found is BridgeError:
		return found
	var g: AnimationNode = found[1]
	if p.name == "" or p.name.contains("/") or p.name in RESERVED:
		return c.invalid("'%s' is not a usable name" % p.name, {"param": "name"})
	if g.has_node(p.name):
		return c.failed("'%s' already has a node '%s'" % [p.graph if p.graph else "the root", p.name], {"param": "name"})
	if g is AnimationNodeStateMachine and not p.kind in BridgeTreeAccess.ROOT_KINDS:
		return c.invalid("a state machine's states are %s; %s lives in blend trees" % [
				", ".join(PackedStringArray(BridgeTreeAccess.ROOT_KINDS)), p.kind], {"param": "kind"})
	var node: Variant = BridgeTreeAccess.make(found[0], p.kind, p.get("animation", ""), p.get("properties", {}))
	if node is BridgeError:
		return node
	var ur := BridgeSceneAccess.action(c.step, "add %s %s" % [p.kind, p.name])
	ur.add_do_method(g, "add_node", p.name, node, p.position)
	ur.add_undo_method(g, "remove_node", p.name)
	ur.commit_action()
	if not g.has_node(p.name):
		return c.failed("the graph refused the node '%s'" % p.name)
	var out := BridgeTreeAccess.describe(g.get_node(p.name))
	out["name"] = p.name
	out["graph"] = p.graph
	out["position"] = g.get_node_position(p.name)
	return out


func _remove(bc: BridgeCall) -> Variant:
	var p := bc.params
	var found: Variant = _graph(p)
	if found is BridgeError:
		return found
	var g: AnimationNode = found[1]
	if p.name in RESERVED:
		return bc.invalid("'%s' is built into the graph and cannot be removed" % p.name, {"param": "name"})
	if not g.has_node(p.name):
		return BridgeTreeAccess.node_at(found[0], (p.graph + "/" if p.graph else "") + p.name, "name")
	var node: AnimationNode = g.get_node(p.name)
	var ur := BridgeSceneAccess.action(bc.step, "remove %s" % p.name)
	ur.add_do_method(g, "remove_node", p.name)
	ur.add_undo_method(g, "add_node", p.name, node, g.get_node_position(p.name))
	var lost: Array = []
	if g is AnimationNodeStateMachine:
		for i: int in g.get_transition_count():
			var from := str(g.get_transition_from(i))
			var to := str(g.get_transition_to(i))
			if from == p.name or to == p.name:
				ur.add_undo_method(g, "add_transition", from, to, g.get_transition(i))
				lost.append({"from": from, "to": to})
	else:
		for c: Dictionary in BridgeTreeAccess.connections(g):
			if c.from == p.name or c.to == p.name:
				ur.add_undo_method(g, "connect_node", c.to, c.port, c.from)
				lost.append(c)
	ur.commit_action()
	return {"removed": p.name, "graph": p.graph, ("transitions" if g is AnimationNodeStateMachine else "connections"): lost}


func _connect(bc: BridgeCall) -> Variant:
	var p := bc.params
	var found: Variant = _graph(p)
	if found is BridgeError:
		return found
	var g: AnimationNode = found[1]
	if not g is AnimationNodeBlendTree:
		return bc.invalid("'%s' is a state machine: link states with animtree.set_transition" % p.graph, {"param": "graph"})
	for key: String in ["from", "to"]:
		if not g.has_node(p[key]):
			return BridgeTreeAccess.node_at(found[0], (p.graph + "/" if p.graph else "") + p[key], key)
	if p.from == "output":
		return bc.invalid("'output' has no output to connect from", {"param": "from"})
	var target: AnimationNode = g.get_node(p.to)
	var inputs := target.get_input_count()
	if p.port >= inputs:
		return bc.invalid("%s has %d input ports (0..%d), not %d" % [p.to, inputs, inputs - 1, p.port], {"param": "port"})
	var previous := ""
	for c: Dictionary in BridgeTreeAccess.connections(g):
		if c.to == p.to and c.port == p.port:
			previous = c.from
	if _reaches(g, p.from, p.to):
		return bc.failed("connecting %s into %s would make a cycle" % [p.from, p.to])
	var ur := BridgeSceneAccess.action(bc.step, "connect %s to %s:%d" % [p.from, p.to, p.port])
	ur.add_do_method(g, "connect_node", p.to, p.port, p.from)
	if previous != "":
		ur.add_undo_method(g, "connect_node", p.to, p.port, previous)
	else:
		ur.add_undo_method(g, "disconnect_node", p.to, p.port)
	ur.commit_action()
	var now := BridgeTreeAccess.connections(g).filter(func(c: Dictionary) -> bool: return c.to == p.to and c.port == p.port)
	if now.is_empty() or now[0].from != p.from:
		return bc.failed("the blend tree refused the connection %s → %s:%d" % [p.from, p.to, p.port])
	return {"from": p.from, "to": p.to, "port": p.port, "replaced": previous,
			"connections": BridgeTreeAccess.connections(g)}


## True when `to` already feeds `from` (directly or not): connecting from → to would close a loop.
func _reaches(g: AnimationNodeBlendTree, from: String, to: String) -> bool:
	if from == to:
		return true
	var feeds := {}
	for c: Dictionary in BridgeTreeAccess.connections(g):
		feeds.get_or_add(c.to, []).append(c.from)
	var stack: Array = [from]
	var seen := {}
	while not stack.is_empty():
		var n: String = stack.pop_back()
		if n == to:
			return true
		if seen.has(n):
			continue
		seen[n] = true
		stack.append_array(feeds.get(n, []))
	return false
