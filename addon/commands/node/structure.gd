@tool
extends "../../core/command_group.gd"
## node.*, structure: add, remove, duplicate, rename and move nodes of the edited scene. Every change is
## one undoable action in the scene's history; a refused command changes nothing.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeClassTypes := preload("../../core/class_types.gd")
const BridgePropertyPath := preload("../../lib/property_path.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeNodePaths := preload("lib/node_paths.gd")


func commands() -> Array:
	return [
		{
			"method": "node.add",
			"any_scene": true,
			"summary": "Add a node of a class (or a class_name script class) under a parent, with optional properties.",
			"params": [
				class_param("type", "Node", "Node class, e.g. Sprite2D", true, true),
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: the class name, made unique)", null),
				properties_param("properties", "Property values to set, coerced like node.set"),
				opt("index", "int", "Position among the parent's children (default: last)", null, {"min": 0}),
			],
			"example": {"type": "Sprite2D", "parent": "/root/Main", "name": "Hero", "properties": {"position": [64, 32]}},
			# a CanvasItem's z_index stays within -4096..4096: the engine logs an error and keeps 0
			"example_refused": {"properties": {"z_index": 99999}},
			# properties: the values the node holds after the add, read back (as coerced and kept by the engine)
			"returns": {"path": "string", "name": "string", "type": "string", "properties?": "Dictionary"},
			"undo": "scene",
			"handler": _add,
		},
		{
			"method": "node.remove",
			"any_scene": true,
			"summary": "Remove a node and its children from the edited scene (undoable).",
			"params": [node_param("node_path", "Node to remove")],
			"example": {"node_path": "/root/Main/Ground"},
			"destructive": true,
			"returns": {"removed": "string"},
			"undo": "scene",
			"handler": _remove,
		},
		{
			"method": "node.duplicate",
			"any_scene": true,
			"summary": "Copy a node with its children, groups and connections, placed right after the original.",
			"params": [
				node_param("node_path", "Node to copy"),
				opt("name", "string", "Name of the copy (default: the original's, made unique)"),
			],
			"example": {"node_path": "/root/Main/Player", "name": "Player2"},
			"returns": {"path": "string", "source": "string", "type": "string"},
			"undo": "scene",
			"handler": _duplicate,
		},
		{
			"method": "node.rename",
			"any_scene": true,
			"summary": "Rename a node, rewriting NodePaths in the scene that pointed at it (as the editor does); refuses a name a sibling already has.",
			"params": [node_param("node_path", "Node to rename"), req("new_name", "string", "New name")],
			"example": {"node_path": "/root/Main/Camera2D", "new_name": "MainCamera"},
			"returns": {"path": "string", "old_name": "string", "changed": "bool", "updated_paths?": [{"node": "string", "property": "string", "old": "string", "new": "string"}]},
			"undo": "scene",
			"handler": _rename,
		},
		{
			"method": "node.move",
			"any_scene": true,
			"summary": "Reparent a node and/or move it among its siblings, keeping its global transform by default.",
			"params": [
				node_param("node_path", "Node to move"),
				node_param("new_parent", "New parent (default: keep the parent)", false),
				opt("index", "int", "Position among the (new) parent's children (default: last when reparenting)", null,
						{"min": 0}),
				opt("keep_global_transform", "bool", "Keep the on-screen position when reparenting", true),
			],
			"example": {"node_path": "/root/Main/Camera2D", "new_parent": "/root/Main/Player"},
			"returns": {"path": "string", "index": "int", "parent?": "string"},
			"undo": "scene",
			"handler": _move,
		},
	]


