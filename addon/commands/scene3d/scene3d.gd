@tool
extends "../../core/command_group.gd"
## scene3d.*: put a 3D node or a saved scene into the level with its whole transform in one step (degrees,
## aimed at something, optionally dropped onto the ground by a ray), and move, turn or scale several
## nodes by an amount in world or local space. One undo step each.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")
const BridgePlacedNode := preload("../../lib/placed_node.gd")


func commands() -> Array:
	return [
		{
			"method": "scene3d.place",
			"summary": "Add a Node3D class or instance a .tscn at a position with rotation (degrees) and scale, optionally aimed at a node and dropped onto the surface below it.",
			"params": [
				class_param("type", "Node3D", "A Node3D class (e.g. MeshInstance3D, Marker3D) or a scene file res://….tscn",
						true, true, true),
				node_param("parent", "Parent (default: the root)", false, ""),
				new_name_param("name", "Node name", null),
				opt("position", "Vector3", "Global position", [0, 0, 0]),
				opt("rotation_degrees", "Vector3", "Rotation in degrees (ignored with look_at)"),
				opt("scale", "Vector3", "Scale", [1, 1, 1]),
				node_param("look_at", "Turn -Z toward this node", false, null, "Node3D"),
				opt("on_ground", "bool", "Drop it onto the collision surface below the position", false),
				properties_param("properties", "More properties, coerced like node.set"),
			],
			"example": {"type": "Marker3D", "parent": "/root/Level3D", "name": "Spawn", "position": [3, 0, -2], "rotation_degrees": [0, 90, 0],
					"properties": {"gizmo_extents": 0.5}},
			"example_scene": "res://scenes/level_3d.tscn",
			# a geometry's transparency stays within 0..1
			"example_refused": {"type": "MeshInstance3D", "properties": {"transparency": 2}},
			"undo": "scene",
			"returns": {"path": "string", "type": "string", "scene": "string|null", "position": "Vector3", "rotation_degrees": "Vector3",
					"scale": "Vector3"},
			"handler": _place,
		},
		{
			"method": "scene3d.transform",
			"summary": "Move, turn and/or scale several 3D nodes by an amount, in world or local space, about their own origins or a shared pivot, in one undo step.",
			"params": [
				nodes_param("nodes", "Node3D paths", true, "Node3D").merged({"what": "a movable Node3D"}),
				opt("translate", "Vector3", "Offset to add"),
				opt("rotate_degrees", "Vector3", "Rotation to add, degrees (X, Y, Z)"),
				opt("scale", "Vector3", "Scale factor per axis"),
				choice("space", ["global", "local"], "Axes of translate/rotate: world axes or each node's own", "global"),
				opt("pivot", "Vector3", "Turn and scale around this world point (default: each node's origin)"),
			],
			"example": {"nodes": ["/root/Level3D/Crate"], "translate": [0, 1, 0], "rotate_degrees": [0, 45, 0]},
			"example_scene": "res://scenes/level_3d.tscn",
			"undo": "scene",
			"returns": {"nodes": [{"path": "string", "position": "Vector3", "rotation_degrees": "Vector3", "scale": "Vector3"}]},
			"handler": _transform,
		},
	]


