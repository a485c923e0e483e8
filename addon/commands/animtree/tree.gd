@tool
extends "../../core/command_group.gd"
## animtree.*, the tree: create an AnimationTree wired to a player with a root graph, describe its whole
## graph, list and write its parameters (conditions, blend positions, request values). Undoable.

const SceneAccess := preload("../../lib/scene_access.gd")
const TreeAccess := preload("../../lib/anim_tree_access.gd")
const Params := preload("../../core/params.gd")


func commands() -> Array:
	return [
		{
			"method": "animtree.create",
			"summary": "Add an AnimationTree wired to an AnimationPlayer, with a state machine, blend tree or blend space as its root.",
			"params": [
				req("player", "NodePath", "The AnimationPlayer whose clips the tree blends"),
				opt("parent", "NodePath", "Parent of the new tree (default: the player's parent)"),
				opt("name", "string", "Node name", "AnimationTree"),
				choice("root_kind", TreeAccess.ROOT_KINDS, "The root graph", "state_machine"),
				opt("active", "bool", "Process the tree (it then drives the animated nodes, in the editor too)", true),
				opt("advance_expression_base_node", "NodePath", "Node whose properties advance expressions read (default: the tree's parent)"),
			],
			"example": {"player": "/root/Main/AnimationPlayer", "name": "AnimationTree", "root_kind": "state_machine"},
			"handler": _create,
		},
		{
			"method": "animtree.structure",
			"summary": "Describe an AnimationTree's graph: states and transitions, blend-tree nodes and connections, blend points, nested.",
			"params": [
				req("tree", "NodePath", "The AnimationTree"),
				opt("graph", "string", "Part of the graph to describe: '' for the root, 'Locomotion' for a nested node", ""),
			],
			"example": {"tree": "/root/Main/AnimationTree"},
			"read_only": true,
			"handler": _structure,
		},
		{
			"method": "animtree.parameters",
			"summary": "List an AnimationTree's parameters (conditions, blend positions, blend amounts, requests) with types and values.",
			"params": [
				req("tree", "NodePath", "The AnimationTree"),
				opt("filter", "string", "Only parameters whose path contains this text"),
			],
			"example": {"tree": "/root/Main/AnimationTree"},
			"read_only": true,
			"handler": _parameters,
		},
		{
			"method": "animtree.set_parameter",
			"summary": "Write one tree parameter (a condition, a blend position, …), checked against its type; undoable, read back.",
			"params": [
				req("tree", "NodePath", "The AnimationTree"),
				req("parameter", "string", "Parameter path, with or without 'parameters/': 'conditions/moving', 'Move/blend_position'"),
				req("value", "any", "New value: true/false, a number, [x, y] for 2D blend positions"),
			],
			"example": {"tree": "/root/Main/AnimationTree", "parameter": "conditions/moving", "value": true},
			"handler": _set_parameter,
		},
	]


func _create(p: Dictionary) -> Variant:
	var player: Variant = SceneAccess.resolve(p.player)
	if player is BridgeError:
		return player
	if not player is AnimationPlayer:
		return BridgeError.invalid("%s is a %s, not an AnimationPlayer" % [SceneAccess.path_of(player), player.get_class()],
				{"param": "player"})
	var parent: Variant = player.get_parent() if not p.has("parent") else SceneAccess.resolve(p.parent)
	if parent is BridgeError:
		return parent
	if parent == null or (parent != SceneAccess.root() and not SceneAccess.root().is_ancestor_of(parent)):
		return BridgeError.invalid("animtree.create: give parent (the player is the scene's root)", {"param": "parent"})
	if p.name == "" or p.name.validate_node_name() != p.name:
		return BridgeError.invalid("animtree.create: '%s' is not a valid node name" % p.name, {"param": "name"})
	if parent.has_node(NodePath(p.name)):
		return BridgeError.failed("%s already has a child named '%s'" % [SceneAccess.path_of(parent), p.name], {"param": "name"})
	var base: Node = null
	if p.has("advance_expression_base_node"):
		var b: Variant = SceneAccess.resolve(p.advance_expression_base_node)
		if b is BridgeError:
			return b
		base = b
	var t := AnimationTree.new()
	t.name = p.name
	t.tree_root = ClassDB.instantiate(TreeAccess.KINDS[p.root_kind])
	t.active = p.active
	# Paths are relative to the tree, a child of parent.
	t.anim_player = NodePath("..") if player == parent else NodePath("../" + str(parent.get_path_to(player)))
	if base != null:
		t.advance_expression_base_node = NodePath("..") if base == parent else NodePath("../" + str(parent.get_path_to(base)))
	var ur := SceneAccess.action("create AnimationTree %s" % p.name)
	ur.add_do_method(parent, "add_child", t, true)
	ur.add_do_method(t, "set_owner", SceneAccess.root())
	ur.add_do_reference(t)
	ur.add_undo_method(parent, "remove_child", t)
	ur.commit_action()
	if t.get_node_or_null(t.anim_player) != player:
		return BridgeError.failed("the tree does not reach the player through %s" % t.anim_player)
	return {"path": SceneAccess.path_of(t), "anim_player": str(t.anim_player), "root_kind": p.root_kind,
			"animations": Array(t.get_animation_list()).map(func(n: StringName) -> String: return str(n))}


