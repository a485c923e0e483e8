@tool
extends RefCounted
## The built-in groups' declarations as `npm run catalog` last saw them, so the editor starts without
## compiling ~110 group scripts (and the libraries they preload): the router answers `engine.commands`,
## `tools/list` and parameter checks from this file, and a group's script loads on its first call or in
## an idle frame after the editor is up (core/bridge_server.gd), one script per frame.
##
## The file is Godot's binary Variant encoding (var_to_bytes): ~6 ms to decode where the same data as JSON
## took ~40 (parse, then JSON.to_native for the Godot types). test/unit/declaration-cache.test.ts decodes it.
##
## The cache is trusted only while it matches the addon: it records a hash over every .gd file of the
## addon (declarations use helpers from core/ and constants from lib/), and any edit makes every group
## load at start as it would without a cache. Hashing every script costs ~20 ms, so once a start has
## hashed them and found the cache's hash, it leaves a stamp in the project's .godot folder: the modification
## time of every script and folder (a folder's changes when a file in it is added, removed or renamed). A
## start whose every stamp entry still matches takes the hash as proven (~2 ms: as git trusts its index);
## any difference hashes again. A stamp is written only when every entry is older than RACY_S, so an edit
## made after it always moves a time forward (the times have whole seconds).

const Settings := preload("settings.gd")

const FILE_NAME := "declarations.cache"
const STAMP_NAME := "bridge_declarations.stamp"
const STAMP_VERSION := 1
## Entries changed this recently (seconds, whole) are not trusted by their time alone.
const RACY_S := 2


## The cached groups in registration order: [{path, summary, commands: [declaration without handler]}],
## or [] when there is no cache or it does not match the addon's scripts.
static func read() -> Array:
	var file := Settings.addon_dir().path_join(FILE_NAME)
	if not FileAccess.file_exists(file):
		return []
	var cache: Variant = bytes_to_var(FileAccess.get_file_as_bytes(file))
	if not cache is Dictionary:
		return []
	var stored: Dictionary = cache
	var hash := str(stored.get("hash", ""))
	if hash == "" or not matches(hash):
		return []
	var groups: Array = stored.get("groups", [])
	var root := Settings.addon_dir()
	for group: Dictionary in groups:
		group.path = root.path_join(group.path)  # stored relative: the addon may sit in any folder
	return groups


## True when the addon's scripts hash to `hash`: proven by the stamp when nothing changed since it was
## written, else by hashing every script (and then stamped for the next start).
static func matches(hash: String) -> bool:
	if _stamp_holds(hash):
		return true
	var scan := _scan()
	if _hash_of(scan.files) != hash:
		return false
	_write_stamp(hash, scan)
	return true


## The cache's bytes for the addon as it is now, base64 (it travels back as a run_script result): each
## built-in group file (`files`, in registration order: core/group_loader.gd's builtin_files()) loaded, its
## declarations kept without their handlers. `server` is what the groups are constructed with.
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
	# var_to_bytes keeps Godot types (a Vector2 default stays one) and key order: the order of a
	# declaration's keys is the order of its schema's properties
	return Marshalls.raw_to_base64(var_to_bytes({"hash": addon_hash(), "groups": groups}))


## md5 over "<path relative to the addon> <md5 of the file>\n" for every .gd file of the addon, sorted
## by path (the unit test computes the same in Node).
static func addon_hash() -> String:
	return _hash_of(_scan().files)


static func _hash_of(files: Array[String]) -> String:
	var root := Settings.addon_dir()
	var lines := PackedStringArray()
	for rel in files:
		lines.append("%s %s\n" % [rel, FileAccess.get_md5(root.path_join(rel))])
	lines.sort()
	return "".join(lines).md5_text()


## Every .gd file and every folder of the addon, relative to it ("" is the addon's own folder).
static func _scan() -> Dictionary:
	var files: Array[String] = []
	var dirs: Array[String] = []
	_walk(Settings.addon_dir(), "", files, dirs)
	return {"files": files, "dirs": dirs}


static func _walk(root: String, rel: String, files: Array[String], dirs: Array[String]) -> void:
	var dir := root.path_join(rel)
	dirs.append(rel)
	for file in DirAccess.get_files_at(dir):
		if file.get_extension() == "gd":
			files.append(rel.path_join(file))
	for sub in DirAccess.get_directories_at(dir):
		_walk(root, rel.path_join(sub), files, dirs)


## In the project's editor data folder (.godot/editor): the project's own, and deleted with its caches.
static func _stamp_dir() -> String:
	return EditorInterface.get_editor_paths().get_project_settings_dir()


static func _stamp_path() -> String:
	return _stamp_dir().path_join(STAMP_NAME)


## An entry's modification time (unix seconds; 0 when it is gone).
static func _mtime(root: String, rel: String) -> int:
	return FileAccess.get_modified_time(root.path_join(rel))


static func _stamp_holds(hash: String) -> bool:
	var path := _stamp_path()
	if not FileAccess.file_exists(path):
		return false
	var stamp: Variant = bytes_to_var(FileAccess.get_file_as_bytes(path))
	if not stamp is Dictionary or stamp.get("version") != STAMP_VERSION or stamp.get("hash") != hash \
			or stamp.get("root") != Settings.addon_dir():
		return false
	var root := Settings.addon_dir()
	var entries: Dictionary = stamp.get("entries", {})
	for rel: String in entries:
		if _mtime(root, rel) != entries[rel]:
			return false
	return not entries.is_empty()


## Records every script's and folder's modification time under the hash they were just found to have; nothing
## when one changed too recently to be told apart by its time, or the folder cannot be written.
static func _write_stamp(hash: String, scan: Dictionary) -> void:
	var root := Settings.addon_dir()
	var now := int(Time.get_unix_time_from_system())
	var entries := {}
	var all: Array[String] = scan.dirs + scan.files
	for rel in all:
		var mtime := _mtime(root, rel)
		if mtime <= 0 or now - mtime < RACY_S:
			return
		entries[rel] = mtime
	DirAccess.make_dir_recursive_absolute(_stamp_dir())
	var file := FileAccess.open(_stamp_path(), FileAccess.WRITE)
	if file == null:
		return
	file.store_buffer(var_to_bytes({"version": STAMP_VERSION, "hash": hash, "root": root, "entries": entries}))
	file.close()
