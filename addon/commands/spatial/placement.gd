@tool
extends "../../core/command_group.gd"
## spatial.*, placing: seat a node on the surface a ray finds, turn it to face something, align several
## nodes to a reference, arrange them in a row, grid or circle, snap them to a grid. Each command is one
## undoable action; results are read back from the scene after the change.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")

const LEVEL := "res://scenes/level_3d.tscn"
const VEC := "Vector2|Vector3"
const MOVED := [{"path": "string", "position": VEC}]
const MOVABLE := ["Node3D", "Node2D"]  # the classes spatial.align, arrange and snap_to_grid move


## An example_setup step that moves the demo's crate off where it starts (so aligning or snapping it changes it).
static func _nudge_crate(by: Array) -> Dictionary:
	return {"method": "scene3d.transform", "params": {"nodes": ["/root/Level3D/Crate"], "translate": by}}


func commands() -> Array:
	return [
		{
			"method": "spatial.place_on",
			"idempotent": true,
			"summary": "Seat a node on the surface below it (or along a direction): cast a physics ray from its bounds and move it so its bottom touches the hit, optionally tilted to the surface normal.",
			"params": [
				node_param("node_path", "Node3D or Node2D to place"),
				opt("at", "Array", "Where to drop it: [x, z] or [x, y, z] in 3D, [x] or [x, y] in 2D (default: where it is)", null, {"items": "float"}),
				vector_param("direction", "Ray direction (default: down)", false, "node_path"),
				opt("max_distance", "float", "How far the ray looks", 1000.0, {"min": 0.0}),
				node_param("surface", "Only accept a hit on this node (or its children)", false),
				layers_param("collision_mask", "physics", "Layers the ray hits: a mask, numbers or names (default: all)", "node_path"),
				opt("margin", "float", "Gap to leave between the node and the surface", 0.0),
				opt("align_to_normal", "bool", "Tilt the node so its up axis follows the surface normal", false),
			],
			"example": {"node_path": "/root/Level3D/Crate", "at": [2, 3]},
			"example_scene": LEVEL,
			"example_setup": [{"method": "physics.add_body", "params": {"type": "StaticBody3D", "parent": "/root/Level3D/Floor",
					"name": "FloorBody", "fit_to": "/root/Level3D/Floor"}}],
			"undo": "scene",
			"returns": {"path": "string", "position": VEC, "previous": VEC, "surface": "string",
					"hit": {"position": VEC, "normal": VEC}, "gap": "float"},
			"handler": _place_on,
		},
		{
			"method": "spatial.look_at",
			"idempotent": true,
			"summary": "Turn a node to face another node or a point (3D: its -Z axis, or +Z for models; 2D: its +X axis), keeping its scale.",
			"params": [
				node_param("node_path", "Node to turn"),
				node_param("target", "Node to face", false),
				vector_param("point", "Point to face instead of a node", false, "node_path"),
				opt("keep_level", "bool", "3D: only turn around the vertical axis (characters, turrets)", false),
				opt("model_front", "bool", "3D: the node's front is +Z (imported models) rather than -Z (cameras, lights)", false),
			],
			"example": {"node_path": "/root/Level3D/Camera3D", "target": "/root/Level3D/Crate"},
			"example_scene": LEVEL,
			"undo": "scene",
			# 2D: rotation_degrees is the angle; 3D: Euler degrees, with the forward axis and the aim error
			"returns": {"path": "string", "facing": VEC, "rotation_degrees": "float|Vector3", "forward?": "Vector3",
					"aim_error_degrees?": "float"},
			"handler": _look_at,
		},
		{
			"method": "spatial.align",
			"idempotent": true,
			"summary": "Align nodes' bounds to a reference node along chosen axes (min, center or max faces), or stack each on top of it.",
			"params": [
				nodes_param("nodes", "Node paths to move", true, MOVABLE),
				node_param("to", "Reference node (not moved)"),
				choice("mode", ["center", "min", "max", "on_top"], "Which faces to line up; on_top puts each bottom on the reference's top and centers the other axes", "center"),
				opt("axes", "string", "Axes to align, e.g. \"xz\" (default: all of the node's)", ""),
			],
			"example": {"nodes": ["/root/Level3D/Crate"], "to": "/root/Level3D/Floor", "mode": "on_top", "axes": "y"},
			"example_scene": LEVEL,
			"example_setup": [_nudge_crate([0, 1, 0])],
			"undo": "scene",
			"returns": {"to": "string", "mode": "string", "moved": MOVED},
			"handler": _align,
		},
		{
			"method": "spatial.arrange",
			"summary": "Lay out several nodes in a row, a grid or a circle, spaced by their real bounds; 3D rows and grids keep each node's height.",
			"params": [
				nodes_param("nodes", "Node paths, in layout order", true, MOVABLE),
				choice("layout", ["row", "grid", "circle"], "Shape of the layout", "row"),
				opt("spacing", "float", "Gap between neighbouring bounds (row, grid)", 1.0, {"min": 0.0}),
				choice("axis", ["x", "y", "z"], "Row direction", "x"),
				opt("columns", "int", "Grid columns (default: about the square root of the count)", null, {"min": 1}),
				opt("radius", "float", "Circle radius", 5.0, {"min": 0.0}),
				vector_param("start", "Where the layout starts (circle: its center); default: the first node's position", false, "nodes"),
			],
			"example": {"nodes": ["/root/Level3D/Crate", "/root/Level3D/Sun"], "layout": "row", "spacing": 2.0},
			"example_scene": LEVEL,
			"undo": "scene",
			"returns": {"layout": "string", "count": "int", "moved": MOVED},
			"handler": _arrange,
		},
		{
			"method": "spatial.snap_to_grid",
			"idempotent": true,
			"summary": "Snap nodes' global positions to a grid step (and optionally their rotations to an angle step).",
			"params": [
				nodes_param("nodes", "Node paths to snap", true, MOVABLE),
				opt("step", "float", "Grid step in metres (3D) or pixels (2D)", 1.0, {"min": 0.0001}),
				opt("axes", "string", "Axes to snap, e.g. \"xz\" (default: all of the node's)", ""),
				opt("rotation_step", "float", "Also snap rotations to this many degrees"),
			],
			"example": {"nodes": ["/root/Level3D/Crate"], "step": 0.5},
			"example_scene": LEVEL,
			"example_setup": [_nudge_crate([0.3, 0, 0.2])],
			"undo": "scene",
			"returns": {"step": "float", "moved": MOVED},
			"handler": _snap,
		},
	]


