@tool
extends "../../core/command_group.gd"
## animtree.*, the tree: create an AnimationTree wired to a player with a root graph, describe its whole
## graph, list and write its parameters (conditions, blend positions, request values). Undoable.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeTreeAccess := preload("lib/anim_tree_access.gd")
const BridgeParams := preload("../../core/params.gd")


func commands() -> Array:
	return [
		{
			"method": "animtree.create",
			"summary": "Add an AnimationTree wired to an AnimationPlayer, with a state machine, blend tree or blend space as its root.",
			"params": [
				node_param("player", "The AnimationPlayer whose clips the tree blends", true, null, "AnimationPlayer"),
				node_param("parent", "Parent of the new tree (default: the player's parent)", false),
				new_name_param("name", "Node name", "AnimationTree"),
				choice("root_kind", BridgeTreeAccess.ROOT_KINDS, "The root graph", "state_machine"),
				opt("active", "bool", "Process the tree (it then drives the animated nodes, in the editor too)", true),
				node_param("advance_expression_base_node", "Node whose properties advance expressions read (default: the tree's parent)", false),
			],
			"example": {"player": "/root/Main/AnimationPlayer", "name": "AnimationTree", "root_kind": "state_machine"},
			"example_setup": [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}}],
			"undo": "scene",
			"returns": {"path": "string", "anim_player": "string", "root_kind": "string", "animations": ["string"]},
			"handler": _create,
		},
		{
			"method": "animtree.structure",
			"summary": "Describe an AnimationTree's graph: states and transitions, blend-tree nodes and connections, blend points, nested.",
			"params": [
				node_param("tree", "The AnimationTree", true, null, "AnimationTree"),
				opt("graph", "string", "Part of the graph to describe: '' for the root, 'Locomotion' for a nested node", ""),
			],
			"example": {"tree": "/root/Main/AnimationTree"},
			"example_setup": BridgeTreeAccess.EXAMPLE_STATE_MACHINE,
			"read_only": true,
			"returns": {"tree": "string", "graph": "string", "anim_player": "string", "active": "bool", "kind": "string"},
			"handler": _structure,
		},
		{
			"method": "animtree.parameters",
			"summary": "List an AnimationTree's parameters (conditions, blend positions, blend amounts, requests) with types and values.",
			"params": [
				node_param("tree", "The AnimationTree", true, null, "AnimationTree"),
				opt("filter", "string", "Only parameters whose path contains this text"),
			],
			"example": {"tree": "/root/Main/AnimationTree"},
			"example_setup": BridgeTreeAccess.EXAMPLE_STATE_MACHINE,
			"read_only": true,
			"returns": {"tree": "string", "count": "int", "parameters": [{"parameter": "string", "type": "string", "value": "any"}]},
			"handler": _parameters,
		},
		{
			"method": "animtree.set_parameter",
			"idempotent": true,
			"summary": "Write one tree parameter (a condition, a blend position, …), checked against its type; undoable, read back.",
			"params": [
				node_param("tree", "The AnimationTree", true, null, "AnimationTree"),
				req("parameter", "string", "Parameter path, with or without 'parameters/': 'conditions/moving', 'Move/blend_position'"),
				req("value", "any", "New value: true/false, a number, [x, y] for 2D blend positions"),
			],
			"example": {"tree": "/root/Main/AnimationTree", "parameter": "conditions/moving", "value": true},
			"example_setup": [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}},
					{"method": "animation.create", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8}},
					{"method": "animtree.create", "params": {"player": "/root/Main/AnimationPlayer"}},
					{"method": "animtree.add_node", "params": {"tree": "/root/Main/AnimationTree", "name": "Idle", "kind": "animation", "animation": "walk"}},
					{"method": "animtree.add_node", "params": {"tree": "/root/Main/AnimationTree", "name": "Walk", "kind": "animation", "animation": "walk"}},
					{"method": "animtree.set_transition", "params": {"tree": "/root/Main/AnimationTree", "from": "Idle", "to": "Walk",
						"advance_condition": "moving"}},
					# lists the new condition: the tree then stores it, so the saved scene holds it before the example
					{"method": "animtree.parameters", "params": {"tree": "/root/Main/AnimationTree"}}],
			"undo": "scene",
			"returns": {"tree": "string", "parameter": "string", "value": "any", "previous": "any"},
			"handler": _set_parameter,
		},
	]


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var player: AnimationPlayer = p.player
	var parent: Node = p.get("parent", player.get_parent())
	if parent == null or (parent != BridgeSceneAccess.root() and not BridgeSceneAccess.root().is_ancestor_of(parent)):
		return c.invalid("give parent (the player is the scene's root)", {"param": "parent"})
	var name: String = p.name if p.name != "" else "AnimationTree"
	if parent.has_node(NodePath(name)):  # the router checks a given parent; the default one is checked here
		return c.failed("%s already has a child named '%s'" % [BridgeSceneAccess.path_of(parent), name],
				{"param": "name"})
	var base: Node = p.get("advance_expression_base_node")
	var t := AnimationTree.new()
	t.name = name
	t.tree_root = ClassDB.instantiate(BridgeTreeAccess.KINDS[p.root_kind])
	t.active = p.active
	# Paths are relative to the tree, a child of parent.
	t.anim_player = NodePath("..") if player == parent else NodePath("../" + str(parent.get_path_to(player)))
	if base != null:
		t.advance_expression_base_node = NodePath("..") if base == parent else NodePath("../" + str(parent.get_path_to(base)))
	BridgeSceneEdit.add(c.step, "create AnimationTree %s" % name, parent, t)
	if t.get_node_or_null(t.anim_player) != player:
		return c.failed("the tree does not reach the player through %s" % t.anim_player)
	return {"path": BridgeSceneAccess.path_of(t), "anim_player": str(t.anim_player), "root_kind": p.root_kind,
			"animations": Array(t.get_animation_list()).map(func(n: StringName) -> String: return str(n))}


