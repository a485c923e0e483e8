@tool
extends RefCounted
## Building blocks the groups that build scenes share: check a new child name, build
## a new node with coerced properties before it enters the tree, and add it (with its children, all owned
## by the scene) as one undoable action or as part of one; the only way commands put a new node in the scene.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeClassTypes := preload("../core/class_types.gd")
const BridgeSceneAccess := preload("scene_access.gd")
const BridgePropertyPath := preload("property_path.gd")


## Null when `new_name` is free under `parent` (or empty: a name will be made), else the BridgeError.
static func check_name(parent: Node, new_name: String, param: String = "name") -> Variant:
	if new_name == "":
		return null
	if new_name.validate_node_name() != new_name:
		return BridgeError.invalid("'%s' is not a valid node name (no . : @ / \" %% or empty)" % new_name,
				{"param": param})
	if parent.has_node(NodePath(new_name)):
		return BridgeError.failed("%s already has a child named '%s'" % [BridgeSceneAccess.path_of(parent), new_name],
				{"param": param})
	return null


## A new node of `cls` (an engine class or a project class_name) named `node_name` (or the class name, made
## unique on add), or a BridgeError.
static func make(cls: String, node_name: String = "") -> Variant:
	var made: Variant = BridgeClassTypes.make(cls, "Node")
	if made is BridgeError:
		return made
	var node: Node = made
	node.name = node_name if node_name != "" else cls
	return node


## Applies a property map to a node or resource not yet in the tree, each value read back
## (PropertyPath.apply_new); the first refusal, or null.
static func set_all(obj: Object, properties: Dictionary, method: String) -> Variant:
	return BridgePropertyPath.apply_new(obj, properties, method)


## Adds `node` (with every child it already has) under `parent` to the action: the scene owns them all so
## they are saved, undo takes the node out again. Every command that puts a new node into the edited scene
## goes through here (or `add`), so ownership is decided in one place.
static func add_to_action(ur: EditorUndoRedoManager, parent: Node, node: Node) -> void:
	ur.add_do_method(parent, "add_child", node, true)
	var scene := BridgeSceneAccess.root_of(parent)  # the parent's scene, edited or not (core/open_scenes.gd)
	_own(ur, node, scene if scene != null else BridgeSceneAccess.root())
	ur.add_do_reference(node)
	ur.add_undo_method(parent, "remove_child", node)


## Adds `node` (named `name` when given, else its own name made unique) under `parent` as one undoable
## action and returns its path.
static func add(undo_step: RefCounted, action_name: String, parent: Node, node: Node, name: String = "") -> String:
	if name != "":
		node.name = name
	var ur := BridgeSceneAccess.action(undo_step, action_name)
	add_to_action(ur, parent, node)
	ur.commit_action()
	return BridgeSceneAccess.path_of(node)


## Sets several properties of existing objects in one undoable action: changes is [[object, property, value], …].
static func set_properties(undo_step: RefCounted, action_name: String, changes: Array) -> void:
	var ur := BridgeSceneAccess.action(undo_step, action_name)
	for c: Array in changes:
		ur.add_do_property(c[0], c[1], c[2])
	var reversed := changes.duplicate()
	reversed.reverse()
	for c: Array in reversed:
		ur.add_undo_property(c[0], c[1], c[0].get(c[1]))
	ur.commit_action()


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


## set_owner(root) on the do side for `node` and its descendants, stopping at an instanced scene: its
## inside belongs to that scene (owned by the instance root) and must not be saved into this one.
static func _own(ur: EditorUndoRedoManager, node: Node, root: Node) -> void:
	ur.add_do_method(node, "set_owner", root)
	if node.scene_file_path != "":
		return
	for child in node.get_children():
		_own(ur, child, root)
