@tool
extends RefCounted
## Theme items as the theme commands see them: the five kinds (color, constant, font, font_size,
## stylebox, icon), JSON values coerced to each kind (styleboxes from {"class": "StyleBoxFlat", …} with
## corner_radius / border_width / content_margin shorthands for all four sides), a Theme as JSON, and the
## theme_override_* property of a Control for one item.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeSceneAccess := preload("../../../lib/scene_access.gd")

const KINDS := {
	"color": Theme.DATA_TYPE_COLOR, "constant": Theme.DATA_TYPE_CONSTANT, "font": Theme.DATA_TYPE_FONT,
	"font_size": Theme.DATA_TYPE_FONT_SIZE, "icon": Theme.DATA_TYPE_ICON, "stylebox": Theme.DATA_TYPE_STYLEBOX,
}
## The Control property group of each kind's overrides.
const OVERRIDE_GROUPS := {"color": "theme_override_colors", "constant": "theme_override_constants",
		"font": "theme_override_fonts", "font_size": "theme_override_font_sizes", "icon": "theme_override_icons",
		"stylebox": "theme_override_styles"}
## StyleBox shorthands: one value for all four sides.
const SHORTHANDS := {"corner_radius": "set_corner_radius_all", "border_width": "set_border_width_all",
		"content_margin": "set_content_margin_all", "expand_margin": "set_expand_margin_all"}


## The JSON value as the kind's type, or a BridgeError (param `param`).
static func coerce(kind: String, value: Variant, param: String = "value") -> Variant:
	var out: Variant
	match kind:
		"color":
			out = BridgeSceneAccess.coerce(value, {"name": param, "type": TYPE_COLOR})
		"constant", "font_size":
			out = BridgeSceneAccess.coerce(value, {"name": param, "type": TYPE_INT})
			if kind == "font_size" and out is int and out <= 0:
				out = BridgeError.invalid("a font size is a positive integer, got %s" % out)
		"font":
			out = BridgeSceneAccess.coerce(value, {"name": param, "type": TYPE_OBJECT,
					"hint": PROPERTY_HINT_RESOURCE_TYPE,
					"hint_string": "Font"})
		"icon":
			out = BridgeSceneAccess.coerce(value, {"name": param, "type": TYPE_OBJECT,
					"hint": PROPERTY_HINT_RESOURCE_TYPE,
					"hint_string": "Texture2D"})
		"stylebox":
			out = _stylebox(value, param)
	if out is BridgeError:
		out.data["param"] = param
	elif out == null:
		out = BridgeError.invalid("'%s': a %s needs a value (a res:// path or a new resource)" % [param, kind], {"param": param})
	return out


static func _stylebox(value: Variant, param: String) -> Variant:
	if not value is Dictionary:
		return BridgeSceneAccess.coerce(value, {"name": param, "type": TYPE_OBJECT, "hint": PROPERTY_HINT_RESOURCE_TYPE,
				"hint_string": "StyleBox"})
	var plain := {}
	var shorthands := {}
	for key: String in value:
		if SHORTHANDS.has(key):
			shorthands[key] = value[key]
		else:
			plain[key] = value[key]
	if not plain.has("class"):
		plain["class"] = "StyleBoxFlat"
	var box: Variant = BridgeSceneAccess.coerce(plain, {"name": param, "type": TYPE_OBJECT, "hint": PROPERTY_HINT_RESOURCE_TYPE,
			"hint_string": "StyleBox"})
	if box is BridgeError:
		return box
	for key: String in shorthands:
		var n: Variant = shorthands[key]
		if not (n is int or n is float) or not box.has_method(SHORTHANDS[key]):
			return BridgeError.invalid("'%s': %s takes one number for all sides of a %s" % [param, key, box.get_class()])
		box.call(SHORTHANDS[key], n)
	return box


## Every item of a theme as JSON: {types: {Button: {color: {font_color: …}, …}}, default_font_size, …}.
static func describe(theme: Theme, only_type: String = "") -> Dictionary:
	var types := {}
	for type in theme.get_type_list():
		if only_type != "" and type != only_type:
			continue
		var entry := {}
		for kind: String in KINDS:
			var names := theme.get_theme_item_list(KINDS[kind], type)
			if names.is_empty():
				continue
			var items := {}
			for n in names:
				items[n] = describe_value(theme.get_theme_item(KINDS[kind], n, type))
			entry[kind] = items
		var variation := theme.get_type_variation_base(type)
		if variation != &"":
			entry["variation_of"] = str(variation)
		types[type] = entry
	return {"types": types, "default_font_size": theme.default_font_size,
			"default_font": theme.default_font.resource_path if theme.default_font else null}


## A theme value as JSON; styleboxes and fonts without a file show their class and main settings.
static func describe_value(v: Variant) -> Variant:
	if v is StyleBoxFlat:
		return {"class": "StyleBoxFlat", "path": v.resource_path, "bg_color": v.bg_color, "border_color": v.border_color,
				"border_width": [v.border_width_left, v.border_width_top, v.border_width_right, v.border_width_bottom],
				"corner_radius": [v.corner_radius_top_left, v.corner_radius_top_right, v.corner_radius_bottom_right,
				v.corner_radius_bottom_left], "content_margin": [v.content_margin_left, v.content_margin_top,
				v.content_margin_right, v.content_margin_bottom]}
	if v is Resource:
		return {"class": v.get_class(), "path": v.resource_path}
	return v


static func override_property(kind: String, name: String) -> String:
	return "%s/%s" % [OVERRIDE_GROUPS[kind], name]