func _structure(c: BridgeCall) -> Variant:
	var p := c.params
	var t: Variant = BridgeTreeAccess.tree(p.tree)
	if t is BridgeError:
		return t
	var node: Variant = BridgeTreeAccess.node_at(t, p.graph)
	if node is BridgeError:
		return node
	var out := BridgeTreeAccess.describe(node)
	out["tree"] = BridgeSceneAccess.path_of(t)
	out["graph"] = p.graph
	out["anim_player"] = str(t.anim_player)
	out["active"] = t.active
	return out


func _parameters(c: BridgeCall) -> Variant:
	var p := c.params
	var t: Variant = BridgeTreeAccess.tree(p.tree)
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
		out.append({"parameter": name.trim_prefix("parameters/"), "type": BridgeSceneAccess.type_name(info), "value": t.get(name)})
	return {"tree": BridgeSceneAccess.path_of(t), "count": out.size(), "parameters": out}


func _set_parameter(c: BridgeCall) -> Variant:
	var p := c.params
	var t: Variant = BridgeTreeAccess.tree(p.tree)
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
		var guess := BridgeParams.did_you_mean(name.trim_prefix("parameters/"), names)
		return c.not_found("%s has no parameter '%s'%s; it has: %s" % [BridgeSceneAccess.path_of(t), p.parameter,
				" (did you mean '%s'?)" % guess if guess else "", ", ".join(PackedStringArray(names)) if names else "none"],
				{"param": "parameter", "suggestion": guess})
	var value: Variant = BridgeSceneAccess.coerce(p.value, info)
	if value is BridgeError:
		value.message = "%s" % value.message
		return value
	var previous: Variant = t.get(name)
	var ur := BridgeSceneAccess.action(c.step, "set %s" % name)
	ur.add_do_property(t, name, value)
	ur.add_undo_property(t, name, previous)
	ur.commit_action()
	return {"tree": BridgeSceneAccess.path_of(t), "parameter": name.trim_prefix("parameters/"), "value": t.get(name),
			"previous": previous}


## The tree lists its parameters from a cache that some graph edits (a transition's condition) do not mark
## stale: tell it the graph changed and let it rebuild the cache on the next frame.
func _refresh(t: AnimationTree) -> void:
	t.tree_root.emit_signal("tree_changed")
	await server.get_tree().process_frame
