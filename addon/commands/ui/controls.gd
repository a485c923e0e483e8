@tool
extends "../../core/command_group.gd"
## ui.*: build and lay out Control screens — add a control or container with an anchor preset, size flags
## and text; change a control's layout; wire keyboard/gamepad focus; read a screen's layout back. Undoable.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeLayout := preload("lib/control_layout.gd")
const BridgeClassTypes := preload("../../core/class_types.gd")
const BridgePropertyPath := preload("../../lib/property_path.gd")

const UI_SCENE := "res://scenes/ui.tscn"
## Layout.describe(): containers lay their children out, so anchors, offsets, preset and grow are only
## there outside one; focus only when a neighbour is set.
const CONTROL := {"path": "string", "type": "string", "position": "Vector2", "size": "Vector2", "min_size": "Vector2",
		"size_flags_h": "string", "size_flags_v": "string", "stretch_ratio": "float", "focus_mode": "string",
		"in_container": "bool", "anchors?": ["float"], "offsets?": ["float"], "preset?": "string", "grow?": ["string"],
		"focus?": "Dictionary"}


func _layout_params() -> Array:
	return [
		opt("preset", "enum", "Anchor preset (not inside containers): full_rect, center, top_wide, bottom_right, …", null,
				{"values": BridgeLayout.PRESETS.keys()}),
		opt("margin", "int", "Distance from the anchored edges, with preset"),
		opt("size_flags_h", "enum", "Horizontal size flags inside a container", null, {"values": BridgeLayout.SIZE_FLAGS.keys()}),
		opt("size_flags_v", "enum", "Vertical size flags inside a container", null, {"values": BridgeLayout.SIZE_FLAGS.keys()}),
		opt("min_size", "Vector2", "custom_minimum_size [w, h]"),
		opt("stretch_ratio", "float", "Share of the expanding space inside a container", null, {"min": 0.0}),
		opt("grow_h", "enum", "Horizontal grow direction when resized", null, {"values": BridgeLayout.GROW.keys()}),
		opt("grow_v", "enum", "Vertical grow direction when resized", null, {"values": BridgeLayout.GROW.keys()}),
		opt("position", "Vector2", "Position (not inside containers)"),
		opt("size", "Vector2", "Size (not inside containers)"),
	]


func commands() -> Array:
	return [
		{
			"method": "ui.add_control",
			"summary": "Add a Control or container (Button, Label, VBoxContainer, MarginContainer, …) with text, anchor preset, size flags and properties.",
			"params": [
				class_param("type", "Control", "Control class, e.g. Button, VBoxContainer, PanelContainer", true,
						true),
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: the class name, made unique)", null),
				opt("text", "string", "Text, for controls that have one (Label, Button, LineEdit, …)"),
				properties_param("properties", "More properties, coerced like node.set: {\"columns\": 2, \"alignment\": \"center\"}"),
			] + _layout_params(),
			"example": {"type": "VBoxContainer", "parent": "/root/UI", "name": "Menu", "preset": "center", "min_size": [240, 0]},
			"example_scene": UI_SCENE,
			# a CanvasItem's z_index stays within -4096..4096: the engine keeps 0
			"example_refused": {"properties": {"z_index": 99999}},
			"undo": "scene",
			"returns": CONTROL,
			"handler": _add,
		},
		{
			"method": "ui.set_layout",
			"idempotent": true,
			"summary": "Change a Control's layout: anchor preset with margin, grow, size flags, minimum size, stretch ratio, position, size (undoable).",
			"params": [node_param("node_path", "The Control", true, null, "Control")] + _layout_params() + [
				opt("keep_size", "bool", "With preset: keep the current size instead of shrinking to the minimum", false),
			],
			"example": {"node_path": "/root/UI/Title", "preset": "top_wide", "margin": 16},
			"example_scene": UI_SCENE,
			"undo": "scene",
			"returns": CONTROL,
			"handler": _set_layout,
		},
		{
			"method": "ui.focus",
			"idempotent": true,
			"summary": "Wire keyboard/gamepad focus: chain controls in order (neighbours, next/previous, optional wrap) or set one control's neighbours.",
			"params": [
				# kind "nodes" without a default, so the handler tells a chain given from one left out
				opt("chain", "Array", "Control paths in focus order: each gets focus_mode all and links to the next", null,
						{"kind": "nodes", "class": "Control"}),
				choice("direction", ["vertical", "horizontal"], "Arrow keys along the chain: up/down or left/right", "vertical"),
				opt("wrap", "bool", "Link the last control back to the first", false),
				node_param("node_path", "One control to change instead of a chain", false, null, "Control"),
				opt("neighbors", "Dictionary", "With node_path: {left, top, right, bottom, next, previous} → control paths (\"\" clears)"),
				opt("focus_mode", "enum", "With node_path: none, click or all", null, {"values": ["none", "click", "all"]}),
			],
			"example": {"chain": ["/root/UI/StartButton", "/root/UI/Menu/Play"], "wrap": true},
			"example_scene": UI_SCENE,
			"example_setup": [
				{"method": "ui.add_control", "params": {"type": "VBoxContainer", "parent": "/root/UI", "name": "Menu", "preset": "center"}},
				{"method": "ui.add_control", "params": {"type": "Button", "parent": "/root/UI/Menu", "name": "Play", "text": "Play"}},
			],
			"undo": "scene",
			"returns": {"controls": [CONTROL]},
			"handler": _focus,
		},
		{
			"method": "ui.layout",
			"summary": "Read a Control subtree's layout: rects, anchors and offsets or size flags, minimum sizes, focus wiring.",
			"params": [node_param("node_path", "Top control (default: the root)", false, "")],
			"example": {"node_path": "/root/UI"},
			"example_scene": UI_SCENE,
			"read_only": true,
			"returns": {"count": "int", "controls": [CONTROL]},
			"handler": _layout,
		},
	]


