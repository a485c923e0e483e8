@tool
extends "../../core/command_group.gd"
## physics.*, bodies and shapes: a body with its collision shape in one step, shapes sized explicitly or
## fitted to a mesh or sprite, refitting a shape, and joints between two bodies. One undo step each.

const SceneAccess := preload("../../lib/scene_access.gd")
const SceneEdit := preload("../../lib/scene_edit.gd")
const SpatialQuery := preload("../../lib/spatial_query.gd")
const Shapes := preload("../../lib/collision_shapes.gd")
const LayerBits := preload("../../lib/layer_bits.gd")

const BODY_TYPES := ["StaticBody3D", "RigidBody3D", "CharacterBody3D", "AnimatableBody3D", "Area3D",
		"StaticBody2D", "RigidBody2D", "CharacterBody2D", "AnimatableBody2D", "Area2D"]
const JOINTS := {"pin": "PinJoint3D", "hinge": "HingeJoint3D", "slider": "SliderJoint3D", "cone_twist": "ConeTwistJoint3D",
		"generic_6dof": "Generic6DOFJoint3D", "pin_2d": "PinJoint2D", "groove_2d": "GrooveJoint2D",
		"spring_2d": "DampedSpringJoint2D"}


func _shape_params() -> Array:
	return [
		choice("shape", Shapes.KINDS, "Shape: auto (box in 3D, rectangle in 2D), box, sphere, capsule, cylinder, convex, trimesh, rectangle, circle", "auto"),
		opt("size", "Array", "Box/rectangle size, or the bounds other shapes are sized from ([x, y, z] or [x, y])"),
		opt("radius", "float", "Sphere, circle, capsule or cylinder radius", null, {"min": 0.0}),
		opt("height", "float", "Capsule or cylinder height", null, {"min": 0.0}),
		opt("fit_to", "NodePath", "Size the shape from this mesh or sprite (convex and trimesh take its triangles)"),
	]


func group_summary() -> String:
	return "Physics bodies, collision shapes, layers and masks, joints, materials"


func commands() -> Array:
	return [
		{
			"method": "physics.add_body",
			"summary": "Add a physics body or area (2D or 3D) with a collision shape child in one step, sized explicitly or fitted to a mesh or sprite.",
			"params": [
				choice("type", BODY_TYPES, "Body class"),
				opt("parent", "NodePath", "Parent (default: the root); parent it to a mesh and fit_to the mesh to give that mesh collision", ""),
				opt("name", "string", "Body name (default: the class name)"),
				opt("position", "Array", "Local position, [x, y, z] or [x, y]"),
			] + _shape_params() + [
				opt("collision_layer", "any", "Layers the body is on: mask, numbers or names"),
				opt("collision_mask", "any", "Layers the body scans: mask, numbers or names"),
				properties_param("properties", "Other body properties, e.g. {\"mass\": 5}"),
			],
			"example": {"type": "StaticBody3D", "parent": "/root/Level3D/Floor", "name": "FloorBody", "fit_to": "/root/Level3D/Floor"},
			"handler": _add_body,
		},
		{
			"method": "physics.add_shape",
			"summary": "Add a CollisionShape2D/3D to an existing body or area, sized explicitly or fitted to a mesh or sprite.",
			"params": [
				req("body", "NodePath", "Body or area to get the shape"),
				opt("name", "string", "Shape node name (default: CollisionShape3D/2D)"),
			] + _shape_params(),
			"example": {"body": "/root/Main/Ground", "shape": "rectangle", "size": [640, 40]},
			"handler": _add_shape,
		},
		{
			"method": "physics.fit_shape",
			"summary": "Resize and recenter an existing CollisionShape2D/3D to fit a mesh or sprite (e.g. after the art changed); can change its shape kind.",
			"params": [
				req("node_path", "NodePath", "The CollisionShape2D or CollisionShape3D"),
				req("fit_to", "NodePath", "Mesh, sprite or node whose bounds to fit"),
				choice("shape", Shapes.KINDS, "New kind (auto keeps a box/rectangle/sphere/circle/capsule/cylinder kind)", "auto"),
			],
			"example": {"node_path": "/root/Main/Player/Shape", "fit_to": "/root/Main/Player/Body"},
			"handler": _fit_shape,
		},
		{
			"method": "physics.add_joint",
			"summary": "Join two physics bodies with a joint (3D pin, hinge, slider, cone twist, 6DOF; 2D pin, groove, spring), placed between them.",
			"params": [
				choice("type", JOINTS.keys(), "Joint kind"),
				req("node_a", "NodePath", "First body"),
				opt("node_b", "NodePath", "Second body (default: pinned to the world)"),
				opt("parent", "NodePath", "Parent of the joint (default: the root)", ""),
				opt("name", "string", "Joint name"),
				opt("position", "Array", "Global position of the joint (default: between the bodies)"),
			],
			"example": {"type": "hinge", "node_a": "/root/Level3D/Door", "node_b": "/root/Level3D/Frame"},
			"handler": _add_joint,
		},
	]


