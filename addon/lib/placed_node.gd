@tool
extends RefCounted
## A new node for scene2d.place / scene3d.place: a node class or an instance of a saved scene, checked
## to be of the right dimension, with position, rotation (degrees) and scale applied before it enters
## the tree.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeSceneEdit := preload("scene_edit.gd")
const BridgeSpatialQuery := preload("spatial_query.gd")


## {node, instanced} or a BridgeError. `what` is a class name or a res:// scene path.
static func make(what: String, node_name: String, dim: int) -> Variant:
	var node: Node
	var instanced := false
	if what.begins_with("res://") or what.begins_with("uid://"):
		if not ResourceLoader.exists(what) or not load(what) is PackedScene:
			return BridgeError.not_found("no scene at %s" % what, {"param": "type"})
		var edited := EditorInterface.get_edited_scene_root()
		if edited != null and load(what).resource_path == edited.scene_file_path:
			return BridgeError.invalid("%s is the scene being edited: a scene cannot be placed inside itself" % what,
					{"param": "type"})
		node = load(what).instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE)
		instanced = true
		if node_name != "":
			node.name = node_name
	else:
		var made: Variant = BridgeSceneEdit.make(what, node_name)
		if made is BridgeError:
			made.data["param"] = "type"
			return made
		node = made
	if BridgeSpatialQuery.dimension(node) != dim or node is Control:
		var cls := node.get_class()
		node.free()
		return BridgeError.invalid("%s is a %s, not a %s" % [what, cls, "Node3D" if dim == 3 else "Node2D"], {"param": "type"})
	return {"node": node, "instanced": instanced}
