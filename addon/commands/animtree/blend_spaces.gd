@tool
extends "../../core/command_group.gd"
## animtree.*, blend spaces: add a clip (or a nested graph) as a point of a 1D or 2D blend space, remove a
## point. Undoable; 2D spaces with auto_triangles re-triangulate themselves.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeTreeAccess := preload("lib/anim_tree_access.gd")


func commands() -> Array:
	return [
		{
			"method": "animtree.add_blend_point",
			"summary": "Add a point to a 1D (at) or 2D (position) blend space: an animation clip or a nested state machine / blend tree.",
			"params": [
				node_param("tree", "The AnimationTree", true, null, "AnimationTree"),
				req("blend_space", "string", "Path of the blend space in the graph: '' if it is the root, 'Move' for a state"),
				opt("animation", "string", "The clip at this point (kind animation)"),
				choice("kind", BridgeTreeAccess.ROOT_KINDS, "What sits at the point", "animation"),
				opt("at", "float", "Position in a 1D blend space"),
				opt("position", "Vector2", "Position in a 2D blend space"),
			],
			"example": {"tree": "/root/Main/AnimationTree", "blend_space": "Move", "animation": "walk", "at": 1.0},
			"example_setup": [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}},
					{"method": "animation.create", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8}},
					{"method": "animtree.create", "params": {"player": "/root/Main/AnimationPlayer"}},
					{"method": "animtree.add_node", "params": {"tree": "/root/Main/AnimationTree", "name": "Move", "kind": "blend_space_1d"}}],
			"undo": "scene",
			"returns": {"blend_space": "string", "index": "int", "kind": "string", "points": [{"index": "int", "kind": "string", "position": "any"}],
					"min_space": "any", "max_space": "any"},
			"handler": _add,
		},
		{
			"method": "animtree.remove_blend_point",
			"summary": "Remove a blend-space point by index (animtree.structure lists them); undoable.",
			"params": [
				node_param("tree", "The AnimationTree", true, null, "AnimationTree"),
				req("blend_space", "string", "Path of the blend space in the graph"),
				req("index", "int", "Point index", {"min": 0}),
			],
			"example": {"tree": "/root/Main/AnimationTree", "blend_space": "Move", "index": 0},
			"example_setup": [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}},
					{"method": "animation.create", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8}},
					{"method": "animtree.create", "params": {"player": "/root/Main/AnimationPlayer"}},
					{"method": "animtree.add_node", "params": {"tree": "/root/Main/AnimationTree", "name": "Move", "kind": "blend_space_1d"}},
					{"method": "animtree.add_blend_point", "params": {"tree": "/root/Main/AnimationTree", "blend_space": "Move", "animation": "walk", "at": 1.0}}],
			"destructive": true,
			"undo": "scene",
			"returns": {"blend_space": "string", "removed": "int", "point_count": "int"},
			"handler": _remove,
		},
	]


func _space(p: Dictionary) -> Variant:
	var t: Variant = BridgeTreeAccess.tree(p.tree)
	if t is BridgeError:
		return t
	var bs: Variant = BridgeTreeAccess.node_at(t, p.blend_space, "blend_space")
	if bs is BridgeError:
		return bs
	if not (bs is AnimationNodeBlendSpace1D or bs is AnimationNodeBlendSpace2D):
		return BridgeError.invalid("'%s' is a %s, not a blend space" % [p.blend_space, BridgeTreeAccess.kind_of(bs)],
				{"param": "blend_space"})
	return [t, bs]


func _add(c: BridgeCall) -> Variant:
	var p := c.params
	var found: Variant = _space(p)
	if found is BridgeError:
		return found
	var bs: AnimationRootNode = found[1]
	var two_d := bs is AnimationNodeBlendSpace2D
	var pos: Variant
	if two_d:
		if not p.has("position") or p.has("at"):
			return c.invalid("a 2D blend space takes position [x, y] (not at)", {"param": "position"})
		pos = p.position
		if pos.x < bs.min_space.x or pos.y < bs.min_space.y or pos.x > bs.max_space.x or pos.y > bs.max_space.y:
			return c.invalid("position %s is outside the space %s..%s" % [pos, bs.min_space, bs.max_space],
					{"param": "position"})
	else:
		if not p.has("at") or p.has("position"):
			return c.invalid("a 1D blend space takes at (a number, not position)", {"param": "at"})
		pos = p.at
		if pos < bs.min_space or pos > bs.max_space:
			return c.invalid("at %s is outside the space %s..%s" % [pos, bs.min_space, bs.max_space], {"param": "at"})
	var node: Variant = BridgeTreeAccess.make(found[0], p.kind, p.get("animation", ""), {})
	if node is BridgeError:
		return node
	var index: int = bs.get_blend_point_count()
	var ur := BridgeSceneAccess.action(c.step, "add blend point to %s" % p.blend_space)
	ur.add_do_method(bs, "add_blend_point", node, pos)
	ur.add_undo_method(bs, "remove_blend_point", index)
	ur.commit_action()
	if bs.get_blend_point_count() != index + 1:
		return c.failed("the blend space refused the point")
	var out := BridgeTreeAccess.describe(bs)
	out["index"] = index
	out["blend_space"] = p.blend_space
	return out


func _remove(c: BridgeCall) -> Variant:
	var p := c.params
	var found: Variant = _space(p)
	if found is BridgeError:
		return found
	var bs: AnimationRootNode = found[1]
	if p.index >= bs.get_blend_point_count():
		return c.invalid("index %d is out of range: '%s' has %d points" % [p.index, p.blend_space,
				bs.get_blend_point_count()], {"param": "index"})
	var ur := BridgeSceneAccess.action(c.step, "remove blend point %d of %s" % [p.index, p.blend_space])
	ur.add_do_method(bs, "remove_blend_point", p.index)
	ur.add_undo_method(bs, "add_blend_point", bs.get_blend_point_node(p.index), bs.get_blend_point_position(p.index), p.index)
	ur.commit_action()
	return {"blend_space": p.blend_space, "removed": p.index, "point_count": bs.get_blend_point_count()}
