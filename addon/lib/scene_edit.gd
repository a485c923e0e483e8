@tool
extends RefCounted
## Building blocks the world-building groups share (scene2d, scene3d, spatial, physics, navigation, camera,
## lighting, environment): resolve several nodes, check a new child name, build a new node with coerced
## properties before it enters the tree, and add it (with its children, all owned by the scene) as part of
## one undoable action.

const BridgeError := preload("../core/bridge_error.gd")
const SceneAccess := preload("scene_access.gd")
const PropertyPath := preload("property_path.gd")


## The nodes at `paths`, in order, or the first BridgeError.
static func resolve_all(paths: Array, param: String = "nodes") -> Variant:
	if paths.is_empty():
		return BridgeError.invalid("'%s' is empty: give at least one node path" % param, {"param": param})
	var out: Array = []
	for path: Variant in paths:
		if not (path is String or path is StringName):
			return BridgeError.invalid("'%s' holds %s, not a node path" % [param, JSON.stringify(path)], {"param": param})
		var node: Variant = SceneAccess.resolve(str(path))
		if node is BridgeError:
			return node
		out.append(node)
	return out


## The node at `path`, or a BridgeError when it is missing or not of `cls` (e.g. "Node3D").
static func resolve_as(path: String, cls: String, param: String = "node_path") -> Variant:
	var node: Variant = SceneAccess.resolve(path)
	if node is BridgeError:
		return node
	if not node.is_class(cls):
		return BridgeError.invalid("%s is a %s, not a %s" % [SceneAccess.path_of(node), node.get_class(), cls],
				{"param": param, "type": node.get_class()})
	return node


## Null when `new_name` is free under `parent` (or empty: a name will be made), else the BridgeError.
static func check_name(parent: Node, new_name: String, method: String, param: String = "name") -> Variant:
	if new_name == "":
		return null
	if new_name.validate_node_name() != new_name:
		return BridgeError.invalid("%s: '%s' is not a valid node name (no . : @ / \" %% or empty)" % [method, new_name],
				{"param": param})
	if parent.has_node(NodePath(new_name)):
		return BridgeError.failed("%s already has a child named '%s'" % [SceneAccess.path_of(parent), new_name],
				{"param": param})
	return null


## A new node of `cls` named `node_name` (or the class name, made unique on add), or a BridgeError.
static func make(cls: String, node_name: String = "") -> Variant:
	if not ClassDB.class_exists(cls) or not ClassDB.is_parent_class(cls, "Node") or not ClassDB.can_instantiate(cls):
		return BridgeError.invalid("'%s' is not a node class that can be created" % cls, {"type": cls})
	var node: Node = ClassDB.instantiate(cls)
	node.name = node_name if node_name != "" else cls
	return node


## Applies a property map to a node or resource not yet in the tree, each value read back
## (PropertyPath.apply_new); the first refusal, or null.
static func set_all(obj: Object, properties: Dictionary, method: String) -> Variant:
	return PropertyPath.apply_new(obj, properties, method)


## Adds `node` (with every child it already has) under `parent` to the action: the scene owns them all,
## undo takes the node out again. An instanced scene (own_children false) keeps its inside to itself.
static func add_to_action(ur: EditorUndoRedoManager, parent: Node, node: Node, own_children: bool = true) -> void:
	ur.add_do_method(parent, "add_child", node, true)
	ur.add_do_method(node, "set_owner", SceneAccess.root())
	for child in _descendants(node) if own_children else []:
		ur.add_do_method(child, "set_owner", SceneAccess.root())
	ur.add_do_reference(node)
	ur.add_undo_method(parent, "remove_child", node)


## Adds `node` under `parent` as one undoable action and returns its path.
static func add(action_name: String, parent: Node, node: Node) -> String:
	var ur := SceneAccess.action(action_name)
	add_to_action(ur, parent, node)
	ur.commit_action()
	return SceneAccess.path_of(node)


## Sets several properties of existing objects in one undoable action: changes is [[object, property, value], …].
static func set_properties(action_name: String, changes: Array) -> void:
	var ur := SceneAccess.action(action_name)
	for c: Array in changes:
		ur.add_do_property(c[0], c[1], c[2])
	var reversed := changes.duplicate()
	reversed.reverse()
	for c: Array in reversed:
		ur.add_undo_property(c[0], c[1], c[0].get(c[1]))
	ur.commit_action()


## The parent for a new node: `path`, or the scene root when empty.
static func parent_for(path: String) -> Variant:
	return SceneAccess.resolve(path)


## Degrees (as people type them) → a Basis, in Godot's YXZ Euler order.
static func basis_from_degrees(degrees: Vector3) -> Basis:
	return Basis.from_euler(Vector3(deg_to_rad(degrees.x), deg_to_rad(degrees.y), deg_to_rad(degrees.z)))


## Rounds a vector's components for readable results (1e-4).
static func tidy(v: Variant) -> Variant:
	if v is Vector3:
		return Vector3(snappedf(v.x, 0.0001), snappedf(v.y, 0.0001), snappedf(v.z, 0.0001))
	if v is Vector2:
		return Vector2(snappedf(v.x, 0.0001), snappedf(v.y, 0.0001))
	if v is float:
		return snappedf(v, 0.0001)
	return v


static func _descendants(node: Node) -> Array[Node]:
	var out: Array[Node] = []
	for child in node.get_children():
		out.append(child)
		out.append_array(_descendants(child))
	return out
