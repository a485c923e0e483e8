@tool
extends "../../core/command_group.gd"
## procedural.*: seeded generation of node layouts in the open scene. scatter places copies over an area
## or over a mesh's surface with a minimum spacing; noise_grid fills a grid where FastNoiseLite says so,
## picking what to place by noise bands (rules). Same seed, same layout. Each call is one undo step.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeClassTypes := preload("../../core/class_types.gd")


func commands() -> Array:
	return [
		{
			"method": "procedural.scatter",
			"summary": "Place `count` copies of a scene or node class at seeded random points of a box (2D or 3D) or of a MeshInstance3D's surface, at least min_distance apart.",
			"params": [
				class_param("item", "Node", "Scene file (res://...tscn) or node class to place, e.g. res://props/rock.tscn or Sprite2D",
						true, true, true),
				node_param("parent", "Node the copies go under (2D or 3D decides the space)"),
				opt("count", "int", "How many", 10, {"min": 1, "max": 5000}),
				opt("seed", "int", "Random seed", 0),
				opt("region_min", "Vector3", "Box corner in the parent's space (2D uses x, y)", [0, 0, 0]),
				opt("region_max", "Vector3", "Opposite corner", [100, 100, 0]),
				node_param("surface", "A MeshInstance3D to scatter over instead of the box (3D)", false),
				opt("min_distance", "float", "Minimum spacing between copies (0: none)", 0.0, {"min": 0.0}),
				opt("random_rotation", "bool", "Random rotation (about Z in 2D, about the up axis in 3D)", false),
				opt("scale_range", "Vector2", "Uniform scale picked in [min, max]", [1, 1]),
				opt("name", "string", "Name prefix of the copies", "Scatter"),
			],
			"example": {"item": "Marker2D", "parent": "/root/Main", "count": 5, "seed": 7, "region_min": [0, 0, 0], "region_max": [640, 360, 0],
					"min_distance": 40},
			"returns": {"parent": "string", "count": "int", "seed": "int", "nodes": [{"path": "string", "position": "Vector2|Vector3"}]},
			"undo": "scene",
			"handler": _scatter,
		},
		{
			"method": "procedural.noise_grid",
			"summary": "Fill a grid with nodes where seeded noise falls in a rule's band (e.g. water below -0.2, trees above 0.3); one node per cell at most.",
			"params": [
				node_param("parent", "Node the cells go under (2D: x, y grid; 3D: x, z grid)"),
				req("rules", "Array", "[{min, max, item}] noise bands in -1..1 and what to place (scene file or class); first match wins", {"items": "Dictionary"}),
				opt("size", "Vector2", "Cells across and down", [16, 16]),
				opt("cell_size", "float", "Distance between cells", 32.0, {"min": 0.001}),
				opt("seed", "int", "Noise seed", 0),
				opt("frequency", "float", "Noise frequency (smaller: larger blobs)", 0.1, {"min": 0.0001, "max": 10.0}),
				choice("noise", ["simplex", "simplex_smooth", "perlin", "cellular", "value", "value_cubic"], "FastNoiseLite type", "simplex_smooth"),
				opt("name", "string", "Name prefix of the cells", "Cell"),
			],
			"example": {"parent": "/root/Main", "size": [8, 8], "seed": 3, "rules": [{"min": 0.2, "max": 1.0, "item": "Marker2D"}]},
			"returns": {"parent": "string", "count": "int", "by_item": "Dictionary", "cells": "int", "seed": "int"},
			"undo": "scene",
			"handler": _noise_grid,
		},
	]


