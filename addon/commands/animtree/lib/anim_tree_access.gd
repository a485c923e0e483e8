@tool
extends RefCounted
## AnimationTree graphs as the animtree commands see them: the tree node, nested nodes by a slash path of
## names from the root ("" is the root, "Locomotion/Run" a node inside the Locomotion state machine or blend
## tree), the node kinds by short name, and a JSON description of the whole graph.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeParams := preload("../../../core/params.gd")
const BridgeSceneAccess := preload("../../../lib/scene_access.gd")
const BridgePropertyPath := preload("../../../lib/property_path.gd")

## Short names → AnimationRootNode classes.
const KINDS := {
	"animation": "AnimationNodeAnimation", "state_machine": "AnimationNodeStateMachine",
	"blend_tree": "AnimationNodeBlendTree", "blend_space_1d": "AnimationNodeBlendSpace1D",
	"blend_space_2d": "AnimationNodeBlendSpace2D", "blend2": "AnimationNodeBlend2", "blend3": "AnimationNodeBlend3",
	"add2": "AnimationNodeAdd2", "add3": "AnimationNodeAdd3", "sub2": "AnimationNodeSub2",
	"one_shot": "AnimationNodeOneShot", "time_scale": "AnimationNodeTimeScale", "time_seek": "AnimationNodeTimeSeek",
	"transition": "AnimationNodeTransition",
}
## Kinds that can be a tree's root or a state-machine state (the rest only live inside blend trees).
const ROOT_KINDS := ["animation", "state_machine", "blend_tree", "blend_space_1d", "blend_space_2d"]


## The sweeps' setup for the state-machine examples: a player with a clip "walk", and a tree whose state
## machine goes Idle → Walk when "moving".
const EXAMPLE_STATE_MACHINE := [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}},
		{"method": "animation.create", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8}},
		{"method": "animtree.create", "params": {"player": "/root/Main/AnimationPlayer"}},
		{"method": "animtree.add_node", "params": {"tree": "/root/Main/AnimationTree", "name": "Idle", "kind": "animation", "animation": "walk"}},
		{"method": "animtree.add_node", "params": {"tree": "/root/Main/AnimationTree", "name": "Walk", "kind": "animation", "animation": "walk"}},
		{"method": "animtree.set_transition", "params": {"tree": "/root/Main/AnimationTree", "from": "Idle", "to": "Walk",
			"advance_condition": "moving"}}]


## The AnimationTree (the router has resolved and class-checked it), or a BridgeError when it has no graph.
static func tree(node: AnimationTree) -> Variant:
	if node.tree_root == null:
		return BridgeError.failed("%s has no tree_root; animtree.create makes one" % BridgeSceneAccess.path_of(node))
	return node


## The AnimationNode at `path` ("" = the root), or NOT_FOUND naming the children of the deepest match.
static func node_at(t: AnimationTree, path: String, param: String = "graph") -> Variant:
	var node: AnimationNode = t.tree_root
	var walked := ""
	for part in path.split("/", false):
		var names := child_names(node)
		if not part in names:
			var guess := BridgeParams.did_you_mean(part, names)
			return BridgeError.not_found("no node '%s' in %s (%s)%s; it has: %s" % [part, walked if walked else "the root",
					node.get_class(), " (did you mean '%s'?)" % guess if guess else "", ", ".join(PackedStringArray(names)) if names
					else "none"], {"param": param, "suggestion": guess})
		node = node.get_node(part)
		walked += ("/" if walked else "") + part
	return node


## Child names of a state machine or blend tree (others have none).
static func child_names(node: AnimationNode) -> Array:
	if node is AnimationNodeStateMachine or node is AnimationNodeBlendTree:
		return Array(node.get_node_list()).map(func(n: StringName) -> String: return str(n))
	return []


