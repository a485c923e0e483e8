@tool
extends RefCounted
## The two game autoloads (addon/game/) in project.godot: added when the plugin is enabled, removed when
## it is disabled, by ownership: an entry is touched only while it points at the addon's own script, so
## a user's autoload of the same name survives. project.godot is saved only when something changed.

const BridgeSettings := preload("settings.gd")

## Autoload name → script, relative to the addon's folder (install.ts writes the same two entries).
const AUTOLOADS := {"MCPGameInspector": "game/inspector.gd", "MCPGameInput": "game/input.gd"}


## Adds the missing ones; returns the names added (and saves project.godot only then).
static func install() -> Array:
	var added: Array = []
	for name: String in AUTOLOADS:
		var key := "autoload/" + name
		var script := BridgeSettings.addon_dir().path_join(AUTOLOADS[name])
		if ProjectSettings.has_setting(key):
			if not _ours(ProjectSettings.get_setting(key), script):
				push_warning("bridge: autoload %s already exists and is not the bridge's; the game-side commands need it (rename yours)" % name)
			continue
		ProjectSettings.set_setting(key, "*" + script)
		added.append(name)
	if not added.is_empty():
		ProjectSettings.save()
	return added


## Removes the entries that still point at the addon's scripts; returns the names removed.
static func uninstall() -> Array:
	var removed: Array = []
	for name: String in AUTOLOADS:
		var key := "autoload/" + name
		if ProjectSettings.has_setting(key) and _ours(ProjectSettings.get_setting(key), BridgeSettings.addon_dir().path_join(AUTOLOADS[name])):
			ProjectSettings.set_setting(key, null)
			removed.append(name)
	if not removed.is_empty():
		ProjectSettings.save()
	return removed


## Whether an autoload value ("*res://…" or "*uid://…") names our script.
static func _ours(value: Variant, path: String) -> bool:
	var v := str(value).trim_prefix("*")
	if v.begins_with("uid://"):
		var id := ResourceUID.text_to_id(v)
		v = ResourceUID.get_id_path(id) if ResourceUID.has_id(id) else v
	return v == path
