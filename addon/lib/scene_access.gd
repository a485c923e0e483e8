@tool
extends RefCounted
## The open scenes as commands see them: their roots, node paths in the "/root/Main/Player" form, undoable
## actions on a scene's history, and JSON values coerced against a property's declared type. A command working
## on a call's scene (any_scene: core/open_scenes.gd) reaches it through the call (c.scene_root()) or a node of
## it (root_of), never through root(), which is the edited scene's.
## Every function is static: `const BridgeSceneAccess := preload("scene_access.gd")`.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeParams := preload("../core/params.gd")
const BridgeCoerce := preload("../core/value_coercion.gd")
const BridgeSceneNodes := preload("../core/scene_nodes.gd")
const BridgeUndoStep := preload("../core/undo_step.gd")


## The edited scene's root, or null when no scene is open.
static func root() -> Node:
	return BridgeSceneNodes.root()


## The root of the open scene `node` is in (the edited one or another), or null for a node in none (being made).
static func root_of(node: Node) -> Node:
	return BridgeSceneNodes.root_of(node)


## The edited scene's root, or a NO_SCENE BridgeError to return as is.
static func require_root() -> Variant:
	var r := root()
	if r == null:
		return no_scene()
	return r


static func no_scene() -> RefCounted:
	return BridgeSceneNodes.no_scene()


## The node at `path` in the edited scene, or a BridgeError (NO_SCENE, or NOT_FOUND with a did-you-mean).
## Accepts "/root/Main/Player", "Main/Player", "Player" (relative to the root), and "", "." or
## "/root/Main" for the root itself.
static func resolve(path: String, in_root: Node = null) -> Variant:
	return BridgeSceneNodes.resolve(path, in_root)


## The "/root/Main/Player" form of a node of the edited scene.
static func path_of(node: Node) -> String:
	return BridgeSceneNodes.path_of(node)


## The children a person sees in the Scene dock: none inside an instanced scene unless its children are editable.
static func scene_children(node: Node) -> Array[Node]:
	var r := root_of(node)
	if node != r and node.scene_file_path != "" and not r.is_editable_instance(node):
		return []
	return node.get_children()


## Starts an undoable action on the edited scene's history (what Ctrl+Z undoes in that scene).
## Add do/undo operations, then call commit_action() on the returned manager. Inside a command's undo
## step (core/undo_step.gd, opened by the router) the first action names the step and later ones merge into it.
## The history is that of the step's scene (the call's: the edited one, or the open scene it names).
static func action(undo_step: BridgeUndoStep, action_name: String) -> EditorUndoRedoManager:
	var scene: Node = undo_step.scene if undo_step != null and undo_step.scene != null else root()
	return BridgeUndoStep.action_for(undo_step, "Bridge: " + action_name, scene)


## [node, owner] for `node` and every owned descendant: the owners that leaving the tree clears, to
## restore with add_owner_ops after the node is back in a tree.
static func owner_pairs(node: Node) -> Array:
	var out: Array = []
	if node.owner != null:
		out.append([node, node.owner])
	for child in node.get_children():
		out.append_array(owner_pairs(child))
	return out


## Adds set_owner calls for `pairs` to the do side (on_undo false) or the undo side of the action.
static func add_owner_ops(ur: EditorUndoRedoManager, pairs: Array, on_undo: bool) -> void:
	for pair: Array in pairs:
		if on_undo:
			ur.add_undo_method(pair[0], "set_owner", pair[1])
		else:
			ur.add_do_method(pair[0], "set_owner", pair[1])


## The property-list entry of `property` on `obj`, or a NOT_FOUND BridgeError with a did-you-mean.
static func property_info(obj: Object, property: String) -> Variant:
	return BridgeSceneNodes.property_info(obj, property)


## Converts a JSON value to the type a property (or method argument) declares, or returns a BridgeError
## naming the expected type. Never falls back to a default. `info` is a get_property_list() entry; `holder`
## the object it is a property of, whose scene a node-typed value is looked up in (else the edited scene).
static func coerce(value: Variant, info: Dictionary, holder: Object = null) -> Variant:
	if holder is Node and _holds_nodes(info):
		var scene := root_of(holder)
		if scene != null:
			return BridgeCoerce.coerce(value, info.merged({"scene_root": scene}))
	return BridgeCoerce.coerce(value, info)


static func _holds_nodes(info: Dictionary) -> bool:
	var hint: int = info.get("hint", PROPERTY_HINT_NONE)
	return hint == PROPERTY_HINT_NODE_TYPE or hint == PROPERTY_HINT_ARRAY_TYPE


## A short type name for a property-list entry: "Vector2", "Texture2D", "Array[int]", "int (enum: A, B)".
static func type_name(info: Dictionary) -> String:
	return BridgeCoerce.type_name(info)
