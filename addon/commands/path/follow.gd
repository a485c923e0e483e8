@tool
extends "../../core/command_group.gd"
## path.*, reading and following: a path's points, baked length and evenly spaced samples, and a
## PathFollow2D/3D placed on it (optionally carrying an existing node along).

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeCurves := preload("curves.gd")


func commands() -> Array:
	return [
		{
			"method": "path.info",
			"summary": "A path's points with tangents, its baked length, and optionally evenly spaced samples along it.",
			"params": [
				node_param("node_path", "Path2D or Path3D", true, null, BridgeCurves.PATHS),
				opt("samples", "int", "Evenly spaced positions to return along the curve (0: none)", 0, {"min": 0, "max": 10000}),
			],
			"example": {"node_path": "/root/Main/Track", "samples": 5},
			"example_setup": [BridgeCurves.TRACK],
			# a path without a curve has only the first five fields
			"returns": BridgeCurves.DESCRIBED.merged({"bake_interval?": "float", "closed?": "bool", "samples?": ["Vector2|Vector3"]}),
			"read_only": true,
			"handler": _info,
		},
		{
			"method": "path.add_follow",
			"summary": "Add a PathFollow2D/3D on a path at a progress, and optionally move an existing node under it so it rides the path.",
			"params": [
				node_param("node_path", "Path2D or Path3D", true, null, BridgeCurves.PATHS),
				new_name_param("name", "Node name (default: PathFollow2D/3D, made unique)", "", "node_path"),
				opt("progress_ratio", "float", "Where on the path, 0..1", 0.0, {"min": 0, "max": 1}),
				opt("loop", "bool", "Wrap around at the ends", true),
				opt("rotates", "bool", "Turn with the path", true),
				node_param("carry", "A node to move under the follow (keeps its local transform)", false),
			],
			"example": {"node_path": "/root/Main/Track", "name": "Cart", "progress_ratio": 0.5},
			"example_setup": [BridgeCurves.TRACK],
			"returns": {"path": "string", "type": "string", "progress_ratio": "float", "progress": "float", "carried?": "string"},
			"undo": "scene",
			"handler": _add_follow,
		},
	]


func _info(bc: BridgeCall) -> Variant:
	var p := bc.params
	var node: Node = p.node_path
	var c: Resource = node.curve
	if c == null:
		return {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(), "point_count": 0, "points": [], "baked_length": 0.0}
	var points: Array = []
	for i: int in c.point_count:
		var entry := {"position": c.get_point_position(i), "in": c.get_point_in(i), "out": c.get_point_out(i)}
		if c is Curve3D:
			entry["tilt"] = c.get_point_tilt(i)
		points.append(entry)
	var length: float = c.get_baked_length()
	var out := {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(), "point_count": c.point_count, "points": points,
			"baked_length": length, "bake_interval": c.bake_interval,
			"closed": c.point_count > 2 and c.get_point_position(0).is_equal_approx(c.get_point_position(c.point_count - 1))}
	if p.samples > 0:
		var samples: Array = []
		for i: int in p.samples:
			var offset: float = length * (float(i) / max(1, p.samples - 1))
			samples.append(c.sample_baked(offset, true))
		out["samples"] = samples
	return out


func _add_follow(c: BridgeCall) -> Variant:
	var p := c.params
	var path_node: Node = p.node_path
	var carried: Node = null
	if p.has("carry"):
		var found: Node = p.carry
		if found == BridgeSceneAccess.root() or found == path_node or found.is_ancestor_of(path_node):
			return c.invalid("cannot carry %s (the root, the path or one of its ancestors)" % BridgeSceneAccess.path_of(found),
					{"param": "carry"})
		if (path_node is Path3D) != (found is Node3D):
			return c.invalid("%s is a %s; a %s carries %s nodes" % [BridgeSceneAccess.path_of(found), found.get_class(),
					path_node.get_class(), "3D" if path_node is Path3D else "2D"], {"param": "carry"})
		carried = found
	var follow: Node = PathFollow3D.new() if path_node is Path3D else PathFollow2D.new()
	follow.loop = p.loop
	if follow is PathFollow2D:
		follow.rotates = p.rotates
	else:
		follow.rotation_mode = PathFollow3D.ROTATION_XYZ if p.rotates else PathFollow3D.ROTATION_NONE
	if p.name != "":
		follow.name = p.name
	var ur := BridgeSceneAccess.action(c.step, "add %s" % follow.get_class())
	BridgeSceneEdit.add_to_action(ur, path_node, follow)
	# progress_ratio means something only on the curve, once the follow is in the tree
	ur.add_do_property(follow, "progress_ratio", p.progress_ratio)
	if carried:
		var old_parent := carried.get_parent()
		var owners := BridgeSceneAccess.owner_pairs(carried)
		ur.add_do_method(old_parent, "remove_child", carried)
		ur.add_do_method(follow, "add_child", carried, true)
		BridgeSceneAccess.add_owner_ops(ur, owners, false)
		ur.add_undo_method(follow, "remove_child", carried)
		ur.add_undo_method(carried, "set_name", carried.name)
		ur.add_undo_method(old_parent, "add_child", carried, true)
		ur.add_undo_method(old_parent, "move_child", carried, carried.get_index())
		BridgeSceneAccess.add_owner_ops(ur, owners, true)
	ur.commit_action()
	var out := {"path": BridgeSceneAccess.path_of(follow), "type": follow.get_class(), "progress_ratio": follow.progress_ratio,
			"progress": follow.progress}
	if carried:
		out["carried"] = BridgeSceneAccess.path_of(carried)
	return out
