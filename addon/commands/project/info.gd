@tool
extends "res://addons/bridge/core/command_group.gd"
## project.*: the project this editor has open — metadata, settings, main scene, files.
## Autoloads and input actions live in project_autoload_commands.gd and project_input_commands.gd.
## Every settings change is one action in the editor's global undo history and is saved at once.

const Params := preload("res://addons/bridge/core/params.gd")

const MAIN_SCENE := "application/run/main_scene"
## Never listed by project.file_tree unless asked for: engine state and the bridge itself.
const SKIPPED_DIRS := ["res://.godot", "res://addons/bridge"]


func commands() -> Array:
	return [
		{
			"method": "project.info",
			"summary": "Project name, root, main scene, engine and addon versions, bridge ports.",
			"params": [],
			"example": {},
			"read_only": true,
			"handler": _info,
		},
		{
			"method": "project.settings_get",
			"summary": "Read one project setting (value, type, default) or every setting under a prefix.",
			"params": [
				opt("key", "string", "Setting path, e.g. application/config/name"),
				opt("prefix", "string", "List every setting whose path starts with this, e.g. display/window/"),
			],
			"example": {"key": "application/config/name"},
			"read_only": true,
			"handler": _settings_get,
		},
		{
			"method": "project.settings_set",
			"summary": "Set a project setting (undoable, saved to project.godot); unknown keys are refused unless create is true.",
			"params": [
				req("key", "string", "Setting path, e.g. display/window/size/viewport_width"),
				req("value", "any", "New value in the setting's type (vectors as [x, y], colours as '#rrggbb')"),
				opt("create", "bool", "Allow a key the project does not have yet", false),
			],
			"example": {"key": "application/config/description", "value": "A demo"},
			"handler": _settings_set,
		},
		{
			"method": "project.main_scene",
			"summary": "Get the main scene, or set it with path (undoable, saved to project.godot).",
			"params": [opt("path", "string", "Scene to make the main scene, e.g. res://scenes/ui.tscn")],
			"example": {},
			"handler": _main_scene,
		},
		{
			"method": "project.file_tree",
			"summary": "The project's files under res:// (skips .godot, addons/bridge, .import and .uid files), bounded.",
			"params": [
				opt("path", "string", "Folder to list", "res://"),
				opt("max_depth", "int", "Folder levels below path to descend", 10, {"min": 0, "max": 64}),
				opt("max_entries", "int", "Stop after this many files and folders", 2000, {"min": 1, "max": 100000}),
				opt("include_hidden", "bool", "Also list .godot, addons/bridge, dot-files, .import and .uid files", false),
			],
			"example": {"path": "res://scenes"},
			"read_only": true,
			"handler": _file_tree,
		},
	]


func _info(_p: Dictionary) -> Variant:
	var d: Dictionary = server.discovery.info
	return {
		"name": ProjectSettings.get_setting("application/config/name", ""),
		"project_root": d.project_root,
		"main_scene": ProjectSettings.get_setting("application/run/main_scene", ""),
		"engine_version": d.engine_version,
		"engine_version_full": d.engine_version_full,
		"addon_version": d.addon_version,
		"ws_port": d.ws_port,
		"http_port": d.http_port,
		"pid": d.pid,
		"started_at": d.started_at,
	}


func _settings_get(p: Dictionary) -> Variant:
	if p.has("key") == p.has("prefix"):
		return BridgeError.invalid("project.settings_get: pass exactly one of key or prefix")
	if p.has("prefix"):
		var found := {}
		for key in setting_names():
			if key.begins_with(p.prefix):
				found[key] = ProjectSettings.get_setting(key)
		return {"prefix": p.prefix, "count": found.size(), "settings": found}
	if not ProjectSettings.has_setting(p.key):
		return unknown_setting("project.settings_get", p.key)
	var info := setting_info(p.key)
	return {
		"key": p.key,
		"value": ProjectSettings.get_setting(p.key),
		"type": type_string(info.get("type", typeof(ProjectSettings.get_setting(p.key)))),
		"default": ProjectSettings.property_get_revert(p.key),
		"hint": info.get("hint_string", ""),
	}


func _settings_set(p: Dictionary) -> Variant:
	var exists := ProjectSettings.has_setting(p.key)
	if not exists and not p.create:
		return unknown_setting("project.settings_set", p.key, " (pass create: true to add a new setting)")
	if p.key.strip_edges() == "" or p.key.begins_with("/") or not p.key.contains("/"):
		return BridgeError.invalid("project.settings_set: '%s' is not a setting path like section/name" % p.key)
	var value: Variant = p.value
	if exists:
		value = convert_setting(p.key, p.value)
		if value is BridgeError:
			return value
	var previous: Variant = ProjectSettings.get_setting(p.key) if exists else null
	var err := commit_settings("Set project setting %s" % p.key, {p.key: value})
	if err != OK:
		return BridgeError.failed("project.settings_set: saving project.godot failed: %s" % error_string(err))
	return {"key": p.key, "value": ProjectSettings.get_setting(p.key), "previous": previous, "created": not exists, "saved": true}


