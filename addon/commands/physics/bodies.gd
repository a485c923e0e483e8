@tool
extends "../../core/command_group.gd"
## physics.*, bodies and shapes: a body with its collision shape in one step, shapes sized explicitly or
## fitted to a mesh or sprite, refitting a shape, and joints between two bodies. One undo step each.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeSpatialQuery := preload("../../lib/spatial_query.gd")
const BridgeShapes := preload("lib/collision_shapes.gd")

const BODY_TYPES := ["StaticBody3D", "RigidBody3D", "CharacterBody3D", "AnimatableBody3D", "Area3D",
		"StaticBody2D", "RigidBody2D", "CharacterBody2D", "AnimatableBody2D", "Area2D"]
## What lib/collision_shapes.gd describe() gives: the shape class and its sizes (which vary by class).
const SHAPE_DESCRIPTION := {"type": "string|null"}
const BODIES := ["PhysicsBody3D", "PhysicsBody2D"]
const JOINTS := {"pin": "PinJoint3D", "hinge": "HingeJoint3D", "slider": "SliderJoint3D", "cone_twist": "ConeTwistJoint3D",
		"generic_6dof": "Generic6DOFJoint3D", "pin_2d": "PinJoint2D", "groove_2d": "GrooveJoint2D",
		"spring_2d": "DampedSpringJoint2D"}


func _shape_params() -> Array:
	return [
		choice("shape", BridgeShapes.KINDS, "Shape: auto (box in 3D, rectangle in 2D), box, sphere, capsule, cylinder, convex, trimesh, rectangle, circle", "auto"),
		opt("size", "Array", "Box/rectangle size, or the bounds other shapes are sized from ([x, y, z] or [x, y])", null, {"items": "float"}),
		opt("radius", "float", "Sphere, circle, capsule or cylinder radius", null, {"min": 0.0}),
		opt("height", "float", "Capsule or cylinder height", null, {"min": 0.0}),
		node_param("fit_to", "Size the shape from this mesh or sprite (convex and trimesh take its triangles)", false),
	]


