@tool
extends RefCounted
## Project settings helpers the project.* commands share: one undoable, saved commit of several settings,
## name lookup with did-you-mean, and conversion of JSON values to a setting's declared type.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeParams := preload("../core/params.gd")
const BridgeUndoStep := preload("../core/undo_step.gd")


## Applies settings as one undoable action in the editor's global history, saving project.godot on
## do and undo. A null value removes the setting; undo restores values and their order. Returns the
## save's error.
## `refresh`: [object, method] called after the change on do and on undo (e.g. the editor's autoload list).
static func commit_settings(undo_step: RefCounted, action: String, changes: Dictionary, refresh: Array = []) -> Error:
	var ur := BridgeUndoStep.action_for(undo_step, action, ProjectSettings)  # the command's step (core/undo_step.gd)
	for key: String in changes:
		ur.add_do_method(ProjectSettings, "set_setting", key, changes[key])
		if ProjectSettings.has_setting(key):
			ur.add_undo_method(ProjectSettings, "set_setting", key, ProjectSettings.get_setting(key))
			ur.add_undo_method(ProjectSettings, "set_order", key, ProjectSettings.get_order(key))
		else:
			ur.add_undo_method(ProjectSettings, "set_setting", key, null)
	ur.add_do_method(ProjectSettings, "save")
	ur.add_undo_method(ProjectSettings, "save")
	if refresh.size() == 2:
		ur.add_do_method(refresh[0], refresh[1])
		ur.add_undo_method(refresh[0], refresh[1])
	ur.commit_action()
	return ProjectSettings.save()  # commit already saved; this reports whether it worked


## Every setting path the project knows (stored or registered).
static func setting_names() -> Array[String]:
	var out: Array[String] = []
	for prop: Dictionary in ProjectSettings.get_property_list():
		if prop.usage & PROPERTY_USAGE_CATEGORY or prop.usage & PROPERTY_USAGE_GROUP or not str(prop.name).contains("/"):
			continue
		out.append(prop.name)
	return out


static func setting_info(key: String) -> Dictionary:
	for prop: Dictionary in ProjectSettings.get_property_list():
		if prop.name == key:
			return prop
	return {}


static func unknown_setting(key: String, hint: String = "") -> RefCounted:
	var guess := BridgeParams.did_you_mean(key, setting_names())
	var msg := "unknown setting '%s'%s" % [key, " (did you mean '%s'?)" % guess if guess != "" else ""]
	return BridgeError.not_found(msg + hint, {"key": key, "suggestion": guess})


## The JSON value converted to the setting's declared type, or a BridgeError naming the expected type.
static func convert_setting(key: String, value: Variant) -> Variant:
	var info := setting_info(key)
	var type: int = info.get("type", typeof(ProjectSettings.get_setting(key)))
	var names := {TYPE_INT: "int", TYPE_FLOAT: "float", TYPE_BOOL: "bool", TYPE_STRING: "string",
			TYPE_VECTOR2: "Vector2", TYPE_VECTOR3: "Vector3", TYPE_COLOR: "Color", TYPE_DICTIONARY: "Dictionary"}
	var out: Variant
	if type == TYPE_NIL:
		return value
	if names.has(type):
		out = BridgeParams.convert_value({"type": names[type]}, value)
	elif type == TYPE_STRING_NAME and value is String:
		out = StringName(value)
	elif (type == TYPE_VECTOR2I or type == TYPE_VECTOR3I) and value is Array:
		out = type_convert(BridgeParams.convert_value({"type": "Vector2" if type == TYPE_VECTOR2I else "Vector3"}, value), type)
	elif type >= TYPE_ARRAY and value is Array:
		out = type_convert(value, type)
	elif value is String:
		out = str_to_var(value)  # Godot's text form, e.g. "Rect2(0, 0, 1, 1)"
	if out is BridgeError or typeof(out) != type:
		return BridgeError.invalid("'%s' is %s; got %s" % [key, type_string(type), JSON.stringify(value)],
				{"key": key, "expected": type_string(type)})
	if type == TYPE_STRING and info.get("hint", 0) == PROPERTY_HINT_ENUM:
		var allowed: PackedStringArray = str(info.hint_string).split(",")
		if not out in allowed:
			return BridgeError.invalid("'%s' must be one of %s" % [key, ", ".join(allowed)], {"key": key, "values": allowed})
	return out


static func scene_path(path: String) -> String:
	if path.begins_with("uid://"):
		var id := ResourceUID.text_to_id(path)
		if ResourceUID.has_id(id):
			return ResourceUID.get_id_path(id)
	return path


## What project.godot holds for `key` once saved (a setting at its default is not written: its default), or
## {"missing": true} when the file cannot be read. Some settings the editor writes itself whatever was set
## (application/config/features: the running engine's version), so a set is checked against the file.
static func saved_value(key: String) -> Variant:
	var cf := ConfigFile.new()
	if cf.load("res://project.godot") != OK:
		return {"missing": true}
	var section := key.get_slice("/", 0)
	var fallback: Variant = ProjectSettings.property_get_revert(key) if ProjectSettings.property_can_revert(key) else null
	return cf.get_value(section, key.substr(section.length() + 1), fallback)


## Whether two setting values are the same, across the engine's array and string types.
static func same_value(a: Variant, b: Variant) -> bool:
	if a is Dictionary or b is Dictionary or a is Object or b is Object:
		return true  # input actions and the like: objects compare by identity, the file's copy is never the same one
	if typeof(a) >= TYPE_ARRAY and typeof(b) >= TYPE_ARRAY and typeof(a) != TYPE_DICTIONARY and typeof(b) != TYPE_DICTIONARY:
		var left: Array = Array(a)
		var right: Array = Array(b)
		if left.size() != right.size():
			return false
		for i in left.size():
			if not same_value(left[i], right[i]):
				return false
		return true
	if (a is String or a is StringName) and (b is String or b is StringName):
		return str(a) == str(b)
	if typeof(a) != typeof(b) and not ((a is int or a is float) and (b is int or b is float)):
		return false
	return a == b

