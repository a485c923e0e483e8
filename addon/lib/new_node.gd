@tool
extends RefCounted
## Puts a node built by a world-building command (with any children it built) into the edited scene as
## one undoable action, every part owned by the scene root so it is saved. Also the parent and name
## checks those commands share. `const NewNode := preload("../../lib/new_node.gd")`.

const BridgeError := preload("../core/bridge_error.gd")
const SceneAccess := preload("scene_access.gd")


## The parent node at `parent_path`, or a BridgeError; refuses a `name` the parent already has or that
## is not a valid node name (an empty name is fine: the node keeps its default, made unique).
static func check(parent_path: String, name: String, method: String) -> Variant:
	var parent: Variant = SceneAccess.resolve(parent_path)
	if parent is BridgeError:
		return parent
	if name == "":
		return parent
	if name.validate_node_name() != name:
		return BridgeError.invalid("%s: '%s' is not a valid node name (no . : @ / \" %% or empty)" % [method, name],
				{"param": "name"})
	if parent.has_node(NodePath(name)):
		return BridgeError.failed("%s already has a child named '%s'" % [SceneAccess.path_of(parent), name],
				{"param": "name"})
	return parent


## Adds `node` (named `name`, or its own name made unique) under `parent` as one action; returns its path.
static func add(node: Node, parent: Node, name: String, action_name: String) -> String:
	if name != "":
		node.name = name
	var ur := SceneAccess.action(action_name)
	ur.add_do_method(parent, "add_child", node, true)
	add_owned(ur, node, SceneAccess.root())
	ur.add_do_reference(node)
	ur.add_undo_method(parent, "remove_child", node)
	ur.commit_action()
	return SceneAccess.path_of(node)


## set_owner(root) on the do side for `node` and every descendant not inside an instanced scene.
static func add_owned(ur: EditorUndoRedoManager, node: Node, root: Node) -> void:
	ur.add_do_method(node, "set_owner", root)
	if node.scene_file_path != "":
		return
	for child in node.get_children():
		add_owned(ur, child, root)


## The node at `path` if it is one of `classes`, else a BridgeError naming what it is.
static func require(path: String, classes: Array, method: String) -> Variant:
	var node: Variant = SceneAccess.resolve(path)
	if node is BridgeError:
		return node
	for cls: String in classes:
		if node.is_class(cls):
			return node
	return BridgeError.invalid("%s: %s is a %s, not a %s" % [method, SceneAccess.path_of(node), node.get_class(),
			" or ".join(PackedStringArray(classes))], {"param": "node_path", "path": path})