func commands() -> Array:
	return [
		{
			"method": "physics.add_body",
			"summary": "Add a physics body or area (2D or 3D) with a collision shape child in one step, sized explicitly or fitted to a mesh or sprite.",
			"params": [
				choice("type", BODY_TYPES, "Body class"),
				node_param("parent", "Parent (default: the root); parent it to a mesh and fit_to the mesh to give that mesh collision", false, ""),
				new_name_param("name", "Body name (default: the class name)", null),
				vector_param("position", "Local position, [x, y, z] or [x, y]", false, "type"),
			] + _shape_params() + [
				layers_param("collision_layer", "physics", "Layers the body is on: mask, numbers or names", "type"),
				layers_param("collision_mask", "physics", "Layers the body scans: mask, numbers or names", "type"),
				properties_param("properties", "Other body properties, e.g. {\"mass\": 5}"),
			],
			"example": {"type": "StaticBody3D", "parent": "/root/Level3D/Floor", "name": "FloorBody", "fit_to": "/root/Level3D/Floor"},
			"example_scene": "res://scenes/level_3d.tscn",
			# a rigid body's mass must be positive: the engine keeps 1
			"example_refused": {"type": "RigidBody3D", "properties": {"mass": -5}},
			"undo": "scene",
			"returns": {"path": "string", "type": "string", "shape": SHAPE_DESCRIPTION, "shape_position": "Vector2|Vector3",
					"collision_layer": "int", "collision_mask": "int"},
			"handler": _add_body,
		},
		{
			"method": "physics.add_shape",
			"summary": "Add a CollisionShape2D/3D to an existing body or area, sized explicitly or fitted to a mesh or sprite.",
			"params": [
				node_param("parent", "Body or area to get the shape", true, null, ["CollisionObject3D", "CollisionObject2D"]).merged(
						{"what": "a physics body or area"}),
				new_name_param("name", "Shape node name (default: CollisionShape3D/2D)", null, "parent"),
			] + _shape_params(),
			"example": {"parent": "/root/Main/Ground", "shape": "rectangle", "size": [640, 40]},
			"undo": "scene",
			"returns": {"path": "string", "shape": SHAPE_DESCRIPTION, "position": "Vector2|Vector3"},
			"handler": _add_shape,
		},
		{
			"method": "physics.fit_shape",
			"summary": "Resize and recenter an existing CollisionShape2D/3D to fit a mesh or sprite (e.g. after the art changed); can change its shape kind.",
			"params": [
				node_param("node_path", "The CollisionShape2D or CollisionShape3D", true, null, ["CollisionShape3D", "CollisionShape2D"]).merged(
						{"what": "a CollisionShape2D/3D"}),
				node_param("fit_to", "Mesh, sprite or node whose bounds to fit"),
				choice("shape", BridgeShapes.KINDS, "New kind (auto keeps a box/rectangle/sphere/circle/capsule/cylinder kind)", "auto"),
			],
			"example": {"node_path": "/root/Main/Player/Shape", "fit_to": "/root/Main/Player/Body"},
			"undo": "scene",
			"returns": {"path": "string", "shape": SHAPE_DESCRIPTION, "previous": SHAPE_DESCRIPTION, "position": "Vector2|Vector3"},
			"handler": _fit_shape,
		},
		{
			"method": "physics.add_joint",
			"summary": "Join two physics bodies with a joint (3D pin, hinge, slider, cone twist, 6DOF; 2D pin, groove, spring), placed between them.",
			"params": [
				choice("type", JOINTS.keys(), "Joint kind"),
				node_param("node_a", "First body", true, null, BODIES),
				node_param("node_b", "Second body (default: pinned to the world)", false, null, BODIES),
				node_param("parent", "Parent of the joint (default: the root)", false, ""),
				new_name_param("name", "Joint name", null),
				vector_param("position", "Global position of the joint (default: between the bodies)", false, "node_a"),
			],
			"example": {"type": "hinge", "node_a": "/root/Level3D/Door", "node_b": "/root/Level3D/Frame"},
			"example_scene": "res://scenes/level_3d.tscn",
			"example_setup": [
				{"method": "physics.add_body", "params": {"type": "RigidBody3D", "parent": "/root/Level3D", "name": "Door",
						"position": [1, 1, 0], "size": [1, 2, 0.1]}},
				{"method": "physics.add_body", "params": {"type": "StaticBody3D", "parent": "/root/Level3D", "name": "Frame",
						"position": [0, 1, 0], "size": [0.1, 2, 0.1]}},
			],
			"undo": "scene",
			"returns": {"path": "string", "type": "string", "position": "Vector2|Vector3", "node_a": "string", "node_b": "string|null"},
			"handler": _add_joint,
		},
	]


