@tool
extends RefCounted
## The built-in groups' declarations as `npm run catalog` last saw them, so the editor starts without
## compiling ~110 group scripts (and the libraries they preload): the router answers `engine.commands`,
## `tools/list` and parameter checks from this file, and a group's script loads on its first call or in
## an idle frame after the editor is up (core/bridge_server.gd), one script per frame.
##
## The cache is trusted only while it matches the addon: it records a hash over every .gd file of the
## addon (declarations use helpers from core/ and constants from lib/), and any edit makes every group
## load at start as it would without a cache. test/unit/declaration-cache.test.ts fails on a stale copy.

const Settings := preload("settings.gd")
const Compat := preload("compat.gd")

const FILE_NAME := "declarations.cache"


## The cached groups in registration order: [{path, summary, commands: [declaration without handler]}],
## or [] when there is no cache or it does not match the addon's scripts.
static func read() -> Array:
	var file := Settings.addon_dir().path_join(FILE_NAME)
	if not FileAccess.file_exists(file):
		return []
	var cache: Variant = Compat.json_to_native(JSON.parse_string(FileAccess.get_file_as_string(file)))  # null before 4.4: no cache
	if not cache is Dictionary or cache.get("hash", "") != addon_hash():
		return []
	var groups: Array = cache.get("groups", [])
	var root := Settings.addon_dir()
	for group: Dictionary in groups:
		group.path = root.path_join(group.path)  # stored relative: the addon may sit in any folder
	return groups


## The cache's text for the addon as it is now: each built-in group file (`files`, in registration order:
## core/group_loader.gd's builtin_files()) loaded, its declarations kept without their handlers. `server`
## is what the groups are constructed with (the BridgeServer node).
static func build(server: Node, files: Array[String]) -> String:
	var groups: Array = []
	var root := Settings.addon_dir()
	for path in files:
		var group: Object = (load(path) as Script).new(server)
		var commands: Array = []
		for cmd: Dictionary in group.commands():
			var kept := cmd.duplicate(true)
			for key: Variant in cmd:
				if cmd[key] is Callable:  # the handler and hooks such as code_guard: code, not declaration
					kept.erase(key)
			commands.append(kept)
		var summary: String = group.group_summary() if group.has_method("group_summary") else ""
		groups.append({"path": path.trim_prefix(root + "/"), "summary": summary, "commands": commands})
	# JSON.from_native keeps Godot types (a Vector2 default stays one) and, unlike var_to_str, key order:
	# the order of a declaration's keys is the order of its schema's properties
	return JSON.stringify(Compat.json_from_native({"hash": addon_hash(), "groups": groups}), "", false) + "\n"


## md5 over "<path relative to the addon> <md5 of the file>\n" for every .gd file of the addon, sorted
## by path (the unit test computes the same in Node).
static func addon_hash() -> String:
	var root := Settings.addon_dir()
	var lines := PackedStringArray()
	for rel in _scripts(root, ""):
		lines.append("%s %s\n" % [rel, FileAccess.get_md5(root.path_join(rel))])
	lines.sort()
	return "".join(lines).md5_text()


static func _scripts(root: String, rel: String) -> PackedStringArray:
	var out := PackedStringArray()
	var dir := root.path_join(rel)
	for file in DirAccess.get_files_at(dir):
		if file.get_extension() == "gd":
			out.append(rel.path_join(file))
	for sub in DirAccess.get_directories_at(dir):
		out.append_array(_scripts(root, rel.path_join(sub)))
	return out