func _scatter(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var is_3d := _space(parent)
	if is_3d == -1:
		return c.invalid("parent %s is neither 2D nor 3D; pick a Node2D or Node3D" % BridgeSceneAccess.path_of(parent), {"param": "parent"})
	var maker: Variant = _maker(p.item, is_3d == 1, "item")
	if maker is BridgeError:
		return maker
	if p.scale_range.x <= 0 or p.scale_range.y < p.scale_range.x:
		return c.invalid("scale_range must be [min, max] with 0 < min <= max", {"param": "scale_range"})
	var sampler: Variant = _box_sampler(p.region_min, p.region_max, is_3d == 1)
	if p.has("surface"):
		sampler = _surface_sampler(p.surface, parent)
	if sampler is BridgeError:
		return sampler
	var rng := RandomNumberGenerator.new()
	rng.seed = p.seed
	var points: Array = []
	var tries := 0
	while points.size() < p.count and tries < p.count * 50:
		tries += 1
		var pt: Variant = sampler.call(rng)
		if p.min_distance > 0 and points.any(func(q: Variant) -> bool: return q.distance_to(pt) < p.min_distance):
			continue
		points.append(pt)
	if points.size() < p.count:
		return c.failed("only %d of %d points fit %s apart in that region; lower count or min_distance" % [
				points.size(), p.count, p.min_distance], {"placed": 0})
	var nodes: Array = []
	for i in points.size():
		var node: Node = maker.call()
		node.name = "%s%d" % [p.name, i + 1]
		var s := rng.randf_range(p.scale_range.x, p.scale_range.y)
		var angle := rng.randf_range(0.0, TAU) if p.random_rotation else 0.0
		if is_3d == 1:
			node.position = points[i]
			node.rotation.y = angle
			node.scale = Vector3.ONE * s
		else:
			node.position = Vector2(points[i].x, points[i].y)
			node.rotation = angle
			node.scale = Vector2.ONE * s
		nodes.append(node)
	_commit(c.step, parent, nodes, "scatter %d %s" % [nodes.size(), p.item])
	return {"parent": BridgeSceneAccess.path_of(parent), "count": nodes.size(), "seed": p.seed,
			"nodes": nodes.map(func(n: Node) -> Dictionary: return {"path": BridgeSceneAccess.path_of(n), "position": n.position})}


func _noise_grid(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var is_3d := _space(parent)
	if is_3d == -1:
		return c.invalid("parent %s is neither 2D nor 3D" % BridgeSceneAccess.path_of(parent), {"param": "parent"})
	if p.size.x < 1 or p.size.y < 1 or p.size.x * p.size.y > 40000:
		return c.invalid("size must be at least [1, 1] and at most 40000 cells", {"param": "size"})
	if p.rules.is_empty():
		return c.invalid("rules is empty; give [{min, max, item}]", {"param": "rules"})
	var makers: Array = []
	for i: int in p.rules.size():
		var r: Variant = p.rules[i]
		if not r is Dictionary or not r.get("item") is String or not (r.get("min", -1.0) is float or r.get("min", -1) is int) \
				or not (r.get("max", 1.0) is float or r.get("max", 1) is int) or float(r.get("min", -1.0)) > float(r.get("max", 1.0)):
			return c.invalid("rules[%d] must be {min, max, item} with min <= max" % i, {"param": "rules", "index": i})
		var maker: Variant = _maker(r.item, is_3d == 1, "rules")
		if maker is BridgeError:
			return maker
		makers.append([float(r.get("min", -1.0)), float(r.get("max", 1.0)), maker, r.item])
	var noise := FastNoiseLite.new()
	noise.seed = p.seed
	noise.frequency = p.frequency
	noise.noise_type = {"simplex": FastNoiseLite.TYPE_SIMPLEX, "simplex_smooth": FastNoiseLite.TYPE_SIMPLEX_SMOOTH, "perlin": FastNoiseLite.TYPE_PERLIN,
			"cellular": FastNoiseLite.TYPE_CELLULAR, "value": FastNoiseLite.TYPE_VALUE, "value_cubic": FastNoiseLite.TYPE_VALUE_CUBIC}[p.noise]
	var nodes: Array = []
	var counts := {}
	for y in int(p.size.y):
		for x in int(p.size.x):
			var v := noise.get_noise_2d(x, y)
			for m: Array in makers:
				if v >= m[0] and v <= m[1]:
					var node: Node = m[2].call()
					node.name = "%s_%d_%d" % [p.name, x, y]
					node.position = Vector3(x * p.cell_size, 0, y * p.cell_size) if is_3d == 1 else Vector2(x, y) * p.cell_size
					node.set_meta("noise", v)
					nodes.append(node)
					counts[m[3]] = counts.get(m[3], 0) + 1
					break
	if nodes.is_empty():
		return c.failed("no cell's noise fell in any rule's band; widen the bands or change seed/frequency", {"placed": 0})
	_commit(c.step, parent, nodes, "noise grid %d cells" % nodes.size())
	return {"parent": BridgeSceneAccess.path_of(parent), "count": nodes.size(), "by_item": counts, "cells": int(p.size.x * p.size.y), "seed": p.seed}


## 1 for a 3D parent, 0 for 2D (Node2D or Control-free canvas), -1 otherwise.
static func _space(parent: Node) -> int:
	if parent is Node3D:
		return 1
	if parent is Node2D:
		return 0
	return -1


## A Callable making one parentless node of `item` (a scene file or a class) that fits the space, or a BridgeError.
func _maker(item: String, is_3d: bool, param: String) -> Variant:
	var want := "Node3D" if is_3d else "Node2D"
	if item.begins_with("res://"):
		var packed := load(item) as PackedScene if ResourceLoader.exists(item) else null
		if packed == null:
			return BridgeError.not_found("no scene file at '%s'" % item, {"param": param})
		var probe := packed.instantiate()
		var fits := probe.is_class(want)
		probe.free()
		if not fits:
			return BridgeError.invalid("%s's root is not a %s, so it has no position in this space" % [item, want],
					{"param": param})
		return func() -> Node: return packed.instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE)
	var found: Variant = BridgeClassTypes.find(item, want, true, param)
	if found is BridgeError:
		return BridgeError.invalid("'%s' is neither a scene file nor a %s class that can be created (%s)" % [item, want,
				found.message], {"param": param})
	return func() -> Node: return BridgeClassTypes.instantiate(found)


static func _box_sampler(lo: Vector3, hi: Vector3, is_3d: bool) -> Variant:
	if hi.x < lo.x or hi.y < lo.y or hi.z < lo.z:
		return BridgeError.invalid("region_max must be >= region_min on every axis", {"param": "region_max"})
	return func(rng: RandomNumberGenerator) -> Variant:
		var v := Vector3(rng.randf_range(lo.x, hi.x), rng.randf_range(lo.y, hi.y), rng.randf_range(lo.z, hi.z))
		return v if is_3d else Vector2(v.x, v.y)


## Points on a MeshInstance3D's triangles, picked by area, in the parent's space.
func _surface_sampler(node: Node, parent: Node) -> Variant:
	if not node is MeshInstance3D or node.mesh == null or not parent is Node3D:
		return BridgeError.invalid("surface must be a MeshInstance3D with a mesh, under a 3D parent", {"param": "surface"})
	var faces: PackedVector3Array = node.mesh.get_faces()
	var to_parent: Transform3D = parent.global_transform.affine_inverse() * node.global_transform
	var areas: Array = []
	var total := 0.0
	for i in range(0, faces.size(), 3):
		total += (faces[i + 1] - faces[i]).cross(faces[i + 2] - faces[i]).length() / 2.0
		areas.append(total)
	if total <= 0.0:
		return BridgeError.invalid("%s's mesh has no area" % BridgeSceneAccess.path_of(node), {"param": "surface"})
	return func(rng: RandomNumberGenerator) -> Variant:
		var pick := rng.randf() * total
		var t := areas.bsearch(pick)
		var a := faces[t * 3]
		var u := rng.randf()
		var w := rng.randf()
		if u + w > 1.0:
			u = 1.0 - u
			w = 1.0 - w
		return to_parent * (a + (faces[t * 3 + 1] - a) * u + (faces[t * 3 + 2] - a) * w)


## One undo step adding every node (and every node inside an instanced scene keeps its own owner).
static func _commit(undo_step: RefCounted, parent: Node, nodes: Array, label: String) -> void:
	var ur := BridgeSceneAccess.action(undo_step, label)
	for node: Node in nodes:
		BridgeSceneEdit.add_to_action(ur, parent, node)
	ur.commit_action()