func _add_body(p: Dictionary) -> Variant:
	var parent: Variant = SceneAccess.resolve(p.parent)
	if parent is BridgeError:
		return parent
	var dim := 3 if p.type.ends_with("3D") else 2
	var bad: Variant = SceneEdit.check_name(parent, p.get("name", ""), "physics.add_body")
	if bad:
		return bad
	var fit: Variant = _fit_node(p)
	if fit is BridgeError:
		return fit
	var body: Node = SceneEdit.make(p.type, p.get("name", ""))
	var result: Variant = _configure_body(body, parent, p, dim, fit)
	if result is BridgeError:
		body.free()
		return result
	var path := SceneEdit.add("add %s" % p.type, parent, body)
	return {"path": path, "type": p.type, "shape": Shapes.describe(result.shape.shape),
			"shape_position": result.shape.position, "collision_layer": body.collision_layer, "collision_mask": body.collision_mask}


## Sets position, layers, properties and the shape child on a new body; returns {shape} or a BridgeError.
func _configure_body(body: Node, parent: Node, p: Dictionary, dim: int, fit: Variant) -> Variant:
	if p.has("position"):
		var pos: Variant = SpatialQuery.to_vector(p.position, "position", dim)
		if pos is BridgeError:
			return pos
		body.position = pos
	for key in ["collision_layer", "collision_mask"]:
		if p.has(key):
			var mask: Variant = LayerBits.parse(p[key], "%dd_physics" % dim, key)
			if mask is BridgeError:
				return mask
			body.set(key, mask)
	var bad: Variant = SceneEdit.set_all(body, p.get("properties", {}), "physics.add_body")
	if bad:
		body.free()
		return bad
	var parent_xform: Variant = _global_xform(parent, dim)
	var made: Variant = Shapes.build(dim, p.shape, p, fit, parent_xform * body.transform)
	if made is BridgeError:
		return made
	var shape: Node = CollisionShape3D.new() if dim == 3 else CollisionShape2D.new()
	shape.name = shape.get_class()
	shape.shape = made.shape
	shape.transform = made.transform
	body.add_child(shape)
	return {"shape": shape}


func _add_shape(p: Dictionary) -> Variant:
	var body: Variant = SceneAccess.resolve(p.body)
	if body is BridgeError:
		return body
	if not (body is CollisionObject3D or body is CollisionObject2D):
		return BridgeError.invalid("%s is a %s, not a physics body or area" % [SceneAccess.path_of(body), body.get_class()],
				{"param": "body"})
	var dim := SpatialQuery.dimension(body)
	var bad: Variant = SceneEdit.check_name(body, p.get("name", ""), "physics.add_shape")
	if bad:
		return bad
	var fit: Variant = _fit_node(p)
	if fit is BridgeError:
		return fit
	var made: Variant = Shapes.build(dim, p.shape, p, fit, body.global_transform)
	if made is BridgeError:
		return made
	var node: Node = CollisionShape3D.new() if dim == 3 else CollisionShape2D.new()
	node.name = p.get("name", node.get_class())
	node.shape = made.shape
	node.transform = made.transform
	var path := SceneEdit.add("add collision shape to %s" % body.name, body, node)
	return {"path": path, "shape": Shapes.describe(node.shape), "position": node.position}


