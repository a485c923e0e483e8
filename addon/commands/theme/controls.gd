@tool
extends "../../core/command_group.gd"
## theme.*, on controls: assign a Theme file to a control (it then styles the control's subtree), override
## single items on one control, and read a control's theme, overrides and effective values. Undoable.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeThemeItems := preload("lib/theme_items.gd")

const UI_SCENE := "res://scenes/ui.tscn"
const THEMED := ["Control", "Window"]


func commands() -> Array:
	return [
		{
			"method": "theme.assign",
			"idempotent": true,
			"summary": "Give a Control (and so its subtree) a Theme file, or clear it with \"\"; undoable.",
			"params": [
				node_param("node_path", "The Control (or Window)", true, null, THEMED),
				req("theme", "string", "res:// Theme .tres, or \"\" to clear"),
			],
			"example": {"node_path": "/root/UI", "theme": "res://ui/game_theme.tres"},
			"example_scene": UI_SCENE,
			"example_setup": [{"method": "theme.create", "params": {"path": "res://ui/game_theme.tres", "default_font_size": 18}}],
			"undo": "scene",
			"returns": {"path": "string", "theme": "string|null"},
			"handler": _assign,
		},
		{
			"method": "theme.override",
			"idempotent": true,
			"summary": "Override one theme item on one Control (color, constant, font, font_size, stylebox, icon), or remove the override by omitting value; undoable.",
			"params": [
				node_param("node_path", "The Control", true, null, "Control"),
				choice("kind", BridgeThemeItems.KINDS.keys(), "Item kind"),
				req("name", "string", "Item name, e.g. font_color, separation, normal"),
				opt("value", "any", "The value ('#rrggbb', a number, a res:// path, {\"bg_color\": …} for a StyleBoxFlat); omit it to remove the override"),
			],
			"example": {"node_path": "/root/UI/Title", "kind": "color", "name": "font_color", "value": "#ffcc00"},
			"example_scene": UI_SCENE,
			"undo": "scene",
			"returns": {"path": "string", "kind": "string", "name": "string", "overridden": "bool", "value": "any", "effective": "any"},
			"handler": _override,
		},
		{
			"method": "theme.inspect",
			"summary": "A Control's theme: the Theme it or its nearest ancestor sets, its type variation, its overrides, and the effective value of asked items.",
			"params": [
				node_param("node_path", "The Control", true, null, THEMED),
				opt("items", "Array", "Items to resolve: [{kind, name}] → the value the control uses", null, {"items": "Dictionary"}),
			],
			"example": {"node_path": "/root/UI/Title", "items": [{"kind": "color", "name": "font_color"}]},
			"example_scene": UI_SCENE,
			"read_only": true,
			"returns": {"path": "string", "type": "string", "theme": "string|null", "theme_from": "string|null",
					"theme_type_variation": "string", "overrides": "Dictionary", "effective": [{"kind": "string", "name": "string",
					"value": "any"}]},
			"handler": _inspect,
		},
	]


func _assign(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var theme: Variant = BridgeSceneAccess.coerce(p.theme, {"name": "theme", "type": TYPE_OBJECT, "hint": PROPERTY_HINT_RESOURCE_TYPE,
			"hint_string": "Theme"})
	if theme is BridgeError:
		theme.data["param"] = "theme"
		return theme
	var ur := BridgeSceneAccess.action(c.step, "assign theme to %s" % node.name)
	ur.add_do_property(node, "theme", theme)
	ur.add_undo_property(node, "theme", node.theme)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(node), "theme": node.theme.resource_path if node.theme else null}


func _override(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Control = p.node_path
	var prop := BridgeThemeItems.override_property(p.kind, p.name)
	var known := false
	for info: Dictionary in node.get_property_list():
		if info.name == prop:
			known = true
	if not known:
		var names: Array = node.get_property_list().filter(func(i: Dictionary) -> bool:
				return str(i.name).begins_with(BridgeThemeItems.OVERRIDE_GROUPS[p.kind] + "/")).map(
				func(i: Dictionary) -> String: return str(i.name).get_slice("/", 1))
		return c.not_found("%s (%s) has no %s item '%s'; it has: %s" % [BridgeSceneAccess.path_of(node),
				node.get_class(),
				p.kind, p.name, ", ".join(PackedStringArray(names)) if names else "none"], {"param": "name"})
	var value: Variant = null
	if p.get("value") != null:
		value = BridgeThemeItems.coerce(p.kind, p.value)
		if value is BridgeError:
			return value
	var previous: Variant = node.get(prop)
	if value == null and previous == null:
		return c.not_found("%s has no %s override '%s' to remove" % [BridgeSceneAccess.path_of(node), p.kind, p.name],
				{"param": "name"})
	var ur := BridgeSceneAccess.action(c.step, "override %s %s on %s" % [p.kind, p.name, node.name])
	ur.add_do_property(node, prop, value)
	ur.add_undo_property(node, prop, previous)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(node), "kind": p.kind, "name": p.name,
			"overridden": node.get(prop) != null,
			"value": BridgeThemeItems.describe_value(node.get(prop)), "effective": BridgeThemeItems.describe_value(_effective(node, p.kind, p.name))}


func _inspect(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var source: Node = node
	while source != null and not ((source is Control or source is Window) and source.theme != null):
		source = source.get_parent()
	var overrides := {}
	for info: Dictionary in node.get_property_list():
		var name := str(info.name)
		for kind: String in BridgeThemeItems.OVERRIDE_GROUPS:
			if name.begins_with(BridgeThemeItems.OVERRIDE_GROUPS[kind] + "/") and node.get(name) != null:
				overrides.get_or_add(kind, {})[name.get_slice("/", 1)] = BridgeThemeItems.describe_value(node.get(name))
	var effective: Array = []
	for item: Variant in p.get("items", []):
		if not item is Dictionary or not BridgeThemeItems.KINDS.has(item.get("kind")) or not item.get("name") is String:
			return c.invalid("items holds {kind, name}, got %s" % JSON.stringify(item), {"param": "items"})
		if node is Control:
			effective.append({"kind": item.kind, "name": item.name, "value": BridgeThemeItems.describe_value(_effective(node, item.kind, item.name))})
	return {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(),
			"theme": node.theme.resource_path if node.theme else null,
			"theme_from": BridgeSceneAccess.path_of(source) if source != null and BridgeSceneAccess.root() and (source == BridgeSceneAccess.root() or BridgeSceneAccess.root().is_ancestor_of(source)) else null,
			"theme_type_variation": str(node.theme_type_variation) if node is Control else "", "overrides": overrides,
			"effective": effective}


func _effective(node: Control, kind: String, name: String) -> Variant:
	match kind:
		"color": return node.get_theme_color(name)
		"constant": return node.get_theme_constant(name)
		"font": return node.get_theme_font(name)
		"font_size": return node.get_theme_font_size(name)
		"icon": return node.get_theme_icon(name)
	return node.get_theme_stylebox(name)
