@tool
extends "../../core/command_group.gd"
## project.*: the project this editor has open — metadata, settings, main scene, files.
## Autoloads and input actions live in autoloads.gd and input_actions.gd beside this file.
## Every settings change is one action in the editor's global undo history and is saved at once.

const BridgeParams := preload("../../core/params.gd")
const BridgeSettings := preload("../../core/settings.gd")
const BridgeProjectSettingsLib := preload("../../lib/project_settings.gd")
const BridgeCompat := preload("../../core/compat.gd")

const MAIN_SCENE := "application/run/main_scene"


func commands() -> Array:
	return [
		{
			"method": "project.info",
			"summary": "Project name, root, main scene, engine and addon versions, bridge ports.",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"name": "string", "project_root": "string", "main_scene": "string", "engine_version": "string", "engine_version_full": "string", "addon_version": "string", "ws_port": "int", "http_port": "int", "pid": "int", "started_at": "string"},
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
			# one setting (key) or every setting under a prefix
			"returns": {"key?": "string", "value?": "any", "type?": "string", "default?": "any", "hint?": "string",
					"prefix?": "string", "count?": "int", "settings?": "Dictionary"},
			"handler": _settings_get,
		},
		{
			"method": "project.settings_set",
			"idempotent": true,
			"summary": "Set a project setting (undoable, saved to project.godot); unknown keys are refused unless create is true.",
			"params": [
				req("key", "string", "Setting path, e.g. display/window/size/viewport_width"),
				req("value", "any", "New value in the setting's type (vectors as [x, y], colours as '#rrggbb')"),
				opt("create", "bool", "Allow a key the project does not have yet", false),
			],
			"example": {"key": "application/config/description", "value": "A demo"},
			"undo": "global",  # a step of the global history, saved on do and undo
			"returns": {"key": "string", "value": "any", "previous": "any", "created": "bool", "saved": "bool"},
			"handler": _settings_set,
		},
		{
			"method": "project.settings_erase",
			"idempotent": true,
			"summary": "Erase a project setting from project.godot (undoable): a setting of the engine goes back to its default, one the project added is removed.",
			"params": [req("key", "string", "Setting path, e.g. application/config/description")],
			"example": {"key": "application/config/description"},
			"example_setup": [{"method": "project.settings_set", "params": {"key": "application/config/description", "value": "To erase"}}],
			"destructive": true,
			"undo": "global",
			"returns": {"key": "string", "erased": "bool", "previous": "any", "value": "any", "saved": "bool"},
			"handler": _settings_erase,
		},
		{
			"method": "project.main_scene",
			"idempotent": true,
			"summary": "Get the main scene, or set it with path (undoable, saved to project.godot).",
			"params": [opt("path", "string", "Scene to make the main scene, e.g. res://scenes/ui.tscn")],
			# the demo's own main scene: the example leaves the project as it was (a later game run plays main.tscn)
			"example": {"path": "res://scenes/main.tscn"},
			"undo": "global",  # setting it is a step of the global history; getting it moves nothing (undoable: false)
			"returns": {"path": "string", "previous?": "string"},
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
			"returns": {"path": "string", "dirs": ["string"], "files": [{"path": "string", "type?": "string"}], "truncated": "bool",
					"count": "int"},
			"handler": _file_tree,
		},
	]


func _info(_c: BridgeCall) -> Variant:
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


func _settings_get(c: BridgeCall) -> Variant:
	var p := c.params
	if p.has("key") == p.has("prefix"):
		return c.invalid("pass exactly one of key or prefix")
	if p.has("prefix"):
		var found := {}
		for key in BridgeProjectSettingsLib.setting_names():
			if key.begins_with(p.prefix):
				found[key] = ProjectSettings.get_setting(key)
		return {"prefix": p.prefix, "count": found.size(), "settings": found}
	if not ProjectSettings.has_setting(p.key):
		return BridgeProjectSettingsLib.unknown_setting(p.key)
	var info := BridgeProjectSettingsLib.setting_info(p.key)
	return {
		"key": p.key,
		"value": ProjectSettings.get_setting(p.key),
		"type": type_string(info.get("type", typeof(ProjectSettings.get_setting(p.key)))),
		"default": ProjectSettings.property_get_revert(p.key),
		"hint": info.get("hint_string", ""),
	}