func _fit_shape(p: Dictionary) -> Variant:
	var node: Variant = SceneAccess.resolve(p.node_path)
	if node is BridgeError:
		return node
	if not (node is CollisionShape3D or node is CollisionShape2D):
		return BridgeError.invalid("%s is a %s, not a CollisionShape2D/3D" % [SceneAccess.path_of(node), node.get_class()],
				{"param": "node_path"})
	var fit: Variant = SceneAccess.resolve(p.fit_to)
	if fit is BridgeError:
		return fit
	var dim := SpatialQuery.dimension(node)
	var kind: String = p.shape
	if kind == "auto" and node.shape != null:
		kind = {"BoxShape3D": "box", "SphereShape3D": "sphere", "CapsuleShape3D": "capsule", "CylinderShape3D": "cylinder",
				"ConvexPolygonShape3D": "convex", "ConcavePolygonShape3D": "trimesh", "RectangleShape2D": "rectangle",
				"CircleShape2D": "circle", "CapsuleShape2D": "capsule"}.get(node.shape.get_class(), "auto")
	var parent_xform: Variant = _global_xform(node.get_parent(), dim)
	var made: Variant = Shapes.build(dim, kind, {}, fit, parent_xform)
	if made is BridgeError:
		return made
	var previous: Dictionary = Shapes.describe(node.shape)
	SceneEdit.set_properties("fit %s to %s" % [node.name, fit.name], [[node, "shape", made.shape], [node, "transform", made.transform]])
	return {"path": SceneAccess.path_of(node), "shape": Shapes.describe(node.shape), "previous": previous, "position": node.position}


func _add_joint(p: Dictionary) -> Variant:
	var cls: String = JOINTS[p.type]
	var dim := 3 if cls.ends_with("3D") else 2
	var parent: Variant = SceneAccess.resolve(p.parent)
	if parent is BridgeError:
		return parent
	var bodies: Array = []
	for key in ["node_a", "node_b"]:
		if not p.has(key):
			continue
		var body: Variant = SceneAccess.resolve(p[key])
		if body is BridgeError:
			return body
		if not (body is PhysicsBody3D if dim == 3 else body is PhysicsBody2D):
			return BridgeError.invalid("%s is a %s: a %s joins %dD physics bodies" % [SceneAccess.path_of(body), body.get_class(),
					cls, dim], {"param": key})
		bodies.append(body)
	if bodies.size() == 2 and bodies[0] == bodies[1]:
		return BridgeError.invalid("node_a and node_b are the same body", {"param": "node_b"})
	var bad: Variant = SceneEdit.check_name(parent, p.get("name", ""), "physics.add_joint")
	if bad:
		return bad
	var at: Variant
	if p.has("position"):
		at = SpatialQuery.to_vector(p.position, "position", dim)
		if at is BridgeError:
			return at
	else:
		at = bodies[0].global_position if bodies.size() == 1 else (bodies[0].global_position + bodies[1].global_position) / 2.0
	var joint: Node = SceneEdit.make(cls, p.get("name", ""))
	joint.position = _global_xform(parent, dim).affine_inverse() * at
	var ur := SceneAccess.action("add %s" % cls)
	SceneEdit.add_to_action(ur, parent, joint)
	# node_a/node_b are paths relative to the joint, known once it is in the tree
	ur.add_do_property(joint, "node_a", _from_child_of(parent, bodies[0]))
	if bodies.size() == 2:
		ur.add_do_property(joint, "node_b", _from_child_of(parent, bodies[1]))
	ur.commit_action()
	return {"path": SceneAccess.path_of(joint), "type": cls, "position": joint.global_position,
			"node_a": SceneAccess.path_of(joint.get_node(joint.node_a)),
			"node_b": SceneAccess.path_of(joint.get_node(joint.node_b)) if bodies.size() == 2 else null}


## The path from a new child of `parent` to `body` ("..", not "../.", when the body is the parent).
static func _from_child_of(parent: Node, body: Node) -> NodePath:
	return NodePath(("../" + str(parent.get_path_to(body))).trim_suffix("/."))


func _fit_node(p: Dictionary) -> Variant:
	return SceneAccess.resolve(p.fit_to) if p.has("fit_to") else null


static func _global_xform(node: Node, dim: int) -> Variant:
	if dim == 3:
		return node.global_transform if node is Node3D else Transform3D.IDENTITY
	return node.get_global_transform() if node is CanvasItem else Transform2D.IDENTITY