func _place_on(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var dim := BridgeSpatialQuery.dimension(node)
	if dim == 0 or node is Control:
		return c.invalid("%s is a %s: place_on moves a Node3D or Node2D" % [BridgeSceneAccess.path_of(node), node.get_class()])
	var origin: Variant = node.global_position
	var spot: Variant = origin
	if p.has("at"):
		var at: Array = p.at
		if dim == 3 and at.size() == 2:
			at = [at[0], origin.y, at[1]]
		elif dim == 2 and at.size() == 1:
			at = [at[0], origin.y]
		spot = BridgeSpatialQuery.to_vector(at, "at", dim)
		if spot is BridgeError:
			return spot
	var d: Variant = (Vector3.DOWN if dim == 3 else Vector2.DOWN)
	if p.has("direction"):
		d = p.direction
		if d.length() == 0.0:
			return c.invalid("'direction' must not be zero", {"param": "direction"})
		d = d.normalized()
	var mask: int = p.get("collision_mask", 0xFFFFFFFF)
	var surface: Node = p.get("surface")
	var box: Variant = BridgeSpatialQuery.box_of(node)
	if dim == 3:
		box = AABB(box.position + (spot - origin), box.size)
	else:
		box = Rect2(box.position + (spot - origin), box.size)
	var center: Variant = box.get_center()
	var from: Variant = center - d * (BridgeSpatialQuery.reach(box, center, -d) - 0.001)
	await BridgeSpatialQuery.settle()
	var hit := BridgeSpatialQuery.ray_3d(from, from + d * p.max_distance, mask, [node]) if dim == 3 else \
			BridgeSpatialQuery.ray_2d(from, from + d * p.max_distance, mask, [node])
	if not hit.hit:
		return c.failed("no collision shape within %s of %s along %s: rays only hit collision shapes (a bare mesh is invisible to them; add one with physics.add_shape)" % [
				p.max_distance, from, d], {"from": from, "direction": d})
	if surface != null:
		var got: Variant = BridgeSceneAccess.resolve(hit.collider) if hit.collider.begins_with("/") else null
		if not got is Node or not (got == surface or surface.is_ancestor_of(got) or got.is_ancestor_of(surface)):
			return c.failed("the ray hit %s first, not %s" % [hit.collider, BridgeSceneAccess.path_of(surface)],
					{"hit": hit})
	var changes: Array = []
	var rotated_box: Variant = box
	if p.align_to_normal:
		if dim == 3:
			var basis: Basis = node.global_basis
			var tilt := Quaternion(basis.y.normalized(), hit.normal)
			var new_basis := Basis(tilt) * basis
			rotated_box = Transform3D(Basis(tilt), spot - Basis(tilt) * spot) * box
			changes.append([node, "global_basis", new_basis])
		else:
			changes.append([node, "global_rotation", Vector2.UP.angle_to(hit.normal)])
	var target: Variant = hit.position - d * (BridgeSpatialQuery.reach(rotated_box, spot, d) + p.margin)
	changes.append([node, "global_position", target])
	BridgeSceneEdit.set_properties(c.step, "place %s on surface" % node.name, _local(changes))
	var after: Variant = BridgeSpatialQuery.box_of(node)
	var bottom_gap: float = -(BridgeSpatialQuery.reach(after, hit.position, d))  # distance from the hit to the node's front face
	return {"path": BridgeSceneAccess.path_of(node), "position": node.global_position, "previous": origin, "surface": hit.collider,
			"hit": {"position": hit.position, "normal": hit.normal}, "gap": BridgeSceneEdit.tidy(bottom_gap)}


func _look_at(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var dim := BridgeSpatialQuery.dimension(node)
	if dim == 0 or node is Control:
		return c.invalid("%s is a %s: look_at turns a Node3D or Node2D" % [BridgeSceneAccess.path_of(node),
				node.get_class()])
	var point: Variant
	if p.has("target"):
		var t: Node = p.target
		if BridgeSpatialQuery.dimension(t) != dim:
			return c.invalid("target %s is not a %dD node" % [BridgeSceneAccess.path_of(t), dim], {"param": "target"})
		point = t.global_position
	elif p.has("point"):
		point = p.point
	else:
		return c.invalid("give target or point", {"param": "target"})
	var origin: Variant = node.global_position
	if p.keep_level and dim == 3:
		point.y = origin.y
	if origin.distance_to(point) < 0.00001:
		return c.failed("%s is already at the point it should face" % BridgeSceneAccess.path_of(node))
	if dim == 2:
		var angle: float = (point - origin).angle()
		BridgeSceneEdit.set_properties(c.step, "look_at %s" % node.name, _local([[node, "global_rotation", angle]]))
		return {"path": BridgeSceneAccess.path_of(node), "facing": point, "rotation_degrees": BridgeSceneEdit.tidy(node.rotation_degrees)}
	var dir: Vector3 = (point - origin).normalized()
	if absf(dir.dot(Vector3.UP)) > 0.9999:
		var flat := Transform3D(Basis.IDENTITY, origin).looking_at(point, Vector3.FORWARD, p.model_front)
		return _apply_look(c.step, node, flat.basis, point)
	var looked := Transform3D(Basis.IDENTITY, origin).looking_at(point, Vector3.UP, p.model_front)
	return _apply_look(c.step, node, looked.basis, point)


func _apply_look(undo_step: RefCounted, node: Node3D, basis: Basis, point: Vector3) -> Dictionary:
	var scale: Vector3 = node.global_basis.get_scale()
	BridgeSceneEdit.set_properties(undo_step, "look_at %s" % node.name, _local([[node, "global_basis",
			basis.scaled_local(scale)]]))
	var forward: Vector3 = -node.global_basis.z.normalized()
	var error := rad_to_deg(absf(forward.angle_to(point - node.global_position)))
	return {"path": BridgeSceneAccess.path_of(node), "facing": point, "rotation_degrees": BridgeSceneEdit.tidy(node.rotation_degrees),
			"forward": BridgeSceneEdit.tidy(forward), "aim_error_degrees": BridgeSceneEdit.tidy(error)}


func _align(c: BridgeCall) -> Variant:
	var p := c.params
	var nodes: Variant = _movable(p.nodes)
	if nodes is BridgeError:
		return nodes
	var ref: Node = p.to
	var dim := BridgeSpatialQuery.dimension(nodes[0])
	if BridgeSpatialQuery.dimension(ref) != dim:
		return c.invalid("'to' %s is not a %dD node like the nodes" % [BridgeSceneAccess.path_of(ref), dim],
				{"param": "to"})
	var axes: Variant = _axes(p.axes, dim)
	if axes is BridgeError:
		return axes
	var rb: Variant = BridgeSpatialQuery.box_of(ref)
	var changes: Array = []
	for node: Node in nodes:
		var b: Variant = BridgeSpatialQuery.box_of(node)
		var delta: Variant = Vector3.ZERO if dim == 3 else Vector2.ZERO
		for i: int in axes:
			match p.mode:
				"min": delta[i] = rb.position[i] - b.position[i]
				"max": delta[i] = rb.end[i] - b.end[i]
				"center": delta[i] = rb.get_center()[i] - b.get_center()[i]
				"on_top":
					if i == 1:  # 3D: bottom onto top (+Y up); 2D: bottom edge (end.y) onto the top edge
						delta[i] = rb.end.y - b.position.y if dim == 3 else rb.position.y - b.end.y
					else:
						delta[i] = rb.get_center()[i] - b.get_center()[i]
		changes.append([node, "global_position", node.global_position + delta])
	BridgeSceneEdit.set_properties(c.step, "align %d nodes to %s" % [nodes.size(), ref.name], _local(changes))
	return {"to": BridgeSceneAccess.path_of(ref), "mode": p.mode, "moved": _positions(nodes)}


func _arrange(bc: BridgeCall) -> Variant:
	var p := bc.params
	var nodes: Variant = _movable(p.nodes)
	if nodes is BridgeError:
		return nodes
	var dim := BridgeSpatialQuery.dimension(nodes[0])
	var start: Variant = nodes[0].global_position
	if p.has("start"):
		start = p.start
	var axis_i: int = ["x", "y", "z"].find(p.axis)
	if axis_i >= dim:
		return bc.invalid("axis z does not exist in 2D", {"param": "axis"})
	var count: int = nodes.size()
	var columns: int = p.get("columns", ceili(sqrt(count)))
	var second := 2 if dim == 3 else 1  # the grid's row axis: z in 3D, y in 2D
	var cell: Variant = Vector3.ZERO if dim == 3 else Vector2.ZERO
	for node: Node in nodes:
		var size: Variant = BridgeSpatialQuery.box_of(node).size
		for i in dim:
			cell[i] = maxf(cell[i], size[i])
	var changes: Array = []
	var cursor: float = start[axis_i] - BridgeSpatialQuery.box_of(nodes[0]).size[axis_i] / 2.0  # the first node centred on start
	for k in count:
		var node: Node = nodes[k]
		var box: Variant = BridgeSpatialQuery.box_of(node)
		var center_offset: Variant = node.global_position - box.get_center()
		var target: Variant = node.global_position
		match p.layout:
			"row":
				target[axis_i] = cursor + box.size[axis_i] / 2.0 + center_offset[axis_i]
				for i in dim:
					if i != axis_i and not (dim == 3 and i == 1):
						target[i] = start[i]
				cursor += box.size[axis_i] + p.spacing
			"grid":
				var c := k % columns
				var r := floori(float(k) / columns)
				target[0] = start[0] + c * (cell[0] + p.spacing) + center_offset[0]
				target[second] = start[second] + r * (cell[second] + p.spacing) + center_offset[second]
			"circle":
				var angle := TAU * k / count
				target[0] = start[0] + cos(angle) * p.radius + center_offset[0]
				target[second] = start[second] + sin(angle) * p.radius + center_offset[second]
		changes.append([node, "global_position", target])
	BridgeSceneEdit.set_properties(bc.step, "arrange %d nodes in a %s" % [count, p.layout], _local(changes))
	return {"layout": p.layout, "count": count, "moved": _positions(nodes)}


func _snap(c: BridgeCall) -> Variant:
	var p := c.params
	var nodes: Variant = _movable(p.nodes)
	if nodes is BridgeError:
		return nodes
	var dim := BridgeSpatialQuery.dimension(nodes[0])
	var axes: Variant = _axes(p.axes, dim)
	if axes is BridgeError:
		return axes
	var changes: Array = []
	for node: Node in nodes:
		var pos: Variant = node.global_position
		for i: int in axes:
			pos[i] = snappedf(pos[i], p.step)
		changes.append([node, "global_position", pos])
		if p.has("rotation_step") and p.rotation_step > 0.0:
			var step := deg_to_rad(p.rotation_step)
			if dim == 3:
				var r: Vector3 = node.rotation
				changes.append([node, "rotation", Vector3(snappedf(r.x, step), snappedf(r.y, step), snappedf(r.z, step))])
			else:
				changes.append([node, "rotation", snappedf(node.rotation, step)])
	BridgeSceneEdit.set_properties(c.step, "snap %d nodes to grid" % nodes.size(), _local(changes))
	return {"step": p.step, "moved": _positions(nodes)}


## The nodes (each a Node3D or Node2D: checked by the router), all 3D or all 2D, or a BridgeError.
func _movable(nodes: Array) -> Variant:
	var dim := BridgeSpatialQuery.dimension(nodes[0])
	for node: Node in nodes:
		if BridgeSpatialQuery.dimension(node) != dim:
			return BridgeError.invalid("'nodes' must all be Node3D or all Node2D; %s is a %s" % [BridgeSceneAccess.path_of(node),
					node.get_class()], {"param": "nodes"})
		if node == BridgeSceneAccess.root():
			return BridgeError.invalid("'nodes' holds the scene root, which does not move", {"param": "nodes"})
	return nodes


## The changes ([node, global property, value]) as each node's local transform: undo then puts back the
## values the scene stored, not ones recomputed from global ones (which drift in the last digits). Each
## change is tried on its node in order and the node put back.
static func _local(changes: Array) -> Array:
	var before := {}
	for c: Array in changes:
		if not before.has(c[0]):
			before[c[0]] = c[0].transform
		c[0].set(c[1], c[2])
	var out: Array = []
	for node: Node in before:
		out.append([node, "transform", node.transform])
		node.transform = before[node]
	return out


func _axes(text: String, dim: int) -> Variant:
	var out: Array[int] = []
	if text == "":
		text = "xyz".substr(0, dim)
	for ch in text.to_lower():
		var i := ["x", "y", "z"].find(ch)
		if i < 0 or i >= dim:
			return BridgeError.invalid("'axes' takes letters from \"%s\", got \"%s\"" % ["xyz".substr(0, dim), text], {"param": "axes"})
		if not i in out:
			out.append(i)
	return out


func _positions(nodes: Array) -> Array:
	return nodes.map(func(n: Node) -> Dictionary: return {"path": BridgeSceneAccess.path_of(n), "position": BridgeSceneEdit.tidy(n.global_position)})