func _add(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	# the router lets "" through (the class name, made unique); here a given name must be a name
	if p.has("name") and p.name == "":
		return c.invalid("'' is not a valid node name; leave name out to get the class name, made unique",
				{"param": "name"})
	var node: Variant = BridgeClassTypes.make(p.type, "Node")  # the router checked the name (kind "class")
	if node is BridgeError:
		return node
	var bad: Variant = _check_index(parent, p, parent.get_child_count())
	if bad == null:
		if p.has("name"):
			node.name = p.name
		bad = _set_all(node, p.get("properties", {}))
	if bad != null:
		node.free()
		return bad
	var ur := BridgeSceneAccess.action(c.step, "add %s" % p.type)
	BridgeSceneEdit.add_to_action(ur, parent, node)
	if p.has("index"):
		ur.add_do_method(parent, "move_child", node, p.index)
	ur.commit_action()
	var out := {"path": BridgeSceneAccess.path_of(node), "name": str(node.name), "type": p.type}
	if not p.get("properties", {}).is_empty():
		out["properties"] = BridgePropertyPath.values_of(node, p.properties.keys())
	return out


func _remove(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Variant = _non_root(p.node_path, "remove")
	if node is BridgeError:
		return node
	var path := BridgeSceneAccess.path_of(node)
	var parent: Node = node.get_parent()
	var ur := BridgeSceneAccess.action(c.step, "remove %s" % node.name)
	ur.add_do_method(parent, "remove_child", node)
	ur.add_undo_method(parent, "add_child", node, true)
	ur.add_undo_method(parent, "move_child", node, node.get_index())
	BridgeSceneAccess.add_owner_ops(ur, BridgeSceneAccess.owner_pairs(node), true)
	ur.add_undo_reference(node)
	ur.commit_action()
	return {"removed": path}


func _duplicate(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Variant = _non_root(p.node_path, "duplicate")
	if node is BridgeError:
		return node
	var parent: Node = node.get_parent()
	var bad: Variant = _check_new_name(parent, p.name, "name") if p.has("name") else null
	if bad:
		return bad
	var copy: Node = node.duplicate()
	if p.has("name"):
		copy.name = p.name
	# Nodes the scene owns get the root as owner again; nodes inside instanced scenes keep theirs.
	var root := BridgeSceneAccess.root_of(node)
	var owners: Array = []
	for pair: Array in BridgeSceneAccess.owner_pairs(node):
		var twin := copy if pair[0] == node else copy.get_node_or_null(node.get_path_to(pair[0]))
		if pair[1] == root and twin != null:
			owners.append([twin, root])
	var ur := BridgeSceneAccess.action(c.step, "duplicate %s" % node.name)
	ur.add_do_method(parent, "add_child", copy, true)
	ur.add_do_method(parent, "move_child", copy, node.get_index() + 1)
	BridgeSceneAccess.add_owner_ops(ur, owners, false)
	ur.add_do_reference(copy)
	ur.add_undo_method(parent, "remove_child", copy)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(copy), "source": BridgeSceneAccess.path_of(node),
			"type": copy.get_class()}


func _rename(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var old_name := str(node.name)
	if p.new_name == old_name:
		return {"path": BridgeSceneAccess.path_of(node), "old_name": old_name, "changed": false}
	if node != c.scene_root():
		var bad: Variant = _check_new_name(node.get_parent(), p.new_name, "new_name")
		if bad:
			return bad
	elif p.new_name == "" or p.new_name.validate_node_name() != p.new_name:
		return c.invalid("'%s' is not a valid node name" % p.new_name, {"param": "new_name"})
	var rewrites := BridgeNodePaths.rewrites_for_rename(node, p.new_name)
	var ur := BridgeSceneAccess.action(c.step, "rename %s to %s" % [old_name, p.new_name])
	ur.add_do_method(node, "set_name", p.new_name)
	ur.add_undo_method(node, "set_name", old_name)
	for r: Dictionary in rewrites:
		ur.add_do_property(r.node, r.property, r.new)
		ur.add_undo_property(r.node, r.property, r.old)
	ur.commit_action()
	var updated: Array = rewrites.map(func(r: Dictionary) -> Dictionary:
		return {"node": BridgeSceneAccess.path_of(r.node), "property": str(r.property), "old": str(r.old),
				"new": str(r.new)})
	return {"path": BridgeSceneAccess.path_of(node), "old_name": old_name, "changed": true, "updated_paths": updated}


func _move(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Variant = _non_root(p.node_path, "move")
	if node is BridgeError:
		return node
	var old_parent: Node = node.get_parent()
	var parent: Node = old_parent
	if p.has("new_parent"):
		parent = p.new_parent
	if not p.has("index") and parent == old_parent:
		return c.invalid("give new_parent, index or both", {"param": "index"})
	if parent == node or node.is_ancestor_of(parent):
		return c.failed("cannot move %s under itself (%s)" % [BridgeSceneAccess.path_of(node),
				BridgeSceneAccess.path_of(parent)])
	var bad: Variant = _check_index(parent, p, parent.get_child_count() - (1 if parent == old_parent else 0))
	if bad:
		return bad
	var old_index: int = node.get_index()
	var ur := BridgeSceneAccess.action(c.step, "move %s" % node.name)
	if parent == old_parent:
		ur.add_do_method(parent, "move_child", node, p.index)
		ur.add_undo_method(parent, "move_child", node, old_index)
		ur.commit_action()
		return {"path": BridgeSceneAccess.path_of(node), "index": node.get_index()}
	var owners := BridgeSceneAccess.owner_pairs(node)
	ur.add_do_method(old_parent, "remove_child", node)
	ur.add_do_method(parent, "add_child", node, true)
	if p.has("index"):
		ur.add_do_method(parent, "move_child", node, p.index)
	BridgeSceneAccess.add_owner_ops(ur, owners, false)
	var keep := _transform_setter(node, p.keep_global_transform)
	if keep != "":
		ur.add_do_method(node, keep, node.get(keep.trim_prefix("set_")))
	ur.add_undo_method(parent, "remove_child", node)
	ur.add_undo_method(node, "set_name", node.name)
	ur.add_undo_method(old_parent, "add_child", node, true)
	ur.add_undo_method(old_parent, "move_child", node, old_index)
	BridgeSceneAccess.add_owner_ops(ur, owners, true)
	if keep != "":
		var local := "set_position" if node is Control else "set_transform"
		ur.add_undo_method(node, local, node.get(local.trim_prefix("set_")))
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(node), "index": node.get_index(),
			"parent": BridgeSceneAccess.path_of(parent)}


## Applies the property map to a node that is not in the tree yet, each value read back; the refusal, or null.
func _set_all(node: Node, properties: Dictionary) -> Variant:
	return BridgePropertyPath.apply_new(node, properties, "node.add", {"name": "the name parameter", "script": "node.script_attach"})


## The node (resolved by the router), or a refusal when it is the scene's root.
func _non_root(node: Node, verb: String) -> Variant:
	if node == BridgeSceneAccess.root_of(node):
		return BridgeError.failed("cannot %s the scene's root %s" % [verb, BridgeSceneAccess.path_of(node)], {"path": BridgeSceneAccess.path_of(node)})
	return node


## Null when `new_name` is a valid name no child of `parent` has yet, else the BridgeError saying why.
func _check_new_name(parent: Node, new_name: String, param: String) -> Variant:
	if new_name == "" or new_name.validate_node_name() != new_name:
		return BridgeError.invalid("'%s' is not a valid node name (no . : @ / \" %% or empty)" % new_name,
				{"param": param})
	if parent.has_node(NodePath(new_name)):
		return BridgeError.failed("%s already has a child named '%s'" % [BridgeSceneAccess.path_of(parent), new_name],
				{"param": param})
	return null


func _check_index(parent: Node, p: Dictionary, max_index: int) -> Variant:
	if p.has("index") and p.index > max_index:
		return BridgeError.invalid("index %d is out of range: %s takes 0..%d" % [p.index, BridgeSceneAccess.path_of(parent), max_index],
				{"param": "index"})
	return null


## The setter that restores the global transform after reparenting, or "" when not asked or not spatial.
func _transform_setter(node: Node, keep: bool) -> String:
	if not keep:
		return ""
	if node is Node2D or node is Node3D:
		return "set_global_transform"
	if node is Control:
		return "set_global_position"
	return ""
