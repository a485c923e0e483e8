@tool
extends "../../core/command_group.gd"
## spatial.*, measuring: world bounds, physics rays in the edited world, how two nodes relate, which
## nodes overlap, and what lies in a region. All read-only; 2D and 3D alike (the node or vector decides).

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")

const SOURCES := ["auto", "visual", "collision"]
const LEVEL := "res://scenes/level_3d.tscn"
## The demo level's floor gets a collision body first: rays only hit collision shapes.
const FLOOR_BODY := [{"method": "physics.add_body", "params": {"type": "StaticBody3D", "parent": "/root/Level3D/Floor",
		"name": "FloorBody", "fit_to": "/root/Level3D/Floor"}}]
const VEC := "Vector2|Vector3"


func commands() -> Array:
	return [
		{
			"method": "spatial.bounds",
			"summary": "A node's world-space bounds (3D AABB or 2D rect of it and its children): position, size, center, top, bottom and how far its origin sits above its bottom.",
			"params": [
				node_param("node_path", "A Node3D or 2D node"),
				choice("source", SOURCES, "What to measure: visual geometry, collision shapes, or auto (geometry, else shapes)", "auto"),
			],
			"example": {"node_path": "/root/Level3D/Crate"},
			"example_scene": LEVEL,
			"read_only": true,
			"returns": {"path": "string", "dimension": "int", "position": VEC, "size": VEC, "end": VEC, "center": VEC,
					"bottom": "float", "top": "float", "origin": VEC, "origin_to_bottom": "float", "parts": "int"},
			"handler": _bounds,
		},
		{
			"method": "spatial.raycast",
			"summary": "Cast a physics ray in the edited scene's world (3D with [x,y,z], 2D with [x,y]) and report the first collision shape hit: point, normal, distance, node.",
			"params": [
				vector_param("from", "Start point, [x, y, z] or [x, y]"),
				vector_param("to", "End point (or give direction)", false, "from"),
				vector_param("direction", "Direction instead of an end point (default: down, -Y in 3D, +Y in 2D)", false, "from"),
				opt("length", "float", "Ray length with direction", 1000.0, {"min": 0.0}),
				layers_param("collision_mask", "physics", "Layers to hit: a mask, layer numbers or names (default: all)", "from"),
				opt("collide_with_areas", "bool", "Also hit Area3D/Area2D shapes", false),
				nodes_param("exclude", "Node paths whose bodies the ray ignores", false),
			],
			"example": {"from": [0, 10, 0], "to": [0, -10, 0]},
			"needs_scene": true,
			"example_scene": LEVEL,
			"example_setup": FLOOR_BODY,
			"read_only": true,
			"returns": {"hit": "bool", "from": VEC, "to": VEC, "dimension": "int", "position?": VEC, "normal?": VEC,
					"distance?": "float", "collider?": "string"},
			"handler": _raycast,
		},
		{
			"method": "spatial.relate",
			"summary": "How two nodes relate in the world: distance between origins, gap between their bounds per axis, overlap, whether one rests on the other, and which side the other is on (3D: in_front means toward world -Z, Godot's forward).",
			"params": [
				node_param("node_path", "First node"),
				node_param("other", "Second node"),
				opt("tolerance", "float", "Gaps smaller than this count as touching (metres or pixels)", 0.01, {"min": 0.0}),
			],
			"example": {"node_path": "/root/Level3D/Crate", "other": "/root/Level3D/Floor"},
			"example_scene": LEVEL,
			"read_only": true,
			"returns": {"node": "string", "other": "string", "distance": "float", "offset": VEC, "bounds_gap": "Dictionary",
					"bounds_distance": "float", "overlapping": "bool", "touching": "bool", "other_is": ["string"],
					"rests_on_other": "bool", "other_rests_on": "bool"},
			"handler": _relate,
		},
		{
			"method": "spatial.overlaps",
			"summary": "Find nodes whose bounds interpenetrate: those overlapping one node, or every overlapping pair among a parent's children.",
			"params": [
				node_param("node_path", "Report what overlaps this node (default: check all pairs)", false),
				node_param("parent", "Compare the children of this node (default: the scene root)", false, ""),
				opt("tolerance", "float", "Penetration below this is touching, not overlap", 0.01, {"min": 0.0}),
			],
			"example": {"parent": "/root/Level3D"},
			"example_scene": LEVEL,
			"read_only": true,
			# with node_path: {node, count, overlaps}; without: {parent, checked, count, overlaps}
			"returns": {"node?": "string", "parent?": "string", "checked?": "int", "count": "int",
					"overlaps": [{"a": "string", "b": "string", "depth": VEC}]},
			"handler": _overlaps,
		},
		{
			"method": "spatial.query_region",
			"summary": "List the objects (meshes, sprites, bodies, areas) whose bounds intersect a box or lie within a radius of a point.",
			"params": [
				vector_param("center", "Region center, [x, y, z] or [x, y]"),
				vector_param("size", "Box size (same dimension as center)", false, "center"),
				opt("radius", "float", "Sphere/circle radius instead of a box", null, {"min": 0.0}),
			],
			"example": {"center": [0, 0.5, 0], "size": [4, 2, 4]},
			"needs_scene": true,
			"example_scene": LEVEL,
			"read_only": true,
			"returns": {"dimension": "int", "count": "int", "nodes": [{"path": "string", "type": "string", "center": VEC}]},
			"handler": _query_region,
		},
	]


