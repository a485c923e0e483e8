@tool
extends "../../core/command_group.gd"
## cleanup.*, project settings nothing uses: input actions no script or scene names, autoloads no script
## or scene reaches. Each lists first; remove: true drops them all in one undoable, saved step.

const BridgeProjectScan := preload("../../lib/project_scan.gd")
const BridgeProject := preload("../../lib/project_settings.gd")
const BridgeSettings := preload("../../core/settings.gd")

const CODE_EXTS := ["gd", "cs", "tscn", "tres", "gdshader", "json", "cfg"]


func commands() -> Array:
	return [
		{
			"method": "cleanup.unused_input_actions",
			"summary": "Input actions in the Input Map that no script, scene or resource names (ui_* built-ins skipped); remove: true deletes them in one undoable step.",
			"params": [
				opt("remove", "bool", "Delete them from project.godot (undoable)", false),
				opt("include_addons", "bool", "Count uses inside addons/ too (a plugin that reads an action)", false),
			],
			"example": {"remove": true},
			# an action nothing names, for the example to remove (the demo's own are all used)
			"example_setup": [{"method": "project.input_action_add", "params": {"action": "jump", "keys": ["Space"]}}],
			"returns": {"actions": ["string"], "count": "int", "checked": "int", "removed": "bool", "note": "string"},
			# remove: true is one step of the editor's global history (lib/project_settings.gd commit_settings)
			"undo": "global",
			"handler": _unused_actions,
		},
		{
			"method": "cleanup.unused_autoloads",
			"summary": "Autoloads no script, scene or resource refers to (by name or /root/ path; the addon's own skipped); remove: true unregisters them in one undoable step.",
			"params": [
				opt("remove", "bool", "Unregister them (undoable; the script files stay)", false),
				opt("include_addons", "bool", "Also consider autoloads that live in addons/", false),
			],
			"example": {"remove": true},
			# an autoload nothing reaches by its name, for the example to unregister
			"example_setup": [{"method": "project.autoload_add", "params": {"name": "SpareState", "path": "res://scripts/player.gd",
					"singleton": false}}],
			"returns": {"autoloads": ["string"], "count": "int", "checked": "int", "removed": "bool", "note": "string"},
			"undo": "global",
			"handler": _unused_autoloads,
		},
	]


func _unused_actions(c: BridgeCall) -> Variant:
	var p := c.params
	var actions: Array = []
	for prop: Dictionary in ProjectSettings.get_property_list():
		var key := str(prop.name)
		if key.begins_with("input/") and not key.trim_prefix("input/").begins_with("ui_"):
			actions.append(key.trim_prefix("input/"))
	var text := _project_text(p.include_addons)
	var unused: Array = actions.filter(func(a: String) -> bool:
		return not RegEx.create_from_string("[\"']%s[\"']" % _escape(a)).search(text))
	unused.sort()
	return _finish(c.step, "Remove unused input actions", "input/", unused, actions.size(), p.remove, "actions")


func _unused_autoloads(c: BridgeCall) -> Variant:
	var p := c.params
	var names: Array = []
	for prop: Dictionary in ProjectSettings.get_property_list():
		var key := str(prop.name)
		if key.begins_with("autoload/"):
			var path := str(ProjectSettings.get_setting(key)).trim_prefix("*")
			if p.include_addons or not path.begins_with("res://addons/"):
				names.append(key.trim_prefix("autoload/"))
	var text := _project_text(true, true)
	var unused: Array = names.filter(func(n: String) -> bool:
		var own := str(ProjectSettings.get_setting("autoload/" + n)).trim_prefix("*")
		var pattern := RegEx.create_from_string("(?<![\\w.])%s\\b|/root/%s\\b" % [n, n])
		return not pattern.search(_without_file(text, own)))
	unused.sort()
	return _finish(c.step, "Remove unused autoloads", "autoload/", unused, names.size(), p.remove, "autoloads")


func _finish(undo_step: RefCounted, action: String, prefix: String, unused: Array, checked: int, remove: bool, label: String) -> Variant:
	var out := {label: unused, "count": unused.size(), "checked": checked, "removed": false,
			"note": "names built at run time (\"move_\" + dir) look unused too; check before removing"}
	if remove and not unused.is_empty():
		var changes := {}
		for n: String in unused:
			changes[prefix + n] = null
		var err := BridgeProject.commit_settings(undo_step, action, changes)
		if err != OK:
			return BridgeError.failed("cleanup: saving project.godot failed: %s" % error_string(err))
		var left: Array = unused.filter(func(n: String) -> bool: return ProjectSettings.has_setting(prefix + n))
		if not left.is_empty():
			return BridgeError.failed("cleanup: %s still registered after removal" % ", ".join(left))
		out.removed = true
	return out


## Every code/scene text of the project, each file introduced by a marker line so one file can be left out.
static func _project_text(include_addons: bool, marked: bool = false) -> String:
	var parts: PackedStringArray = []
	# the bridge's own source names actions and autoloads in its command examples: that is no use of them
	var own := BridgeSettings.addon_dir() + "/"
	for file: String in BridgeProjectScan.files("res://", include_addons):
		if file.get_extension() in CODE_EXTS and not file.begins_with(own):
			if marked:
				parts.append("\u0001" + file)
			parts.append(FileAccess.get_file_as_string(file))
	return "\n".join(parts)


## The text without the section of `file` (an autoload's own script does not count as using it).
static func _without_file(text: String, file: String) -> String:
	var start := text.find("\u0001" + file + "\n")
	if start < 0:
		return text
	var end := text.find("\u0001", start + 1)
	return text.substr(0, start) + (text.substr(end) if end >= 0 else "")


static func _escape(s: String) -> String:
	var out := ""
	for ch in s:
		out += "\\" + ch if ch in ".^$*+?()[]{}|\\/" else ch
	return out