func _add_body(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var dim := 3 if p.type.ends_with("3D") else 2
	var body: Node = BridgeSceneEdit.make(p.type, p.get("name", ""))
	var result: Variant = _configure_body(body, parent, p, dim, p.get("fit_to"))
	if result is BridgeError:
		body.free()
		return result
	var path := BridgeSceneEdit.add(c.step, "add %s" % p.type, parent, body)
	return {"path": path, "type": p.type, "shape": BridgeShapes.describe(result.shape.shape),
			"shape_position": result.shape.position, "collision_layer": body.collision_layer, "collision_mask": body.collision_mask}


## Sets position, layers, properties and the shape child on a new body; returns {shape} or a BridgeError
## (the caller frees the body).
func _configure_body(body: Node, parent: Node, p: Dictionary, dim: int, fit: Variant) -> Variant:
	if p.has("position"):
		body.position = p.position
	for key: String in ["collision_layer", "collision_mask"]:
		if p.has(key):
			body.set(key, p[key])
	var bad: Variant = BridgeSceneEdit.set_all(body, p.get("properties", {}), "physics.add_body")
	if bad:
		return bad
	var parent_xform: Variant = _global_xform(parent, dim)
	var made: Variant = BridgeShapes.build(dim, p.shape, p, fit, parent_xform * body.transform)
	if made is BridgeError:
		return made
	var shape: Node = CollisionShape3D.new() if dim == 3 else CollisionShape2D.new()
	shape.name = shape.get_class()
	shape.shape = made.shape
	shape.transform = made.transform
	body.add_child(shape)
	return {"shape": shape}


func _add_shape(c: BridgeCall) -> Variant:
	var p := c.params
	var body: Node = p.parent
	var dim := BridgeSpatialQuery.dimension(body)
	var made: Variant = BridgeShapes.build(dim, p.shape, p, p.get("fit_to"), body.global_transform)
	if made is BridgeError:
		return made
	var node: Node = CollisionShape3D.new() if dim == 3 else CollisionShape2D.new()
	node.name = p.get("name", "") if p.get("name", "") != "" else node.get_class()
	node.shape = made.shape
	node.transform = made.transform
	var path := BridgeSceneEdit.add(c.step, "add collision shape to %s" % body.name, body, node)
	return {"path": path, "shape": BridgeShapes.describe(node.shape), "position": node.position}


func _fit_shape(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var fit: Node = p.fit_to
	var dim := BridgeSpatialQuery.dimension(node)
	var kind: String = p.shape
	if kind == "auto" and node.shape != null:
		kind = {"BoxShape3D": "box", "SphereShape3D": "sphere", "CapsuleShape3D": "capsule", "CylinderShape3D": "cylinder",
				"ConvexPolygonShape3D": "convex", "ConcavePolygonShape3D": "trimesh", "RectangleShape2D": "rectangle",
				"CircleShape2D": "circle", "CapsuleShape2D": "capsule"}.get(node.shape.get_class(), "auto")
	var parent_xform: Variant = _global_xform(node.get_parent(), dim)
	var made: Variant = BridgeShapes.build(dim, kind, {}, fit, parent_xform)
	if made is BridgeError:
		return made
	var previous: Dictionary = BridgeShapes.describe(node.shape)
	BridgeSceneEdit.set_properties(c.step, "fit %s to %s" % [node.name, fit.name], [[node, "shape", made.shape], [node, "transform", made.transform]])
	return {"path": BridgeSceneAccess.path_of(node), "shape": BridgeShapes.describe(node.shape), "previous": previous, "position": node.position}


func _add_joint(c: BridgeCall) -> Variant:
	var p := c.params
	var cls: String = JOINTS[p.type]
	var dim := 3 if cls.ends_with("3D") else 2
	var parent: Node = p.parent
	var bodies: Array = []
	for key: String in ["node_a", "node_b"]:
		if not p.has(key):
			continue
		var body: Node = p[key]
		if not (body is PhysicsBody3D if dim == 3 else body is PhysicsBody2D):
			return c.invalid("%s is a %s: a %s joins %dD physics bodies" % [BridgeSceneAccess.path_of(body),
					body.get_class(),
					cls, dim], {"param": key})
		bodies.append(body)
	if bodies.size() == 2 and bodies[0] == bodies[1]:
		return c.invalid("node_a and node_b are the same body", {"param": "node_b"})
	var at: Variant
	if p.has("position"):
		at = p.position
	else:
		at = bodies[0].global_position if bodies.size() == 1 else (bodies[0].global_position + bodies[1].global_position) / 2.0
	var joint: Node = BridgeSceneEdit.make(cls, p.get("name", ""))
	joint.position = _global_xform(parent, dim).affine_inverse() * at
	var ur := BridgeSceneAccess.action(c.step, "add %s" % cls)
	BridgeSceneEdit.add_to_action(ur, parent, joint)
	# node_a/node_b are paths relative to the joint, known once it is in the tree
	ur.add_do_property(joint, "node_a", _from_child_of(parent, bodies[0]))
	if bodies.size() == 2:
		ur.add_do_property(joint, "node_b", _from_child_of(parent, bodies[1]))
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(joint), "type": cls, "position": joint.global_position,
			"node_a": BridgeSceneAccess.path_of(joint.get_node(joint.node_a)),
			"node_b": BridgeSceneAccess.path_of(joint.get_node(joint.node_b)) if bodies.size() == 2 else null}


## The path from a new child of `parent` to `body` ("..", not "../.", when the body is the parent).
static func _from_child_of(parent: Node, body: Node) -> NodePath:
	return NodePath(("../" + str(parent.get_path_to(body))).trim_suffix("/."))


static func _global_xform(node: Node, dim: int) -> Variant:
	if dim == 3:
		return node.global_transform if node is Node3D else Transform3D.IDENTITY
	return node.get_global_transform() if node is CanvasItem else Transform2D.IDENTITY
