@tool
extends "../../core/command_group.gd"
## project.autoload*: the project's autoloads ([autoload] in project.godot). Changes are undoable
## actions in the editor's global history and are saved at once, so the next game run sees them; the
## editor's own autoload list (EditorAutoloadSettings.update_autoload, what its Project Settings dialog
## calls) is refreshed in the same step, so scripts can use a new singleton's name at once.

const BridgeProject := preload("../../lib/project_settings.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgeScriptCompile := preload("../../core/script_compile.gd")


func commands() -> Array:
	return [
		{
			"method": "project.autoloads",
			"summary": "The project's autoloads in load order: name, path, and whether it is a global singleton.",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"count": "int", "autoloads": [{"name": "string", "path": "string", "singleton": "bool"}]},
			"handler": _autoloads,
		},
		{
			"method": "project.autoload_add",
			"summary": "Register a script or scene as an autoload (undoable, saved to project.godot).",
			"params": [
				req("name", "string", "Autoload name, a valid identifier, e.g. GameState"),
				req("path", "string", "res:// path of a .gd script or a .tscn/.scn scene"),
				opt("singleton", "bool", "Also make it a global variable by its name", true),
			],
			"example": {"name": "PlayerScript", "path": "res://scripts/player.gd"},
			"undo": "global",  # project settings: a step of the global history, saved on do and undo
			"returns": {"name": "string", "path": "string", "singleton": "bool", "saved": "bool", "usable_in_scripts?": "bool", "note?": "string"},
			"handler": _autoload_add,
		},
		{
			"method": "project.autoload_remove",
			"summary": "Unregister an autoload (undoable, saved to project.godot).",
			"params": [req("name", "string", "Autoload name")],
			"example": {"name": "PlayerScript"},
			# the autoload to remove, written as a setting so the setup works whether or not project.autoload_add's
			# example left it in the editor's memory (the sweeps put files back, not the settings held in memory)
			"example_setup": [{"method": "project.settings_set", "params": {"key": "autoload/PlayerScript",
					"value": "*res://scripts/player.gd", "create": true}}],
			"destructive": true,
			"undo": "global",
			"returns": {"name": "string", "removed": "bool", "path": "string", "saved": "bool"},
			"handler": _autoload_remove,
		},
	]


## [{name, path, singleton}] in load order.
static func list() -> Array:
	var keys: Array = BridgeProject.setting_names().filter(func(k: String) -> bool: return k.begins_with("autoload/"))
	keys.sort_custom(func(a: String, b: String) -> bool: return ProjectSettings.get_order(a) < ProjectSettings.get_order(b))
	var out: Array = []
	for key: String in keys:
		var value := str(ProjectSettings.get_setting(key))
		out.append({"name": key.trim_prefix("autoload/"), "path": BridgeProject.scene_path(value.trim_prefix("*")), "singleton": value.begins_with("*")})
	return out


func _autoloads(_c: BridgeCall) -> Variant:
	var items := list()
	return {"count": items.size(), "autoloads": items}


func _autoload_add(c: BridgeCall) -> Variant:
	var p := c.params
	var name: String = p.name
	if not name.is_valid_ascii_identifier():
		return c.invalid("'%s' is not a valid identifier (letters, digits, _; not starting with a digit)" % name)
	if ProjectSettings.has_setting("autoload/" + name):
		return c.invalid("an autoload named '%s' already exists" % name, {"name": name})
	var clash := _name_clash(name)
	if clash != "":
		return c.invalid("'%s' is already %s; pick another name" % [name, clash], {"name": name})
	var path: String = p.path
	if not path.begins_with("res://") or not path.get_extension() in ["gd", "tscn", "scn"]:
		return c.invalid("path must be a res:// .gd, .tscn or .scn file, got '%s'" % path)
	if not FileAccess.file_exists(path):
		return c.not_found("no file at %s" % path, {"path": path})
	var err := BridgeProject.commit_settings(c.step, "Add autoload %s" % name, {"autoload/" + name: ("*" if p.singleton else "") + path}, _editor_list())
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	var out := {"name": name, "path": path, "singleton": p.singleton, "saved": true}
	if p.singleton:
		# read back: does a script that names it compile now (the check script.validate uses)?
		out["usable_in_scripts"] = BridgeScriptCompile.check("extends Node\n\n\nfunc _probe() -> Variant:\n\treturn %s\n" % name, "", server).ok
		if not out.usable_in_scripts:
			out["note"] = ("the game sees %s from the next scene.play, but this editor's script checks do not know the name until it " +
					"restarts: restart the editor (close it, then bridge launch)") % name
	return out


func _autoload_remove(c: BridgeCall) -> Variant:
	var p := c.params
	var key: String = "autoload/" + p.name
	if not ProjectSettings.has_setting(key):
		var names: Array = list().map(func(a: Dictionary) -> String: return a.name)
		var guess := BridgeParams.did_you_mean(p.name, names)
		return c.not_found("no autoload named '%s'%s" % [p.name,
				" (did you mean '%s'?)" % guess if guess != "" else "; project.autoloads lists them"], {"name": p.name, "suggestion": guess})
	var previous := str(ProjectSettings.get_setting(key))
	var err := BridgeProject.commit_settings(c.step, "Remove autoload %s" % p.name, {key: null}, _editor_list())
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	return {"name": p.name, "removed": true, "path": previous.trim_prefix("*"), "saved": true}


## [the editor's EditorAutoloadSettings, "update_autoload"]: it registers (and drops) the singletons' names
## for the script compiler; [] when the editor has none (then scripts see a new name after a restart).
static func _editor_list() -> Array:
	var pending: Array[Node] = [EditorInterface.get_base_control().get_parent()]
	while not pending.is_empty():
		var n: Node = pending.pop_back()
		if n.get_class() == "EditorAutoloadSettings":
			return [n, "update_autoload"] if n.has_method("update_autoload") else []
		pending.append_array(n.get_children(true))
	return []


## What a global name already means ("" when free): an engine class, singleton or script class.
static func _name_clash(name: String) -> String:
	if ClassDB.class_exists(name):
		return "an engine class"
	if Engine.has_singleton(name):
		return "an engine singleton"
	for c: Dictionary in ProjectSettings.get_global_class_list():
		if c.class == name:
			return "a script class (%s)" % c.path
	for t in range(TYPE_MAX):
		if type_string(t) == name:
			return "a built-in type"
	return ""
