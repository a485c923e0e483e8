@tool
extends RefCounted
## The built-in groups' declarations, so the editor starts without compiling ~110 group scripts (and the
## libraries they preload): the router answers `engine.commands`, `tools/list` and parameter checks from the
## cache, and a group's script loads on its first call or in an idle frame after the editor is up
## (core/bridge_server.gd), one script per frame.
##
## Where a cache comes from (no cache is committed: it would change with every script edit):
## - `<addon>/declarations.cache`: built when the addon is packed or installed (`npm run cache:build`, called by
##   `npm run pack:addon` and `bridge install`), so an installed addon's first start has one.
## - `.godot/bridge/declarations.cache` in the project: written by the editor itself after a start that found
##   no cache matching its scripts (a development checkout, an edited addon), once its start-up is over.
## Each is only a candidate: one whose format version or hash does not match the addon's scripts, or that does
## not decode, is ignored, and every group then loads at start as it would without a cache.
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
## Under the project's data folder (res://.godot, beside the stamp's editor/): the project's own, and deleted
## with its other caches.
const PROJECT_FILE := "bridge/declarations.cache"
## The layout of the file ({version, hash, groups}); a file of another version is ignored. src/editor/
## declaration-cache.ts reads the same header.
const CACHE_VERSION := 1
const STAMP_NAME := "bridge_declarations.stamp"
const STAMP_VERSION := 2

## The digest a start proved by hashing, to be stamped once the editor's start-up is over (finish_startup).
static var _pending_stamp := ""
## Set by a start that found no usable cache (note_missing): what finish_startup builds the project's cache
## from, {server, files, times}; empty otherwise.
static var _pending_build := {}


## The cached groups in registration order: [{path, commands: [declaration without handler]}],
## or [] when no cache file (the addon's, then the project's) decodes and matches the addon's scripts.
static func read() -> Array:
	var candidates: Array[Dictionary] = []
	for file in cache_files():
		var cache := _decode(file)
		if not cache.is_empty():
			candidates.append(cache)
	if candidates.is_empty():
		return []
	var chosen := {}
	for cache in candidates:
		if _stamp_holds(cache.hash):
			chosen = cache
			break
	if chosen.is_empty():
		# no stamp proves any of them: one hash of the scripts decides (times read before it, see _prove)
		var scan := _scan()
		var times := _times(scan)
		var actual := _hash_of(scan.files)
		for cache in candidates:
			if cache.hash == actual:
				chosen = cache
				_write_stamp(actual, times)
				_pending_stamp = actual
				break
	if chosen.is_empty():
		return []
	var groups: Array = chosen.groups
	var root := BridgeSettings.addon_dir()
	for group: Dictionary in groups:
		group.path = root.path_join(group.path)  # stored relative: the addon may sit in any folder
	return groups


## The cache files a start tries, in order: the one shipped in the addon, then the project's own.
static func cache_files() -> Array[String]:
	return [BridgeSettings.addon_dir().path_join(FILE_NAME), project_file()]


static func project_file() -> String:
	return _stamp_dir().get_base_dir().path_join(PROJECT_FILE)


## A cache file's {version, hash, groups} when it is one this addon can read; {} when it is missing, does not
## decode, is of another version or is shaped wrong. Only its hash says whether it matches the scripts.
static func _decode(file: String) -> Dictionary:
	if not FileAccess.file_exists(file):
		return {}
	var bytes := FileAccess.get_file_as_bytes(file)
	# a file that does not even start as an encoded Dictionary is not handed to the decoder (which logs an error)
	if bytes.size() < 8 or (bytes.decode_u32(0) & 0xff) != TYPE_DICTIONARY:
		return {}
	var cache: Variant = bytes_to_var(bytes)
	if not cache is Dictionary:
		return {}
	var stored: Dictionary = cache
	if stored.get("version") != CACHE_VERSION or not stored.get("hash") is String or stored.hash == "" \
			or not stored.get("groups") is Array:
		return {}
	for group: Variant in stored.groups:
		if not group is Dictionary or not group.get("path") is String or not group.get("commands") is Array:
			return {}
	return stored