func _structure(p: Dictionary) -> Variant:
	var t: Variant = TreeAccess.tree(p.tree)
	if t is BridgeError:
		return t
	var node: Variant = TreeAccess.node_at(t, p.graph)
	if node is BridgeError:
		return node
	var out := TreeAccess.describe(node)
	out["tree"] = SceneAccess.path_of(t)
	out["graph"] = p.graph
	out["anim_player"] = str(t.anim_player)
	out["active"] = t.active
	return out


func _parameters(p: Dictionary) -> Variant:
	var t: Variant = TreeAccess.tree(p.tree)
	if t is BridgeError:
		return t
	await _refresh(t)
	var out: Array = []
	for info: Dictionary in t.get_property_list():
		var name: String = info.name
		if not name.begins_with("parameters/") or info.type == TYPE_OBJECT or info.usage & PROPERTY_USAGE_READ_ONLY:
			continue  # playback objects and the read-only playback state are not settable values
		if p.has("filter") and not p.filter.to_lower() in name.to_lower():
			continue
		out.append({"parameter": name.trim_prefix("parameters/"), "type": SceneAccess.type_name(info), "value": t.get(name)})
	return {"tree": SceneAccess.path_of(t), "count": out.size(), "parameters": out}


func _set_parameter(p: Dictionary) -> Variant:
	var t: Variant = TreeAccess.tree(p.tree)
	if t is BridgeError:
		return t
	await _refresh(t)
	var name: String = p.parameter if p.parameter.begins_with("parameters/") else "parameters/" + p.parameter
	var info: Dictionary = {}
	var names: Array = []
	for i: Dictionary in t.get_property_list():
		if i.name == name:
			info = i
		elif str(i.name).begins_with("parameters/") and i.type != TYPE_OBJECT and not i.usage & PROPERTY_USAGE_READ_ONLY:
			names.append(str(i.name).trim_prefix("parameters/"))
	if info.is_empty() or info.type == TYPE_OBJECT or info.usage & PROPERTY_USAGE_READ_ONLY:
		var guess := Params.did_you_mean(name.trim_prefix("parameters/"), names)
		return BridgeError.not_found("%s has no parameter '%s'%s; it has: %s" % [SceneAccess.path_of(t), p.parameter,
				" (did you mean '%s'?)" % guess if guess else "", ", ".join(PackedStringArray(names)) if names else "none"],
				{"param": "parameter", "suggestion": guess})
	var value: Variant = SceneAccess.coerce(p.value, info)
	if value is BridgeError:
		value.message = "animtree.set_parameter: %s" % value.message
		return value
	var previous: Variant = t.get(name)
	var ur := SceneAccess.action("set %s" % name)
	ur.add_do_property(t, name, value)
	ur.add_undo_property(t, name, previous)
	ur.commit_action()
	return {"tree": SceneAccess.path_of(t), "parameter": name.trim_prefix("parameters/"), "value": t.get(name),
			"previous": previous}


## The tree lists its parameters from a cache that some graph edits (a transition's condition) do not mark
## stale: tell it the graph changed and let it rebuild the cache on the next frame.
func _refresh(t: AnimationTree) -> void:
	t.tree_root.emit_signal("tree_changed")
	await server.get_tree().process_frame
