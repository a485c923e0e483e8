@tool
extends RefCounted
## Measuring the edited world: a node's world-space bounds (3D AABB from its geometry or collision shapes,
## 2D Rect2 from sprites, shapes, polygons, controls and tile layers) and physics rays cast in the edited
## scene's own world (only collision shapes are hit, as in the game).

const BridgeError := preload("../core/bridge_error.gd")
const BridgeSceneAccess := preload("scene_access.gd")


## 3 for a Node3D, 2 for a CanvasItem, 0 for anything else.
static func dimension(node: Node) -> int:
	if node is Node3D:
		return 3
	if node is CanvasItem:
		return 2
	return 0


## Waits one physics frame so the physics space has the scene's latest transforms (a moved body is seen
## by rays only after the next physics step).
static func settle() -> void:
	var tree := Engine.get_main_loop() as SceneTree
	for i in 2:  # physics_frame fires before the step: the second one follows a completed step
		await tree.physics_frame
	flush_shapes()


## The physics servers queue a shape change on a body already in a space (a CollisionShape added to it,
## resized or moved) and apply it only when they step, which the editor's inactive servers never do:
## rays would miss the new shape. Freeing any RID applies the queued changes (the servers' free() does).
static func flush_shapes() -> void:
	PhysicsServer2D.free_rid(PhysicsServer2D.circle_shape_create())
	PhysicsServer3D.free_rid(PhysicsServer3D.sphere_shape_create())


## World AABB of a 3D node and its descendants. source: "visual" (meshes and other geometry), "collision"
## (collision shapes) or "auto" (geometry, else collision shapes). {aabb, found: number of parts}.
static func bounds_3d(node: Node3D, source: String = "auto") -> Dictionary:
	var parts: Array = []
	if source in ["visual", "auto"]:
		_collect_3d(node, parts, true)
	if parts.is_empty() and source in ["collision", "auto"]:
		_collect_3d(node, parts, false)
	if parts.is_empty():
		return {"aabb": AABB(node.global_position, Vector3.ZERO), "found": 0}
	var box: AABB = parts[0]
	for part: AABB in parts.slice(1):
		box = box.merge(part)
	return {"aabb": box, "found": parts.size()}


## World (canvas) rect of a 2D node and its descendants. {rect, found}.
static func bounds_2d(node: CanvasItem, source: String = "auto") -> Dictionary:
	var parts: Array = []
	if source in ["visual", "auto"]:
		_collect_2d(node, parts, true)
	if parts.is_empty() and source in ["collision", "auto"]:
		_collect_2d(node, parts, false)
	if parts.is_empty():
		var at: Vector2 = node.global_position if node is Node2D else (node as Control).global_position
		return {"rect": Rect2(at, Vector2.ZERO), "found": 0}
	var rect: Rect2 = parts[0]
	for part: Rect2 in parts.slice(1):
		rect = rect.merge(part)
	return {"rect": rect, "found": parts.size()}


## Bounds of a 2D or 3D node as a JSON-friendly dictionary, or a BridgeError for other nodes.
static func describe_bounds(node: Node, source: String = "auto") -> Variant:
	if node is Node3D:
		var b := bounds_3d(node, source)
		var box: AABB = b.aabb
		return {"dimension": 3, "position": box.position, "size": box.size, "end": box.end, "center": box.get_center(),
				"bottom": box.position.y, "top": box.end.y, "origin": node.global_position,
				"origin_to_bottom": node.global_position.y - box.position.y, "parts": b.found}
	if node is CanvasItem:
		var b := bounds_2d(node, source)
		var rect: Rect2 = b.rect
		var at: Vector2 = node.global_position if node is Node2D else node.global_position
		# 2D is +Y down: the bottom edge is the rect's end.y
		return {"dimension": 2, "position": rect.position, "size": rect.size, "end": rect.end, "center": rect.get_center(),
				"top": rect.position.y, "bottom": rect.end.y, "origin": at, "origin_to_bottom": rect.end.y - at.y,
				"parts": b.found}
	return BridgeError.invalid("%s is a %s: bounds need a Node3D or a 2D node (CanvasItem)" % [BridgeSceneAccess.path_of(node),
			node.get_class()])


## AABB (3D) or Rect2 (2D) of a node, for comparisons.
static func box_of(node: Node, source: String = "auto") -> Variant:
	if node is Node3D:
		return bounds_3d(node, source).aabb
	return bounds_2d(node, source).rect


## A ray in the edited scene's 3D world. The hit as {hit, position, normal, distance, collider, shape} or {hit: false}.
static func ray_3d(from: Vector3, to: Vector3, mask: int = 0xFFFFFFFF, exclude: Array = [], areas: bool = false,
		bodies: bool = true) -> Dictionary:
	var space := BridgeSceneAccess.root().get_viewport().find_world_3d().direct_space_state
	var q := PhysicsRayQueryParameters3D.create(from, to, mask, _rids(exclude))
	q.collide_with_areas = areas
	q.collide_with_bodies = bodies
	q.hit_from_inside = false
	return _hit(space.intersect_ray(q), from)


## A ray in the edited scene's 2D world.
static func ray_2d(from: Vector2, to: Vector2, mask: int = 0xFFFFFFFF, exclude: Array = [], areas: bool = false,
		bodies: bool = true) -> Dictionary:
	var space := BridgeSceneAccess.root().get_viewport().find_world_2d().direct_space_state
	var q := PhysicsRayQueryParameters2D.create(from, to, mask, _rids(exclude))
	q.collide_with_areas = areas
	q.collide_with_bodies = bodies
	return _hit(space.intersect_ray(q), from)