## Called by the group loader after a start that found no usable cache and loaded every group script: once the
## editor's start-up is over, finish_startup writes the project's cache from them. The scripts' times are
## read now, so a script edited before then (its loaded declarations already old) writes no cache.
static func note_missing(server: Node, group_files: Array[String]) -> void:
	var scan := _scan()
	_pending_build = {"server": server, "files": group_files, "times": _file_times(scan.files)}


## True when the addon's scripts hash to `digest`: proven by the stamp when nothing changed since it was
## written, else by hashing every script (and then stamped for the next start).
static func matches(digest: String) -> bool:
	return _stamp_holds(digest) or _prove(digest)


## The editor's start-up is over (called by the server): writes the project's cache when the start had none
## (note_missing), and stamps again what a start proved by hashing: a first open has since written a .uid
## file beside each script, which moved their folders' times. No hash when the start's stamp still holds (no
## script's time moved since it was proven).
static func finish_startup() -> void:
	if not _pending_build.is_empty():
		var build := _pending_build
		_pending_build = {}
		_write_project_cache(build.server, build.files, build.times)
	if _pending_stamp == "":
		return
	var digest := _pending_stamp
	_pending_stamp = ""
	if _stamp_holds(digest):
		_write_stamp(digest, _times(_scan()))
	else:
		_prove(digest)


## Writes .godot/bridge/declarations.cache from the loaded groups, unless a script changed since they loaded
## (`times`). Written beside and renamed into place, so a reader never sees half a file.
static func _write_project_cache(server: Node, group_files: Array[String], times: Dictionary) -> void:
	var scan := _scan()
	var stamp_times := _times(scan)
	if _file_times(scan.files) != times:
		return
	var digest := _hash_of(scan.files)
	var file := project_file()
	DirAccess.make_dir_recursive_absolute(file.get_base_dir())
	var tmp := file + ".tmp"
	var out := FileAccess.open(tmp, FileAccess.WRITE)
	if out == null:
		push_warning("bridge: cannot write the declaration cache %s (%s); the next start loads every group again"
				% [file, error_string(FileAccess.get_open_error())])
		return
	out.store_buffer(encode(server, group_files, digest))
	out.close()
	if DirAccess.rename_absolute(tmp, file) != OK:
		DirAccess.remove_absolute(tmp)
		return
	_write_stamp(digest, stamp_times)


## Every script's modification time, by path relative to the addon.
static func _file_times(rels: Array[String]) -> Dictionary:
	var root := BridgeSettings.addon_dir()
	var out := {}
	for rel in rels:
		out[rel] = _mtime(root, rel)
	return out


## True when the addon's scripts hash to `digest`, which is then stamped (times read before the hash: a script
## changed while it was hashed has a newer time than recorded, and fails the next start's check).
static func _prove(digest: String) -> bool:
	var scan := _scan()
	var times := _times(scan)
	if _hash_of(scan.files) != digest:
		return false
	_write_stamp(digest, times)
	return true


## The cache's bytes for the addon whose scripts hash to `digest`: each built-in group file (`files`, in
## registration order: core/group_loader.gd's builtin_files()) loaded, its declarations kept without their
## handlers. `server` is what the groups are constructed with.
static func encode(server: Node, group_files: Array[String], digest: String) -> PackedByteArray:
	var groups: Array = []
	var root := BridgeSettings.addon_dir()
	for path in group_files:
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
	# declaration's keys is the order of its schema's properties. Version and hash first: the CLI reads them
	# without decoding the rest (src/editor/declaration-cache.ts).
	return var_to_bytes({"version": CACHE_VERSION, "hash": digest, "groups": groups})


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