func _settings_set(c: BridgeCall) -> Variant:
	var p := c.params
	var exists := ProjectSettings.has_setting(p.key)
	if not exists and not p.create:
		return BridgeProjectSettingsLib.unknown_setting(p.key, " (pass create: true to add a new setting)")
	if p.key.strip_edges() == "" or p.key.begins_with("/") or not p.key.contains("/"):
		return c.invalid("'%s' is not a setting path like section/name" % p.key)
	var value: Variant = p.value
	if exists:
		value = BridgeProjectSettingsLib.convert_setting(p.key, p.value)
		if value is BridgeError:
			return value
	var previous: Variant = ProjectSettings.get_setting(p.key) if exists else null
	var err := BridgeProjectSettingsLib.commit_settings(c.step, "Set project setting %s" % p.key, {p.key: value})
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	var kept: Variant = BridgeProjectSettingsLib.saved_value(p.key)
	if not BridgeProjectSettingsLib.same_value(kept, value) or not BridgeProjectSettingsLib.same_value(ProjectSettings.get_setting(p.key), value):
		(BridgeCompat.editor_undo_redo() as EditorUndoRedoManager).get_history_undo_redo(0).undo()  # nothing of the refused set stays
		return c.failed("the editor writes its own value for %s (%s), so %s cannot be set; it is unchanged" % [
				p.key, JSON.stringify(kept), JSON.stringify(p.value)], {"key": p.key, "kept": kept})
	return {"key": p.key, "value": ProjectSettings.get_setting(p.key), "previous": previous, "created": not exists, "saved": true}


func _settings_erase(c: BridgeCall) -> Variant:
	var p := c.params
	if not ProjectSettings.has_setting(p.key):
		return BridgeProjectSettingsLib.unknown_setting(p.key)
	var previous: Variant = ProjectSettings.get_setting(p.key)
	# an engine setting goes back to its default (then project.godot no longer lists it); a custom one is removed
	var builtin := ProjectSettings.property_can_revert(p.key)
	var to: Variant = ProjectSettings.property_get_revert(p.key) if builtin else null
	var err := BridgeProjectSettingsLib.commit_settings(c.step, "Erase project setting %s" % p.key, {p.key: to})
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	return {"key": p.key, "erased": true, "previous": previous, "value": ProjectSettings.get_setting(p.key) if builtin else null,
			"saved": true}


func _main_scene(c: BridgeCall) -> Variant:
	var p := c.params
	var current := BridgeProjectSettingsLib.scene_path(str(ProjectSettings.get_setting(MAIN_SCENE, "")))
	if not p.has("path"):
		return {"path": current}
	var path: String = p.path
	if not path.begins_with("res://") or not path.get_extension() in ["tscn", "scn"]:
		return c.invalid("path must be a res:// .tscn or .scn file, got '%s'" % path)
	if not FileAccess.file_exists(path):
		return c.not_found("no scene at %s" % path, {"path": path})
	var err := BridgeProjectSettingsLib.commit_settings(c.step, "Set main scene", {MAIN_SCENE: path})
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	return {"path": path, "previous": current, "saved": true}


func _file_tree(c: BridgeCall) -> Variant:
	var p := c.params
	var root: String = p.path.trim_suffix("/") if p.path != "res://" else "res://"
	if not root.begins_with("res://") or root.contains(".."):
		return c.invalid("path must be inside res://, got '%s'" % p.path)
	if not DirAccess.dir_exists_absolute(root):
		return c.not_found("no folder %s" % root, {"path": root})
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
		if not p.include_hidden and (name.begins_with(".") or sub in ["res://.godot", BridgeSettings.addon_dir()]):
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
