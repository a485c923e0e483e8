@tool
extends "../../core/command_group.gd"
## theme.*, Theme files: create a Theme .tres, set or remove many items at once (colors, constants,
## fonts, font sizes, styleboxes, icons per control type), and read one back. Each command loads the file
## (the editor's copy when it has one, so controls using it update), changes it and saves it: a file edit,
## not undoable.

const BridgeThemeItems := preload("lib/theme_items.gd")

const THEME_PATH := "res://ui/game_theme.tres"
const MAKE_THEME := {"method": "theme.create", "params": {"path": THEME_PATH, "default_font_size": 18}}
## ThemeItems.describe(): items by control type, then kind, then name.
const DESCRIBED := {"path": "string", "types": "Dictionary", "default_font_size": "int", "default_font": "string|null"}
const ITEMS_DOC := "[{type, kind, name, value}]: type a control class or variation (Button, Label, PanelContainer), kind color | constant | font | font_size | stylebox | icon, value as the kind wants ('#rrggbb', 12, res:// path, {\"bg_color\": \"#223344\", \"corner_radius\": 6} for a StyleBoxFlat); value null removes the item"


func commands() -> Array:
	return [
		{
			"method": "theme.create",
			"summary": "Create a Theme .tres with a default font size and font.",
			"params": [
				req("path", "string", "New .tres file", {"writes_path": true}),
				opt("default_font_size", "int", "Default font size", null, {"min": 1}),
				opt("default_font", "string", "res:// font (FontFile or FontVariation)"),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://ui/game_theme.tres", "default_font_size": 18},
			# a file written directly, not a step of any history
			"undo": "none",
			"returns": DESCRIBED,
			"handler": _create,
		},
		{
			"method": "theme.set_items",
			"idempotent": true,
			"summary": "Set (or remove with value null) theme items of any kind for control types in a Theme file; all checked before any is written.",
			"params": [
				req("path", "string", "The Theme .tres", {"writes_path": true}),
				req("items", "Array", ITEMS_DOC, {"items": "Dictionary"}),
				opt("variations", "Dictionary", "Type variations to declare: {\"TitleLabel\": \"Label\"}", {}),
			],
			"example": {"path": "res://ui/game_theme.tres", "items": [
				{"type": "Button", "kind": "color", "name": "font_color", "value": "#f0e0c0"},
				{"type": "Button", "kind": "stylebox", "name": "normal", "value": {"bg_color": "#334455", "corner_radius": 6}},
				{"type": "Label", "kind": "font_size", "name": "font_size", "value": 22},
				{"type": "VBoxContainer", "kind": "constant", "name": "separation", "value": 12},
			]},
			"example_setup": [MAKE_THEME],
			"undo": "none",
			"returns": {"path": "string", "types": "Dictionary", "default_font_size": "int", "default_font": "string|null",
					"changed": "int"},
			"handler": _set_items,
		},
		{
			"method": "theme.get",
			"summary": "Read a Theme file back: every item by type and kind, default font and size.",
			"params": [req("path", "string", "The Theme .tres"), opt("type", "string", "Only this control type")],
			"example": {"path": "res://ui/game_theme.tres"},
			"example_setup": [MAKE_THEME],
			"read_only": true,
			"returns": DESCRIBED,
			"handler": _get_theme,
		},
	]


func _open(path: String) -> Variant:
	if not ResourceLoader.exists(path):
		return BridgeError.not_found("no theme at %s" % path, {"param": "path"})
	var theme: Variant = load(path)
	if not theme is Theme:
		return BridgeError.invalid("%s is a %s, not a Theme" % [path, theme.get_class() if theme else "broken file"], {"param": "path"})
	return theme


func _save(theme: Theme, path: String) -> Variant:
	var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	if err == OK:
		err = ResourceSaver.save(theme, path)
	if err != OK:
		return BridgeError.failed("could not save %s: %s" % [path, error_string(err)], {"path": path})
	EditorInterface.get_resource_filesystem().update_file(path)
	return null


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	if p.path.get_extension() != "tres" and p.path.get_extension() != "res":
		return c.invalid("a theme is saved as .tres or .res, got '%s'" % p.path, {"param": "path"})
	if FileAccess.file_exists(p.path) and not p.overwrite:
		return c.failed("%s already exists; pass overwrite: true to replace it" % p.path, {"path": p.path})
	var theme := Theme.new()
	if p.has("default_font_size"):
		theme.default_font_size = p.default_font_size
	if p.has("default_font"):
		var font: Variant = BridgeThemeItems.coerce("font", p.default_font, "default_font")
		if font is BridgeError:
			return font
		theme.default_font = font
	var bad: Variant = _save(theme, p.path)
	if bad:
		return bad
	if ResourceLoader.has_cached(p.path):
		theme.take_over_path(p.path)
	var out := BridgeThemeItems.describe(theme)
	out["path"] = p.path
	return out


func _set_items(c: BridgeCall) -> Variant:
	var p := c.params
	var theme: Variant = _open(p.path)
	if theme is BridgeError:
		return theme
	if p.items.is_empty() and p.variations.is_empty():
		return c.invalid("items is empty", {"param": "items"})
	var planned: Array = []
	for item: Variant in p.items:
		if not item is Dictionary or not item.get("type") is String or not item.get("name") is String \
				or not BridgeThemeItems.KINDS.has(item.get("kind")) or not item.has("value") or item.type == "" or item.name == "":
			return c.invalid("each item is {type, kind, name, value} with kind one of %s, got %s" % [
					", ".join(PackedStringArray(BridgeThemeItems.KINDS.keys())), JSON.stringify(item)], {"param": "items"})
		var value: Variant = null
		if item.value != null:
			value = BridgeThemeItems.coerce(item.kind, item.value, "items")
			if value is BridgeError:
				value.message = "%s %s '%s': %s" % [item.type, item.kind, item.name, value.message]
				return value
		elif not theme.has_theme_item(BridgeThemeItems.KINDS[item.kind], item.name, item.type):
			return c.not_found("the theme has no %s '%s' for %s to remove" % [item.kind, item.name, item.type],
					{"param": "items"})
		planned.append([item, value])
	for v: String in p.variations:
		if not p.variations[v] is String or not ClassDB.class_exists(p.variations[v]):
			return c.invalid("variation %s needs a base control class, got %s" % [v, JSON.stringify(p.variations[v])],
					{"param": "variations"})
	for v: String in p.variations:
		theme.set_type_variation(v, p.variations[v])
	for pair: Array in planned:
		var item: Dictionary = pair[0]
		var kind: int = BridgeThemeItems.KINDS[item.kind]
		if pair[1] == null:
			theme.clear_theme_item(kind, item.name, item.type)
		else:
			theme.set_theme_item(kind, item.name, item.type, pair[1])
	var bad: Variant = _save(theme, p.path)
	if bad:
		return bad
	var out := BridgeThemeItems.describe(theme)
	out["path"] = p.path
	out["changed"] = planned.size() + p.variations.size()
	return out


func _get_theme(c: BridgeCall) -> Variant:
	var p := c.params
	var theme: Variant = _open(p.path)
	if theme is BridgeError:
		return theme
	var out := BridgeThemeItems.describe(theme, p.get("type", ""))
	out["path"] = p.path
	return out
