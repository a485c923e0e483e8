@tool
extends RefCounted
## Collision shape resources built from explicit sizes or fitted to what a node shows: a mesh's or
## sprite's bounds (box, sphere, capsule, cylinder, rectangle, circle) or its triangles (convex, trimesh).
## Sizes come out in the body's local space, with the offset the CollisionShape node needs.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeSceneAccess := preload("../../../lib/scene_access.gd")
const BridgeSpatialQuery := preload("../../../lib/spatial_query.gd")

const KINDS_3D := ["box", "sphere", "capsule", "cylinder", "convex", "trimesh"]
const KINDS_2D := ["rectangle", "circle", "capsule"]
## How thick a box fitted to a flat mesh (a PlaneMesh floor) is made, below the plane.
const FLAT_THICKNESS := 0.1
const KINDS := ["auto", "box", "sphere", "capsule", "cylinder", "convex", "trimesh", "rectangle", "circle"]


## {shape: Shape3D/Shape2D, transform: the CollisionShape's local transform} or a BridgeError.
## p holds size, radius, height (any may be missing); fit is the node to fit (or null); body_xform is the
## body's global transform (Transform3D or Transform2D).
static func build(dim: int, kind: String, p: Dictionary, fit: Node, body_xform: Variant) -> Variant:
	if kind == "auto":
		kind = "box" if dim == 3 else "rectangle"
	var allowed := KINDS_3D if dim == 3 else KINDS_2D
	if not kind in allowed:
		return BridgeError.invalid("shape '%s' is not a %dD shape; use one of %s" % [kind, dim, ", ".join(PackedStringArray(allowed))],
				{"param": "shape"})
	var local_xform: Variant = Transform3D.IDENTITY if dim == 3 else Transform2D.IDENTITY
	var size: Variant = null
	if fit != null:
		if BridgeSpatialQuery.dimension(fit) != dim:
			return BridgeError.invalid("fit_to %s is not a %dD node" % [BridgeSceneAccess.path_of(fit), dim], {"param": "fit_to"})
		if kind in ["convex", "trimesh"]:
			return _from_mesh(kind, fit, body_xform)
		var measured: Dictionary = BridgeSpatialQuery.bounds_3d(fit, "visual") if dim == 3 else BridgeSpatialQuery.bounds_2d(fit, "visual")
		if measured.found == 0:
			return BridgeError.invalid("fit_to %s has no mesh, sprite or other geometry to measure" % BridgeSceneAccess.path_of(fit),
					{"param": "fit_to"})
		var world: Variant = measured.aabb if dim == 3 else measured.rect
		var local: Variant = body_xform.affine_inverse() * world
		if dim == 3 and local.size.y < 0.001:
			# a plane: a thin slab whose top is the plane, so what stands on the plane stands on the shape
			local = AABB(local.position - Vector3(0, FLAT_THICKNESS, 0), local.size + Vector3(0, FLAT_THICKNESS, 0))
		size = local.size
		local_xform = Transform3D(Basis.IDENTITY, local.get_center()) if dim == 3 else Transform2D(0.0, local.get_center())
	elif kind in ["convex", "trimesh"]:
		return BridgeError.invalid("shape '%s' is made from a mesh: give fit_to (a MeshInstance3D)" % kind, {"param": "fit_to"})
	var shape: Variant = _sized(dim, kind, p, size)
	if shape is BridgeError:
		return shape
	return {"shape": shape, "transform": local_xform}


## A readable description of a shape: its class and sizes.
static func describe(shape: Resource) -> Dictionary:
	if shape == null:
		return {"type": null}
	var out := {"type": shape.get_class()}
	for key: String in ["size", "radius", "height", "length"]:
		if key in shape:
			out[key] = shape.get(key)
	if shape is ConcavePolygonShape3D:
		out["faces"] = shape.get_faces().size() / 3
	elif shape is ConvexPolygonShape3D or shape is ConvexPolygonShape2D:
		out["points"] = shape.points.size()
	return out


static func _sized(dim: int, kind: String, p: Dictionary, fitted: Variant) -> Variant:
	var size: Variant = fitted
	if size == null and p.has("size"):
		size = BridgeSpatialQuery.to_vector(p.size, "size", dim)
		if size is BridgeError:
			return size
		if _min(size) <= 0.0:  # checked before use: a shape's setter refuses a negative size and keeps its default
			return BridgeError.invalid("the %s's size must be > 0 on every axis, got %s" % [kind, size], {"param": "size"})
	var shape: Resource
	match kind:
		"box":
			shape = BoxShape3D.new()
			shape.size = size if size != null else Vector3.ONE
		"rectangle":
			shape = RectangleShape2D.new()
			shape.size = size if size != null else Vector2(32, 32)
		"sphere", "circle":
			shape = SphereShape3D.new() if dim == 3 else CircleShape2D.new()
			if p.has("radius"):
				shape.radius = p.radius
			elif size != null:
				shape.radius = _max(size) / 2.0
		"capsule", "cylinder":
			shape = (CapsuleShape3D.new() if kind == "capsule" else CylinderShape3D.new()) if dim == 3 else CapsuleShape2D.new()
			if size != null:
				shape.radius = (maxf(size.x, size.z) if dim == 3 else size.x) / 2.0
				shape.height = size.y
			if p.has("radius"):
				shape.radius = p.radius
			if p.has("height"):
				shape.height = p.height
	for bad: String in ["radius", "height"]:
		if bad in shape and shape.get(bad) <= 0.0:
			return BridgeError.invalid("the %s's %s must be > 0" % [kind, bad], {"param": bad})
	if "size" in shape and _min(shape.size) <= 0.0 and kind in ["box", "rectangle"]:
		return BridgeError.invalid("the %s's size must be > 0 on every axis, got %s" % [kind, shape.size], {"param": "size"})
	return shape


static func _from_mesh(kind: String, fit: Node, body_xform: Transform3D) -> Variant:
	if not fit is MeshInstance3D or fit.mesh == null:
		return BridgeError.invalid("shape '%s' needs fit_to to be a MeshInstance3D with a mesh, got %s" % [kind,
				BridgeSceneAccess.path_of(fit)], {"param": "fit_to"})
	var shape: Shape3D = fit.mesh.create_trimesh_shape() if kind == "trimesh" else fit.mesh.create_convex_shape()
	if shape == null:
		return BridgeError.failed("could not build a %s shape from %s's mesh" % [kind, BridgeSceneAccess.path_of(fit)])
	return {"shape": shape, "transform": body_xform.affine_inverse() * fit.global_transform}


static func _max(v: Variant) -> float:
	return maxf(v.x, maxf(v.y, v.z)) if v is Vector3 else maxf(v.x, v.y)


static func _min(v: Variant) -> float:
	return minf(v.x, minf(v.y, v.z)) if v is Vector3 else minf(v.x, v.y)
