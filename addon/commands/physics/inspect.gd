@tool
extends "../../core/command_group.gd"
## physics.*, review and surface feel: every body under a node with its shapes, layers and the usual
## mistakes flagged; physics materials (friction, bounce) for bodies.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")
const BridgeShapes := preload("lib/collision_shapes.gd")
const BridgeLayerBits := preload("../../core/layer_bits.gd")


func commands() -> Array:
	return [
		{
			"method": "physics.describe",
			"summary": "Every physics body and area under a node: type, layers, shapes with sizes, and warnings (no shape, empty shape, scaled shapes, a concave shape on a moving body, a body in nobody's mask).",
			"params": [node_param("node_path", "Where to look (default: the whole scene)", false, "")],
			"example": {"node_path": "/root/Main"},
			"read_only": true,
			"returns": {"path": "string", "count": "int", "warnings": ["string"], "bodies": [{"path": "string", "type": "string",
					"layers": "Array", "mask": "Array", "shapes": [{"path": "string"}], "bounds": "Dictionary|null"}]},
			"handler": _describe,
		},
		{
			"method": "physics.set_material",
			"idempotent": true,
			"summary": "Give static and rigid bodies a physics material (friction, bounce, rough, absorbent) in one undo step.",
			"params": [
				nodes_param("nodes", "StaticBody/RigidBody paths (2D or 3D)"),
				opt("friction", "float", "0 (ice) .. 1 (default)", 1.0, {"min": 0.0, "max": 1.0}),
				opt("bounce", "float", "0 (none) .. 1 (full)", 0.0, {"min": 0.0, "max": 1.0}),
				opt("rough", "bool", "Use the higher friction when touching another body", false),
				opt("absorbent", "bool", "Subtract this bounce from the other body's", false),
			],
			"example": {"nodes": ["/root/Main/Ground"], "friction": 0.2, "bounce": 0.5},
			"undo": "scene",
			"returns": {"nodes": [{"path": "string", "friction": "float", "bounce": "float", "rough": "bool", "absorbent": "bool"}]},
			"handler": _set_material,
		},
	]


func _describe(c: BridgeCall) -> Variant:
	var p := c.params
	var top: Node = p.node_path
	var bodies: Array = []
	var warnings: Array = []
	var objects: Array = [top] + _all(top)
	var masks := {2: 0, 3: 0}
	for node: Node in objects:
		if node is CollisionObject3D or node is CollisionObject2D:
			masks[BridgeSpatialQuery.dimension(node)] |= node.collision_mask
	for node: Node in objects:
		if not (node is CollisionObject3D or node is CollisionObject2D):
			continue
		var path := BridgeSceneAccess.path_of(node)
		var dim := BridgeSpatialQuery.dimension(node)
		var shapes: Array = []
		for child in node.get_children():
			if child is CollisionShape3D or child is CollisionShape2D:
				var d := BridgeShapes.describe(child.shape)
				d["path"] = BridgeSceneAccess.path_of(child)
				d["disabled"] = child.disabled
				d["position"] = child.position
				shapes.append(d)
				if child.shape == null:
					warnings.append("%s has no shape resource" % d.path)
				if dim == 3 and not child.scale.is_equal_approx(Vector3.ONE):
					warnings.append("%s is scaled %s: size the shape instead (physics.fit_shape)" % [d.path, child.scale])
				if child.shape is ConcavePolygonShape3D and (node is RigidBody3D or node is CharacterBody3D):
					warnings.append("%s: a trimesh (concave) shape on a moving %s does not collide well; use convex or primitives" % [
							d.path, node.get_class()])
			elif child is CollisionPolygon3D or child is CollisionPolygon2D:
				shapes.append({"path": BridgeSceneAccess.path_of(child), "type": child.get_class(), "points": child.polygon.size()})
		if shapes.is_empty():
			warnings.append("%s has no collision shape: nothing collides with it" % path)
		if dim == 3 and not (node as Node3D).scale.is_equal_approx(Vector3.ONE) and not node is StaticBody3D:
			warnings.append("%s is scaled %s: scaled moving bodies behave badly; scale its shapes and meshes instead" % [path, node.scale])
		if node.collision_layer != 0 and masks[dim] & node.collision_layer == 0 and not node is StaticBody3D and not node is StaticBody2D:
			warnings.append("%s is on layers no body here scans" % path)
		var kind := "%dd_physics" % dim
		bodies.append({"path": path, "type": node.get_class(), "layers": BridgeLayerBits.decode(node.collision_layer,
				kind),
				"mask": BridgeLayerBits.decode(node.collision_mask, kind), "shapes": shapes,
				"bounds": BridgeSpatialQuery.describe_bounds(node, "collision")})
	return {"path": BridgeSceneAccess.path_of(top), "count": bodies.size(), "bodies": bodies, "warnings": warnings}


func _set_material(c: BridgeCall) -> Variant:
	var p := c.params
	var nodes: Array = p.nodes
	var changes: Array = []
	for node: Node in nodes:
		if not "physics_material_override" in node:
			return c.invalid("%s is a %s: only StaticBody and RigidBody take a physics material" % [BridgeSceneAccess.path_of(node),
					node.get_class()], {"param": "nodes"})
		var material := PhysicsMaterial.new()
		material.friction = p.friction
		material.bounce = p.bounce
		material.rough = p.rough
		material.absorbent = p.absorbent
		changes.append([node, "physics_material_override", material])
	BridgeSceneEdit.set_properties(c.step, "set physics material of %d bodies" % nodes.size(), changes)
	return {"nodes": nodes.map(func(n: Node) -> Dictionary:
			var m: PhysicsMaterial = n.physics_material_override
			return {"path": BridgeSceneAccess.path_of(n), "friction": m.friction, "bounce": m.bounce, "rough": m.rough,
					"absorbent": m.absorbent})}


func _all(node: Node) -> Array:
	var out: Array = []
	for child in BridgeSceneAccess.scene_children(node):
		out.append(child)
		out.append_array(_all(child))
	return out
