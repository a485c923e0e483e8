@tool
extends RefCounted
## Values a saved file will not say. A scene or resource file stores only the properties that differ from their
## default (the script's, else the class's), so a write of the default value reads back as set but leaves no
## line in the file: whichever engine opens the file later reads its own default, which another Godot version
## may have changed (4.6 made Environment's glow_blend_mode Screen). lib/property_path.gd asks here after each
## write it verified, and the note goes into the command's answer as `equals_default` (core/engine_said.gd).
## Every function is static: `const BridgeSavedDefaults := preload("saved_defaults.gd")`.

const BridgeCompat := preload("../core/compat.gd")
const BridgeEngineSaid := preload("../core/engine_said.gd")
const BridgeJsonValue := preload("../core/json_value.gd")

const KEY := "equals_default"


## The default a saved file leaves out for `property` of `obj`: [value], or [] when none is known (a property the
## object's class does not declare, and no script variable of that name).
static func default_of(obj: Object, property: String) -> Array:
	var script: Script = obj.get_script()
	if script != null:
		for info: Dictionary in script.get_script_property_list():
			if info.name == property:
				return [script.get_property_default_value(property)]
	if not ClassDB.class_exists(obj.get_class()):
		return []
	for info: Dictionary in ClassDB.class_get_property_list(obj.get_class()):
		if info.name == property:
			return [ClassDB.class_get_property_default_value(obj.get_class(), property)]
	return []


## Whether a node's own values go into the edited scene's file: the scene's root or a node it owns (a node of an
## instanced scene, or one a script made without an owner, is saved elsewhere or not at all).
static func in_saved_scene(node: Node) -> bool:
	var root := EditorInterface.get_edited_scene_root()
	return root != null and (node == root or node.owner == root)


## Notes, for the answer of `method`, that `path` was given `value`, the default of `obj`'s `property`.
static func note(obj: Object, property: String, path: String, value: Variant, method: String) -> void:
	var engine: String = BridgeCompat.version().string
	var shown := JSON.stringify(BridgeJsonValue.to_json(value))
	var text := "%s = %s is %s's default %s in Godot %s, so a saved file will not store it: whichever engine opens the file reads its own default" % [
			path, shown, obj.get_class(), property, engine]
	var declared := _declared_version()
	var running := "%d.%d" % [BridgeCompat.version().major, BridgeCompat.version().minor]
	if declared != "" and declared != running:
		text += "; this project declares Godot %s (config/features), whose default may differ, and the file will not say %s" % [declared, shown]
	BridgeEngineSaid.note(method.get_slice(":", 0), KEY, {"property": path, "value": BridgeJsonValue.to_json(value), "engine": engine, "note": text})


## The engine version the project declares in config/features ("4.4"), or "".
static func _declared_version() -> String:
	var features: Variant = ProjectSettings.get_setting("application/config/features", PackedStringArray())
	if features is PackedStringArray or features is Array:
		for f: Variant in features:
			var text := str(f)
			if text.get_slice_count(".") == 2 and text.get_slice(".", 0).is_valid_int() and text.get_slice(".", 1).is_valid_int():
				return text
	return ""