func _bounds(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var out: Variant = BridgeSpatialQuery.describe_bounds(node, p.source)
	if out is Dictionary:
		out["path"] = BridgeSceneAccess.path_of(node)
	return out


func _raycast(c: BridgeCall) -> Variant:
	var p := c.params
	var from: Variant = p.from
	var dim := 3 if from is Vector3 else 2
	var to: Variant
	if p.has("to"):
		to = p.to
	else:
		var d: Variant = p.get("direction", Vector3.DOWN if dim == 3 else Vector2.DOWN)
		if d.length() == 0.0:
			return c.invalid("'direction' must not be zero", {"param": "direction"})
		to = from + d.normalized() * p.length
	var mask: int = p.get("collision_mask", 0xFFFFFFFF)
	var exclude: Array = p.exclude
	await BridgeSpatialQuery.settle()
	var hit := BridgeSpatialQuery.ray_3d(from, to, mask, exclude, p.collide_with_areas) if dim == 3 else \
			BridgeSpatialQuery.ray_2d(from, to, mask, exclude, p.collide_with_areas)
	hit.merge({"from": from, "to": to, "dimension": dim})
	return hit


func _relate(c: BridgeCall) -> Variant:
	var p := c.params
	var a: Node = p.node_path
	var b: Node = p.other
	var dim := BridgeSpatialQuery.dimension(a)
	if dim == 0 or dim != BridgeSpatialQuery.dimension(b):
		return c.invalid("spatial.relate compares two 3D nodes or two 2D nodes; got %s and %s" % [a.get_class(),
				b.get_class()])
	var ba: Variant = BridgeSpatialQuery.box_of(a)
	var bb: Variant = BridgeSpatialQuery.box_of(b)
	var tol: float = p.tolerance
	var gaps := {}
	var axes := ["x", "y", "z"].slice(0, dim)
	var separated := false
	for i in axes.size():
		var gap: float = maxf(bb.position[i] - ba.end[i], ba.position[i] - bb.end[i])
		gaps[axes[i]] = BridgeSceneEdit.tidy(maxf(gap, 0.0))
		if gap > tol:
			separated = true
	var oa: Variant = BridgeSpatialQuery.origin(a)
	var ob: Variant = BridgeSpatialQuery.origin(b)
	var delta: Variant = ob - oa
	var out := {
		"node": BridgeSceneAccess.path_of(a), "other": BridgeSceneAccess.path_of(b),
		"distance": BridgeSceneEdit.tidy(oa.distance_to(ob)), "offset": BridgeSceneEdit.tidy(delta),
		"bounds_gap": gaps, "bounds_distance": BridgeSceneEdit.tidy(_box_distance(ba, bb)),
		"overlapping": _penetrates(ba, bb, tol), "touching": not separated and not _penetrates(ba, bb, tol),
	}
	if dim == 3:
		out["other_is"] = [("above" if bb.position.y >= ba.end.y - tol else "below" if bb.end.y <= ba.position.y + tol else "level"),
				("right" if delta.x > tol else "left" if delta.x < -tol else "aligned_x"),
				# world -Z is Godot's forward (Vector3.FORWARD, where a camera looks): the other is in front toward -Z
				("in_front" if delta.z < -tol else "behind" if delta.z > tol else "aligned_z")]
		out["rests_on_other"] = absf(ba.position.y - bb.end.y) <= tol and _overlap_xz(ba, bb)
		out["other_rests_on"] = absf(bb.position.y - ba.end.y) <= tol and _overlap_xz(bb, ba)
	else:
		out["other_is"] = [("above" if bb.end.y <= ba.position.y + tol else "below" if bb.position.y >= ba.end.y - tol else "level"),
				("right" if delta.x > tol else "left" if delta.x < -tol else "aligned_x")]
		out["rests_on_other"] = absf(ba.end.y - bb.position.y) <= tol and ba.position.x < bb.end.x and bb.position.x < ba.end.x
		out["other_rests_on"] = absf(bb.end.y - ba.position.y) <= tol and ba.position.x < bb.end.x and bb.position.x < ba.end.x
	return out


func _overlaps(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var tol: float = p.tolerance
	var candidates: Array = BridgeSceneAccess.scene_children(parent).filter(func(n: Node) -> bool:
			return BridgeSpatialQuery.dimension(n) != 0)
	var pairs: Array = []
	if p.has("node_path"):
		var node: Node = p.node_path
		if BridgeSpatialQuery.dimension(node) == 0:
			return c.invalid("%s is a %s: overlaps need a Node3D or 2D node" % [BridgeSceneAccess.path_of(node), node.get_class()])
		var box: Variant = BridgeSpatialQuery.box_of(node)
		for other: Node in _everything(BridgeSceneAccess.root()):
			if other == node or other.is_ancestor_of(node) or node.is_ancestor_of(other):
				continue
			if BridgeSpatialQuery.dimension(other) != BridgeSpatialQuery.dimension(node) or not _is_object(other):
				continue
			var ob: Variant = BridgeSpatialQuery.box_of(other)
			if _penetrates(box, ob, tol):
				pairs.append({"a": BridgeSceneAccess.path_of(node), "b": BridgeSceneAccess.path_of(other), "depth": _depth(box, ob)})
		return {"node": BridgeSceneAccess.path_of(node), "count": pairs.size(), "overlaps": pairs}
	for i in candidates.size():
		for j in range(i + 1, candidates.size()):
			var a: Node = candidates[i]
			var b: Node = candidates[j]
			if BridgeSpatialQuery.dimension(a) != BridgeSpatialQuery.dimension(b):
				continue
			var ba: Variant = BridgeSpatialQuery.box_of(a)
			var bb: Variant = BridgeSpatialQuery.box_of(b)
			if _penetrates(ba, bb, tol):
				pairs.append({"a": BridgeSceneAccess.path_of(a), "b": BridgeSceneAccess.path_of(b), "depth": _depth(ba,
						bb)})
	return {"parent": BridgeSceneAccess.path_of(parent), "checked": candidates.size(), "count": pairs.size(), "overlaps": pairs}


func _query_region(c: BridgeCall) -> Variant:
	var p := c.params
	var root := BridgeSceneAccess.root()
	var center: Variant = p.center
	var dim := 3 if center is Vector3 else 2
	if not p.has("size") and not p.has("radius"):
		return c.invalid("give size (a box) or radius", {"param": "size"})
	var size: Variant = null
	if p.has("size"):
		size = p.size
	var found: Array = []
	for node: Node in _everything(root):
		if BridgeSpatialQuery.dimension(node) != dim or not _is_object(node):
			continue
		var box: Variant = BridgeSpatialQuery.box_of(node)
		var hit := false
		if size != null:
			var region: Variant = AABB(center - size / 2.0, size) if dim == 3 else Rect2(center - size / 2.0, size)
			hit = region.intersects(box) or region.has_point(box.get_center())
		else:
			var closest: Variant = center.clamp(box.position, box.end)
			hit = closest.distance_to(center) <= p.radius
		if hit:
			found.append({"path": BridgeSceneAccess.path_of(node), "type": node.get_class(),
					"center": box.get_center()})
	return {"dimension": dim, "count": found.size(), "nodes": found}


## Objects worth listing: geometry, sprites, bodies and areas (not their helper children or empty groups).
static func _is_object(node: Node) -> bool:
	return node is GeometryInstance3D or node is CollisionObject3D or node is CollisionObject2D or node is Sprite2D \
			or node is AnimatedSprite2D or node is Polygon2D or node is MeshInstance2D or node is TileMapLayer


static func _everything(node: Node) -> Array:
	var out: Array = []
	for child in BridgeSceneAccess.scene_children(node):
		out.append(child)
		out.append_array(_everything(child))
	return out


## True when the boxes interpenetrate by more than tol on every axis; a flat box (a plane) counts when it
## lies strictly inside the other box on its flat axis.
static func _penetrates(a: Variant, b: Variant, tol: float) -> bool:
	var n := 3 if a is AABB else 2
	for i in n:
		var lo: float = maxf(a.position[i], b.position[i])
		var hi: float = minf(a.end[i], b.end[i])
		if hi - lo > tol:
			continue
		var flat_a: bool = a.size[i] <= tol and a.position[i] > b.position[i] + tol and a.position[i] < b.end[i] - tol
		var flat_b: bool = b.size[i] <= tol and b.position[i] > a.position[i] + tol and b.position[i] < a.end[i] - tol
		if not (flat_a or flat_b):
			return false
	return true


static func _depth(a: Variant, b: Variant) -> Variant:
	var n := 3 if a is AABB else 2
	var out: Variant = Vector3.ZERO if n == 3 else Vector2.ZERO
	for i in n:
		out[i] = snappedf(maxf(minf(a.end[i], b.end[i]) - maxf(a.position[i], b.position[i]), 0.0), 0.0001)
	return out


static func _box_distance(a: Variant, b: Variant) -> float:
	var n := 3 if a is AABB else 2
	var sum := 0.0
	for i in n:
		var gap: float = maxf(0.0, maxf(b.position[i] - a.end[i], a.position[i] - b.end[i]))
		sum += gap * gap
	return sqrt(sum)


static func _overlap_xz(a: AABB, b: AABB) -> bool:
	return a.position.x < b.end.x and b.position.x < a.end.x and a.position.z < b.end.z and b.position.z < a.end.z