func _main_scene(p: Dictionary) -> Variant:
	var current := scene_path(str(ProjectSettings.get_setting(MAIN_SCENE, "")))
	if not p.has("path"):
		return {"path": current}
	var path: String = p.path
	if not path.begins_with("res://") or not path.get_extension() in ["tscn", "scn"]:
		return BridgeError.invalid("project.main_scene: path must be a res:// .tscn or .scn file, got '%s'" % path)
	if not FileAccess.file_exists(path):
		return BridgeError.not_found("project.main_scene: no scene at %s" % path, {"path": path})
	var err := commit_settings("Set main scene", {MAIN_SCENE: path})
	if err != OK:
		return BridgeError.failed("project.main_scene: saving project.godot failed: %s" % error_string(err))
	return {"path": path, "previous": current, "saved": true}


func _file_tree(p: Dictionary) -> Variant:
	var root: String = p.path.trim_suffix("/") if p.path != "res://" else "res://"
	if not root.begins_with("res://") or root.contains(".."):
		return BridgeError.invalid("project.file_tree: path must be inside res://, got '%s'" % p.path)
	if not DirAccess.dir_exists_absolute(root):
		return BridgeError.not_found("project.file_tree: no folder %s" % root, {"path": root})
	var out := {"path": root, "dirs": [], "files": [], "truncated": false}
	_walk(root, 0, p, out)
	out["count"] = out.dirs.size() + out.files.size()
	return out


func _walk(dir: String, depth: int, p: Dictionary, out: Dictionary) -> void:
	var fs := EditorInterface.get_resource_filesystem()
	var da := DirAccess.open(dir)
	if da == null:
		return
	da.include_hidden = p.include_hidden
	for name in da.get_directories():
		var sub := dir.path_join(name)
		if not p.include_hidden and (name.begins_with(".") or sub in SKIPPED_DIRS):
			continue
		if out.dirs.size() + out.files.size() >= p.max_entries:
			out.truncated = true
			return
		out.dirs.append(sub + "/")
		if depth < p.max_depth:
			_walk(sub, depth + 1, p, out)
		elif not DirAccess.get_files_at(sub).is_empty() or not DirAccess.get_directories_at(sub).is_empty():
			out.truncated = true
	for name in da.get_files():
		if not p.include_hidden and (name.begins_with(".") or name.get_extension() in ["import", "uid"]):
			continue
		if out.dirs.size() + out.files.size() >= p.max_entries:
			out.truncated = true
			return
		var path := dir.path_join(name)
		var type := fs.get_file_type(path)
		out.files.append({"path": path, "type": type} if type != "" else {"path": path})


## Applies settings as one undoable action in the editor's global history, saving project.godot on
## do and undo. A null value removes the setting; undo restores values and their order. Returns the
## save's error.
static func commit_settings(action: String, changes: Dictionary) -> int:
	var ur := EditorInterface.get_editor_undo_redo()
	ur.create_action(action, UndoRedo.MERGE_DISABLE, ProjectSettings)
	for key: String in changes:
		ur.add_do_method(ProjectSettings, "set_setting", key, changes[key])
		if ProjectSettings.has_setting(key):
			ur.add_undo_method(ProjectSettings, "set_setting", key, ProjectSettings.get_setting(key))
			ur.add_undo_method(ProjectSettings, "set_order", key, ProjectSettings.get_order(key))
		else:
			ur.add_undo_method(ProjectSettings, "set_setting", key, null)
	ur.add_do_method(ProjectSettings, "save")
	ur.add_undo_method(ProjectSettings, "save")
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


static func unknown_setting(method: String, key: String, hint: String = "") -> RefCounted:
	var guess := Params.did_you_mean(key, setting_names())
	var msg := "%s: unknown setting '%s'%s" % [method, key, " (did you mean '%s'?)" % guess if guess != "" else ""]
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
		out = Params.convert_value({"type": names[type]}, value)
	elif type == TYPE_STRING_NAME and value is String:
		out = StringName(value)
	elif (type == TYPE_VECTOR2I or type == TYPE_VECTOR3I) and value is Array:
		out = type_convert(Params.convert_value({"type": "Vector2" if type == TYPE_VECTOR2I else "Vector3"}, value), type)
	elif type >= TYPE_ARRAY and value is Array:
		out = type_convert(value, type)
	elif value is String:
		out = str_to_var(value)  # Godot's text form, e.g. "Rect2(0, 0, 1, 1)"
	if out is BridgeError or typeof(out) != type:
		return BridgeError.invalid("project.settings_set: '%s' is %s; got %s" % [key, type_string(type), JSON.stringify(value)],
				{"key": key, "expected": type_string(type)})
	if type == TYPE_STRING and info.get("hint", 0) == PROPERTY_HINT_ENUM:
		var allowed: PackedStringArray = str(info.hint_string).split(",")
		if not out in allowed:
			return BridgeError.invalid("project.settings_set: '%s' must be one of %s" % [key, ", ".join(allowed)], {"key": key, "values": allowed})
	return out


static func scene_path(path: String) -> String:
	if path.begins_with("uid://"):
		var id := ResourceUID.text_to_id(path)
		if ResourceUID.has_id(id):
			return ResourceUID.get_id_path(id)
	return path