## The RIDs of every collision object at or under the given nodes: what a ray must ignore.
static func _rids(nodes: Array) -> Array[RID]:
	var out: Array[RID] = []
	for node: Node in nodes:
		if node is CollisionObject3D or node is CollisionObject2D:
			out.append(node.get_rid())
		out.append_array(_rids(node.get_children()))
	return out


static func _hit(hit: Dictionary, from: Variant) -> Dictionary:
	if hit.is_empty():
		return {"hit": false}
	var collider: Object = hit.get("collider")
	var root := BridgeSceneAccess.root()
	var name := ""
	if collider is Node and (collider == root or root.is_ancestor_of(collider)):
		name = BridgeSceneAccess.path_of(collider)
	elif collider != null:
		name = collider.get_class()
	return {"hit": true, "position": hit.position, "normal": hit.normal, "distance": from.distance_to(hit.position),
			"collider": name, "shape": hit.get("shape", 0)}


static func _collect_3d(node: Node, parts: Array, visual: bool) -> void:
	if visual and node is GeometryInstance3D:
		var aabb: AABB = node.get_aabb()
		if aabb.size != Vector3.ZERO or aabb.position != Vector3.ZERO:
			parts.append(node.global_transform * aabb)
	elif not visual and node is CollisionShape3D and node.shape != null:
		var mesh: ArrayMesh = node.shape.get_debug_mesh()
		if mesh != null:
			parts.append(node.global_transform * mesh.get_aabb())
	for child in node.get_children():
		if child is Node3D:
			_collect_3d(child, parts, visual)


static func _collect_2d(node: Node, parts: Array, visual: bool) -> void:
	var local: Variant = _local_rect_2d(node) if visual else _shape_rect_2d(node)
	if local is Rect2:
		if node is Control:
			parts.append(node.get_global_rect())
		else:
			parts.append((node as CanvasItem).get_global_transform() * local)
	for child in node.get_children():
		if child is CanvasItem:
			_collect_2d(child, parts, visual)


static func _local_rect_2d(node: Node) -> Variant:
	if node is Sprite2D and node.texture != null:
		return node.get_rect()
	if node is AnimatedSprite2D and node.sprite_frames != null:
		var tex: Texture2D = node.sprite_frames.get_frame_texture(node.animation, node.frame) \
				if node.sprite_frames.has_animation(node.animation) else null
		if tex != null:
			var size := tex.get_size()
			return Rect2(node.offset - (size / 2.0 if node.centered else Vector2.ZERO), size)
	if node is Polygon2D and node.polygon.size() > 0:
		return _points_rect(node.polygon, node.offset)
	if node is Line2D and node.points.size() > 0:
		return _points_rect(node.points).grow(node.width / 2.0)
	if node is MeshInstance2D and node.mesh != null:
		var a: AABB = node.mesh.get_aabb()
		return Rect2(a.position.x, a.position.y, a.size.x, a.size.y)
	if node is Control:
		return Rect2(Vector2.ZERO, node.size)
	if node is TileMapLayer and node.tile_set != null and node.get_used_rect().size != Vector2i.ZERO:
		var used: Rect2i = node.get_used_rect()
		var tile := Vector2(node.tile_set.tile_size)
		return Rect2(node.map_to_local(used.position) - tile / 2.0, Vector2(used.size) * tile)
	return null


static func _shape_rect_2d(node: Node) -> Variant:
	if node is CollisionShape2D and node.shape != null:
		return node.shape.get_rect()
	if node is CollisionPolygon2D and node.polygon.size() > 0:
		return _points_rect(node.polygon)
	return null


static func _points_rect(points: PackedVector2Array, offset: Vector2 = Vector2.ZERO) -> Rect2:
	var rect := Rect2(points[0] + offset, Vector2.ZERO)
	for p in points:
		rect = rect.expand(p + offset)
	return rect


## [x, y] → Vector2, [x, y, z] → Vector3 (a node's dimension, when known, must match), or a BridgeError.
static func to_vector(value: Variant, param: String, dim: int = 0) -> Variant:
	var ok: bool = value is Array and value.size() in [2, 3] and value.all(func(x: Variant) -> bool:
			return (x is int or x is float) and not x is bool)
	if ok and dim != 0 and value.size() != dim:
		return BridgeError.invalid("'%s' must have %d numbers for a %dD node, got %s" % [param, dim, dim, JSON.stringify(value)],
				{"param": param})
	if not ok:
		return BridgeError.invalid("'%s' must be [x, y] (2D) or [x, y, z] (3D), got %s" % [param, JSON.stringify(value)],
				{"param": param})
	return Vector2(value[0], value[1]) if value.size() == 2 else Vector3(value[0], value[1], value[2])


## The global position of a 2D or 3D node.
static func origin(node: Node) -> Variant:
	return node.global_position


## How far the node's bounds reach from `from` along unit direction `d` (the support distance).
static func reach(box: Variant, from: Variant, d: Variant) -> float:
	var best := -INF
	if box is AABB:
		for i in 8:
			best = maxf(best, (box.get_endpoint(i) - from).dot(d))
	else:
		for corner: Vector2 in [box.position, Vector2(box.end.x, box.position.y), box.end, Vector2(box.position.x, box.end.y)]:
			best = maxf(best, (corner - from).dot(d))
	return best