func _place(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var target: Node3D = p.get("look_at")
	var made: Variant = BridgePlacedNode.make(p.type, p.get("name", ""), 3)
	if made is BridgeError:
		return made
	var node: Node3D = made.node
	var err: Variant = BridgeSceneEdit.set_all(node, p.get("properties", {}), "scene3d.place")
	if err:
		node.free()
		return err
	var basis := BridgeSceneEdit.basis_from_degrees(p.get("rotation_degrees", Vector3.ZERO))
	if target != null:
		var aim: Vector3 = target.global_position
		if aim.is_equal_approx(p.position):
			node.free()
			return c.invalid("look_at %s is at the position itself" % BridgeSceneAccess.path_of(target),
					{"param": "look_at"})
		var up := Vector3.UP if absf((aim - p.position).normalized().dot(Vector3.UP)) < 0.999 else Vector3.FORWARD
		basis = Transform3D(Basis.IDENTITY, p.position).looking_at(aim, up).basis
	var global := Transform3D(basis.scaled_local(p.scale), p.position)
	var ground: Dictionary = {}
	if p.on_ground:
		await BridgeSpatialQuery.settle()
		ground = BridgeSpatialQuery.ray_3d(p.position + Vector3.UP * 0.01, p.position + Vector3.DOWN * 1000.0)
		if not ground.hit:
			node.free()
			return c.failed("on_ground: no collision shape below %s (rays only hit collision shapes)" % p.position)
	var parent_xform: Transform3D = parent.global_transform if parent is Node3D else Transform3D.IDENTITY
	node.transform = parent_xform.affine_inverse() * global
	var ur := BridgeSceneAccess.action(c.step, "place %s" % p.type.get_file())
	BridgeSceneEdit.add_to_action(ur, parent, node)
	ur.commit_action()
	if p.on_ground:
		# seat its bottom (not its origin) on the hit, now that its bounds can be measured in the tree
		var box: AABB = BridgeSpatialQuery.bounds_3d(node).aabb
		var lift: float = ground.position.y - box.position.y if BridgeSpatialQuery.bounds_3d(node).found > 0 else ground.position.y - node.global_position.y
		node.global_position.y += lift  # part of the same add: undo removes the node
	return {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(),
			"scene": p.type if made.instanced else null,
			"position": BridgeSceneEdit.tidy(node.global_position), "rotation_degrees": BridgeSceneEdit.tidy(node.global_rotation_degrees),
			"scale": BridgeSceneEdit.tidy(node.scale)}


func _transform(c: BridgeCall) -> Variant:
	var p := c.params
	var nodes: Array = p.nodes
	for node: Node3D in nodes:
		if node == BridgeSceneAccess.root():
			return c.invalid("%s is the scene root, not a movable Node3D" % BridgeSceneAccess.path_of(node), {"param": "nodes"})
	if not (p.has("translate") or p.has("rotate_degrees") or p.has("scale")):
		return c.invalid("give translate, rotate_degrees, scale or several", {"param": "translate"})
	var moved := {}  # node → its new global transform
	for node: Node3D in nodes:
		var xf: Transform3D = node.global_transform
		var pivot: Vector3 = p.get("pivot", xf.origin)
		var local: bool = p.space == "local"
		if p.has("scale"):
			var s: Vector3 = p.scale
			if local:
				xf.basis = xf.basis.scaled_local(s)
			else:
				xf = Transform3D(Basis.from_scale(s), pivot - Basis.from_scale(s) * pivot) * xf
		if p.has("rotate_degrees"):
			var rot := BridgeSceneEdit.basis_from_degrees(p.rotate_degrees)
			if local:
				xf.basis = xf.basis * rot
			else:
				xf = Transform3D(rot, pivot - rot * pivot) * xf
		if p.has("translate"):
			xf.origin += (xf.basis.orthonormalized() * p.translate) if local else p.translate
		moved[node] = xf
	# set local transforms, each against its parent's transform after the change: a node listed with its own
	# ancestor moves by the amount once, whatever the order, and undo (local values) restores every node
	var changes: Array = []
	for node: Node3D in nodes:
		var parent := node.get_parent()
		var parent_xf: Transform3D = _global_after(parent as Node3D, moved) if parent is Node3D and not node.top_level else Transform3D.IDENTITY
		changes.append([node, "transform", parent_xf.affine_inverse() * moved[node]])
	BridgeSceneEdit.set_properties(c.step, "transform %d nodes" % nodes.size(), changes)
	return {"nodes": nodes.map(func(n: Node3D) -> Dictionary: return {"path": BridgeSceneAccess.path_of(n),
			"position": BridgeSceneEdit.tidy(n.global_position), "rotation_degrees": BridgeSceneEdit.tidy(n.global_rotation_degrees),
			"scale": BridgeSceneEdit.tidy(n.scale)})}


## A node's global transform once the nodes in `moved` (node → new global transform) have moved.
static func _global_after(node: Node3D, moved: Dictionary) -> Transform3D:
	if moved.has(node):
		return moved[node]
	var parent := node.get_parent()
	if parent is Node3D and not node.top_level:
		return _global_after(parent as Node3D, moved) * node.transform
	return node.transform
