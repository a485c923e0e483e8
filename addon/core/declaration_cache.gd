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
## time of every script, and of every folder with its scripts and subfolders (a script added, removed or
## renamed moves its folder's time). A start whose stamp still holds takes the hash as proven (~2 ms: as git
## trusts its index); any difference hashes again. Times have whole seconds, so a stamp is written only when
## no script changed in its own second: any later edit then moves a script's time forward. The stamp is
## written by the start that hashed (times read before hashing, so a script changed meanwhile fails it), not
## later: an editor stopped before its start-up was over would leave none, and every start would hash again.

const BridgeSettings := preload("settings.gd")

const FILE_NAME := "declarations.cache"
const STAMP_NAME := "bridge_declarations.stamp"
const STAMP_VERSION := 2

## The digest a start proved by hashing, to be stamped once the editor's start-up is over (write_pending_stamp).
static var _pending_stamp := ""


## The cached groups in registration order: [{path, commands: [declaration without handler]}],
## or [] when there is no cache or it does not match the addon's scripts.
static func read() -> Array:
	var file := BridgeSettings.addon_dir().path_join(FILE_NAME)
	if not FileAccess.file_exists(file):
		return []
	var cache: Variant = bytes_to_var(FileAccess.get_file_as_bytes(file))
	if not cache is Dictionary:
		return []
	var stored: Dictionary = cache
	var digest := str(stored.get("hash", ""))
	if digest == "":
		return []
	if not _stamp_holds(digest):
		if not _prove(digest):
			return []
		_pending_stamp = digest
	var groups: Array = stored.get("groups", [])
	var root := BridgeSettings.addon_dir()
	for group: Dictionary in groups:
		group.path = root.path_join(group.path)  # stored relative: the addon may sit in any folder
	return groups


## True when the addon's scripts hash to `digest`: proven by the stamp when nothing changed since it was
## written, else by hashing every script (and then stamped for the next start).
static func matches(digest: String) -> bool:
	return _stamp_holds(digest) or _prove(digest)


## Stamps again what a start proved by hashing, now that the editor's own start-up is over (called by the
## server): a first open has since written a .uid file beside each script, which moved their folders' times.
## No hash when the start's stamp still holds (no script's time moved since it was proven).
static func write_pending_stamp() -> void:
	if _pending_stamp == "":
		return
	var digest := _pending_stamp
	_pending_stamp = ""
	if _stamp_holds(digest):
		_write_stamp(digest, _times(_scan()))
	else:
		_prove(digest)


## True when the addon's scripts hash to `digest`, which is then stamped (times read before the hash: a script
## changed while it was hashed has a newer time than recorded, and fails the next start's check).
static func _prove(digest: String) -> bool:
	var scan := _scan()
	var times := _times(scan)
	if _hash_of(scan.files) != digest:
		return false
	_write_stamp(digest, times)
	return true


## The cache's bytes for the addon as it is now, base64 (it travels back as a run_script result): each
## built-in group file (`files`, in registration order: core/group_loader.gd's builtin_files()) loaded, its
## declarations kept without their handlers. `server` is what the groups are constructed with.
static func build(server: Node, files: Array[String]) -> String:
	var groups: Array = []
	var root := BridgeSettings.addon_dir()
	for path in files:
		var group: Object = (load(path) as Script).new(server)
		var commands: Array = []
		for cmd: Dictionary in group.commands():
			var kept := cmd.duplicate(true)
			for key: Variant in cmd:
				if cmd[key] is Callable:  # the handler and hooks such as code_guard: code, not declaration
					kept.erase(key)
			commands.append(kept)
		# the group's summary is not cached: the loader reads it from the folder's index.json
		groups.append({"path": path.trim_prefix(root + "/"), "commands": commands})
	# var_to_bytes keeps Godot types (a Vector2 default stays one) and key order: the order of a
	# declaration's keys is the order of its schema's properties
	return Marshalls.raw_to_base64(var_to_bytes({"hash": addon_hash(), "groups": groups}))


## md5 over "<path relative to the addon> <md5 of the file>\n" for every .gd file of the addon, sorted
## by path (the unit test computes the same in Node).
static func addon_hash() -> String:
	return _hash_of(_scan().files)


static func _hash_of(files: Array[String]) -> String:
	var root := BridgeSettings.addon_dir()
	var lines := PackedStringArray()
	for rel in files:
		lines.append("%s %s\n" % [rel, FileAccess.get_md5(root.path_join(rel))])
	lines.sort()
	return "".join(lines).md5_text()


## Every .gd file and every folder of the addon, relative to it ("" is the addon's own folder).
static func _scan() -> Dictionary:
	var files: Array[String] = []
	var dirs: Array[String] = []
	_walk(BridgeSettings.addon_dir(), "", files, dirs)
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


## A folder's .gd files and subfolders, as the stamp keeps them: "name.gd" and "name/".
static func _listing(root: String, rel: String) -> PackedStringArray:
	var names := PackedStringArray()
	var dir := root.path_join(rel)
	for file in DirAccess.get_files_at(dir):
		if file.get_extension() == "gd":
			names.append(file)
	for sub in DirAccess.get_directories_at(dir):
		names.append(sub + "/")
	names.sort()
	return names


## Every script's time is as stamped, and every folder holds the scripts and subfolders it held (a folder
## whose time moved is listed again: the editor adds a .uid file beside each script on a first open).
static func _stamp_holds(digest: String) -> bool:
	var path := _stamp_path()
	if not FileAccess.file_exists(path):
		return false
	var stamp: Variant = bytes_to_var(FileAccess.get_file_as_bytes(path))
	if not stamp is Dictionary or stamp.get("version") != STAMP_VERSION or stamp.get("hash") != digest \
			or stamp.get("root") != BridgeSettings.addon_dir():
		return false
	var root := BridgeSettings.addon_dir()
	var files: Dictionary = stamp.get("files", {})
	var dirs: Dictionary = stamp.get("dirs", {})
	for rel: String in files:
		if _mtime(root, rel) != files[rel]:
			return false
	for rel: String in dirs:
		var seen: Dictionary = dirs[rel]
		if _mtime(root, rel) != seen.mtime and _listing(root, rel) != seen.names:
			return false
	return not files.is_empty()


## Every script's time and every folder's time and listing of `scan`, as the stamp keeps them; {} when a
## script changed in this very second (a later change in the same second would keep its time: no stamp then,
## and the next start hashes again). A folder changed this second is recorded with time 0, so the next start
## lists it.
static func _times(scan: Dictionary) -> Dictionary:
	var root := BridgeSettings.addon_dir()
	var now := int(Time.get_unix_time_from_system())
	var files := {}
	for rel: String in scan.files:
		var mtime := _mtime(root, rel)
		if mtime <= 0 or mtime >= now:
			return {}
		files[rel] = mtime
	var dirs := {}
	for rel: String in scan.dirs:
		var mtime := _mtime(root, rel)
		dirs[rel] = {"mtime": mtime if mtime < now else 0, "names": _listing(root, rel)}
	return {"files": files, "dirs": dirs}


## Writes the stamp of `digest` with `times` (from _times(); nothing when it is empty).
static func _write_stamp(digest: String, times: Dictionary) -> void:
	if times.is_empty():
		return
	DirAccess.make_dir_recursive_absolute(_stamp_dir())
	var file := FileAccess.open(_stamp_path(), FileAccess.WRITE)
	if file == null:
		return
	file.store_buffer(var_to_bytes({"version": STAMP_VERSION, "hash": digest, "root": BridgeSettings.addon_dir(),
			"files": times.files, "dirs": times.dirs}))
	file.close()