func _add(bc: BridgeCall) -> Variant:
	var p := bc.params
	var parent: Node = p.parent
	var c: Control = BridgeClassTypes.make(p.type, "Control")  # the router checked the name (kind "class")
	if p.has("text"):
		if not "text" in c:
			c.free()
			return bc.invalid("a %s has no text" % p.type, {"param": "text"})
		c.text = p.text
	var refused: Variant = BridgePropertyPath.apply_new(c, p.properties, "ui.add_control")
	if refused != null:
		c.free()
		return refused
	if p.get("name", "") != "":
		c.name = p.name
	# Presets need the parent's rect: lay the control out inside the parent, then hand it to the action.
	parent.add_child(c, true)
	var bad: Variant = BridgeLayout.apply(c, p, "ui.add_control", true)
	parent.remove_child(c)
	if bad:
		c.free()
		return bad
	var ur := BridgeSceneAccess.action(bc.step, "add %s" % p.type)
	ur.add_do_method(parent, "add_child", c, true)
	ur.add_do_method(c, "set_owner", BridgeSceneAccess.root())
	ur.add_do_reference(c)
	ur.add_undo_method(parent, "remove_child", c)
	ur.commit_action()
	return BridgeLayout.describe(c)


func _set_layout(bc: BridgeCall) -> Variant:
	var p := bc.params
	var c: Control = p.node_path
	var keys := ["preset", "size_flags_h", "size_flags_v", "min_size", "stretch_ratio", "grow_h", "grow_v", "position", "size"]
	if not keys.any(func(k: String) -> bool: return p.has(k)):
		return bc.invalid("give something to change: %s" % ", ".join(PackedStringArray(keys)),
				{"param": "preset"})
	var bad: Variant = BridgeLayout.commit(bc.step, c, p, "layout %s" % c.name)
	if bad:
		return bad
	return BridgeLayout.describe(c)


func _focus(bc: BridgeCall) -> Variant:
	var p := bc.params
	if p.has("chain") == p.has("node_path"):
		return bc.invalid("give chain, or node_path with neighbors/focus_mode", {"param": "chain"})
	var changes: Array = []  # [control, property, value]
	if p.has("chain"):
		if p.chain.size() < 2:
			return bc.invalid("a focus chain needs at least two controls", {"param": "chain"})
		var controls: Array = p.chain
		var fwd := "bottom" if p.direction == "vertical" else "right"
		var back := "top" if p.direction == "vertical" else "left"
		var n := controls.size()
		for i in n:
			var c: Control = controls[i]
			changes.append([c, "focus_mode", Control.FOCUS_ALL])
			var nxt: Control = controls[(i + 1) % n] if p.wrap or i < n - 1 else null
			var prv: Control = controls[(i - 1 + n) % n] if p.wrap or i > 0 else null
			if nxt:
				changes.append([c, "focus_neighbor_" + fwd, c.get_path_to(nxt)])
				changes.append([c, "focus_next", c.get_path_to(nxt)])
			if prv:
				changes.append([c, "focus_neighbor_" + back, c.get_path_to(prv)])
				changes.append([c, "focus_previous", c.get_path_to(prv)])
	else:
		var c: Control = p.node_path
		if not p.has("neighbors") and not p.has("focus_mode"):
			return bc.invalid("give neighbors, focus_mode or both", {"param": "neighbors"})
		if p.has("focus_mode"):
			changes.append([c, "focus_mode", ["none", "click", "all"].find(p.focus_mode)])
		for side: String in p.get("neighbors", {}):
			var prop: String = "focus_" + side if side in ["next", "previous"] else "focus_neighbor_" + side
			if not side in ["left", "top", "right", "bottom", "next", "previous"]:
				return bc.invalid("neighbors keys are left, top, right, bottom, next, previous; got '%s'" % side,
						{"param": "neighbors"})
			var target: Variant = p.neighbors[side]
			if not target is String:
				return bc.invalid("neighbors.%s is a control path or \"\"" % side, {"param": "neighbors"})
			if target == "":
				changes.append([c, prop, NodePath()])
				continue
			var t: Variant = _control(target, "neighbors")
			if t is BridgeError:
				return t
			changes.append([c, prop, c.get_path_to(t)])
	var ur := BridgeSceneAccess.action(bc.step, "focus wiring")
	var touched := {}
	for ch: Array in changes:
		ur.add_do_property(ch[0], ch[1], ch[2])
		ur.add_undo_property(ch[0], ch[1], ch[0].get(ch[1]))
		touched[ch[0]] = true
	ur.commit_action()
	return {"controls": touched.keys().map(func(c: Control) -> Dictionary: return BridgeLayout.describe(c))}


## The Control a path in 'neighbors' names: those paths are values in a Dictionary, which the router does not resolve.
func _control(path: String, param: String) -> Variant:
	var c: Variant = BridgeSceneAccess.resolve(path)
	if c is BridgeError:
		c.data["param"] = param
		return c
	if not c is Control:
		return BridgeError.invalid("%s is a %s, not a Control" % [BridgeSceneAccess.path_of(c), c.get_class()], {"param": param})
	return c


func _layout(c: BridgeCall) -> Variant:
	var p := c.params
	var top: Node = p.node_path
	var out: Array = []
	_collect(top, out)
	if out.is_empty():
		return c.invalid("%s has no Controls in its subtree" % BridgeSceneAccess.path_of(top), {"param": "node_path"})
	return {"count": out.size(), "controls": out}


func _collect(node: Node, out: Array) -> void:
	if node is Control:
		out.append(BridgeLayout.describe(node))
	for child in BridgeSceneAccess.scene_children(node):
		_collect(child, out)