## A new node of a short kind, with its clip (checked against the tree's player) and properties coerced;
## or a BridgeError.
static func make(t: AnimationTree, kind: String, animation: String, properties: Dictionary) -> Variant:
	var node: AnimationNode = ClassDB.instantiate(KINDS[kind])
	if kind == "animation":
		if animation == "":
			return BridgeError.invalid("an animation node needs animation: a clip of the tree's player", {"param": "animation"})
		var bad: Variant = check_clip(t, animation)
		if bad:
			return bad
		node.animation = animation
	elif animation != "":
		return BridgeError.invalid("animation applies to animation nodes only, not %s" % kind, {"param": "animation"})
	var refused: Variant = BridgePropertyPath.apply_new(node, properties, "animtree.add_node")
	return refused if refused != null else node


## Null when the tree's player has the clip, else NOT_FOUND listing the clips.
static func check_clip(t: AnimationTree, animation: String) -> Variant:
	if t.has_animation(animation):
		return null
	var names := Array(t.get_animation_list())
	var guess := BridgeParams.did_you_mean(animation, names)
	return BridgeError.not_found("the tree's animation player has no clip '%s'%s; clips: %s" % [animation,
			" (did you mean '%s'?)" % guess if guess else "", ", ".join(PackedStringArray(names)) if names else "none (set anim_player)"],
			{"param": "animation", "suggestion": guess})


static func kind_of(node: AnimationNode) -> String:
	var k: Variant = KINDS.find_key(node.get_class())
	if k == null and node.get_class() == "AnimationNodeStartState":
		return "start"
	if k == null and node.get_class() == "AnimationNodeEndState":
		return "end"
	return k if k != null else node.get_class()


## The graph below `node` as JSON: states and transitions, blend-tree nodes and connections, blend points.
static func describe(node: AnimationNode) -> Dictionary:
	var out := {"kind": kind_of(node)}
	if node is AnimationNodeAnimation:
		out["animation"] = str(node.animation)
	elif node is AnimationNodeStateMachine:
		var states: Array = []
		for n: StringName in node.get_node_list():
			var d := describe(node.get_node(n))
			d["name"] = str(n)
			d["position"] = node.get_node_position(n)
			states.append(d)
		var transitions: Array = []
		for i: int in node.get_transition_count():
			transitions.append(describe_transition(node, i))
		out["states"] = states
		out["transitions"] = transitions
	elif node is AnimationNodeBlendTree:
		var nodes: Array = []
		for n: StringName in node.get_node_list():
			var d := describe(node.get_node(n)) if n != &"output" else {"kind": "output"}
			d["name"] = str(n)
			d["position"] = node.get_node_position(n)
			nodes.append(d)
		out["nodes"] = nodes
		out["connections"] = connections(node)
	elif node is AnimationNodeBlendSpace1D or node is AnimationNodeBlendSpace2D:
		var points: Array = []
		for i: int in node.get_blend_point_count():
			var d := describe(node.get_blend_point_node(i))
			d["index"] = i
			d["position"] = node.get_blend_point_position(i)
			points.append(d)
		out["points"] = points
		out["min_space"] = node.min_space
		out["max_space"] = node.max_space
	return out


static func describe_transition(sm: AnimationNodeStateMachine, i: int) -> Dictionary:
	var transition := sm.get_transition(i)
	return {"from": str(sm.get_transition_from(i)), "to": str(sm.get_transition_to(i)),
			"switch_mode": ["immediate", "sync", "at_end"][transition.switch_mode],
			"advance_mode": ["disabled", "enabled", "auto"][transition.advance_mode], "advance_condition": str(transition.advance_condition),
			"advance_expression": transition.advance_expression, "xfade_time": transition.xfade_time, "priority": transition.priority}


## A blend tree's connections as [{from, to, port}] (the engine keeps them as [to, port, from, …]).
static func connections(bt: AnimationNodeBlendTree) -> Array:
	var raw: Array = bt.get("node_connections")
	var out: Array = []
	for i in range(0, raw.size() - 2, 3):
		out.append({"to": str(raw[i]), "port": raw[i + 1], "from": str(raw[i + 2])})
	return out
