@tool
extends RefCounted
## Project files as the editor's filesystem sees them: atomic text writes, handing written files to the
## editor (import, reimport), .import settings, sidecar files (.import, .uid) and who depends on a file.
## Shared by the filesystem.*, import.*, localization.* and script.* commands.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeParams := preload("../core/params.gd")
const BridgeSettings := preload("../core/settings.gd")
const BridgeScan := preload("filesystem_scan.gd")
const BridgeOpenTextSync := preload("../core/open_text_sync.gd")
const BridgeCompileErrors := preload("../core/compile_errors.gd")

## Text formats whose res:// references filesystem.move rewrites (binary ones are resaved instead).
const TEXT_REFERRERS := ["tscn", "tres", "gd", "gdshader", "gdshaderinc", "cfg", "json", "import"]


## A res:// path inside the project, normalised, never in .godot or the bridge itself; or PATH_REFUSED.
static func checked(raw: String, param: String = "path") -> Variant:
	var path: Variant = BridgeParams.jail_path(raw)
	if path is BridgeError or not str(path).begins_with("res://"):
		return BridgeError.new(BridgeError.PATH_REFUSED, "%s must be a plain path inside res://, got '%s'"
				% [param, raw], {"param": param, "path": raw})
	var lower := str(path).to_lower() + "/"
	if lower.begins_with("res://.godot/") or lower.begins_with(BridgeSettings.addon_dir().to_lower() + "/"):
		return BridgeError.new(BridgeError.PATH_REFUSED, "%s is refused: it belongs to the engine or the bridge" % path,
				{"param": param, "path": path})
	return path


## Writes text through a temp file and a rename, so a reader never sees half a file; a script or shader
## the editor has loaded or open in a tab then holds this text (core/open_text_sync.gd). Returns the error.
static func write_text(path: String, text: String) -> int:
	return write_bytes(path, text.to_utf8_buffer())


## write_text for any bytes (a binary file written from base64 too): temp file, rename, then the sync.
static func write_bytes(path: String, bytes: PackedByteArray) -> int:
	var err := DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	if err != OK:
		return err
	# a dot-file beside the target: the editor's filesystem ignores it, and the rename stays on one disk
	var tmp := path.get_base_dir().path_join(".%s.bridge-tmp" % path.get_file())
	var f := FileAccess.open(tmp, FileAccess.WRITE)
	if f == null:
		return FileAccess.get_open_error()
	f.store_buffer(bytes)
	err = f.get_error()
	f.close()
	if err == OK:
		err = DirAccess.rename_absolute(tmp, path)
	if err != OK:
		DirAccess.remove_absolute(tmp)
	else:
		BridgeOpenTextSync.sync(path)
		BridgeCompileErrors.note_written(path)  # compiled after the command (an undo's write too), by the router
	return err


static func refresh(server: Node, paths: Array) -> Variant:
	var fs := EditorInterface.get_resource_filesystem()
	var unknown := paths.any(func(p: String) -> bool: return FileAccess.file_exists(p) and fs.get_file_type(p) == "")
	if unknown or paths.any(func(p: String) -> bool: return not FileAccess.file_exists(p)):
		var scanned: Variant = await BridgeScan.scan_and_wait(server)
		if scanned is BridgeError:
			return scanned
	var imported: PackedStringArray = []
	for p: String in paths:
		if FileAccess.file_exists(p):
			fs.update_file(p)
			if FileAccess.file_exists(p + ".import"):
				imported.append(p)
	if not imported.is_empty():
		fs.reimport_files(imported)
	for i in 2:
		await server.get_tree().process_frame
	return null


## The parsed .import file of an asset, or null when it is not imported.
static func import_config(path: String) -> ConfigFile:
	if not FileAccess.file_exists(path + ".import"):
		return null
	var cfg := ConfigFile.new()
	return cfg if cfg.load(path + ".import") == OK else null


## The files an import produced (the .translation files of a CSV, the .ctex of a texture).
static func imported_files(path: String) -> Array:
	var cfg := import_config(path)
	if cfg == null:
		return []
	return Array(cfg.get_value("deps", "dest_files", cfg.get_value("deps", "files", [])))


## Every file path the editor's filesystem knows, sorted.
static func all_files() -> Array:
	var out: Array = []
	var stack: Array = [EditorInterface.get_resource_filesystem().get_filesystem()]
	while not stack.is_empty():
		var dir: EditorFileSystemDirectory = stack.pop_back()
		if dir == null:
			continue
		for i in dir.get_subdir_count():
			stack.append(dir.get_subdir(i))
		for i in dir.get_file_count():
			out.append(dir.get_file_path(i))
	out.sort()
	return out


## Files whose dependencies include `path` (scenes and resources that load it), sorted.
static func dependents(path: String) -> Array:
	var out: Array = []
	var uid := ResourceLoader.get_resource_uid(path)
	var uid_text := ResourceUID.id_to_text(uid) if uid != ResourceUID.INVALID_ID else ""
	for file: String in all_files():
		if file == path:
			continue
		for dep in ResourceLoader.get_dependencies(file):
			# an entry is "uid://…::Type::res://path" or a plain path
			var parts := dep.split("::")
			if parts[parts.size() - 1] == path or (uid_text != "" and parts[0] == uid_text):
				out.append(file)
				break
	return out


## Sidecar files that travel with a file: its .import settings and its .uid.
static func sidecars(path: String) -> Array:
	return [path + ".import", path + ".uid"].filter(func(p: String) -> bool: return FileAccess.file_exists(p))


## The two ends of a copy or move, checked (copy_ends makes them).
class BridgeCopyEnds:
	extends RefCounted
	var from: String
	var to: String
	var is_dir: bool
	var replaced: bool  # a file was at `to` and `overwrite` replaces it


## What a copy or move (`verb`) of the call's `from` to its `to` works on, with both paths checked, the source there,
## the two different, a folder not put inside itself and the target free (or `overwrite` given); else the refusal.
static func copy_ends(c: RefCounted, verb: String) -> Variant:
	var from: Variant = checked(c.params.from, "from")
	if from is BridgeError:
		return from
	var to: Variant = checked(c.params.to, "to")
	if to is BridgeError:
		return to
	var is_dir := DirAccess.dir_exists_absolute(from)
	if not is_dir and not FileAccess.file_exists(from):
		return missing(from)
	if from == to:
		return c.invalid("from and to are the same path", {"param": "to"})
	if is_dir and (to + "/").begins_with(from + "/"):
		return c.invalid("cannot %s %s into itself (%s)" % [verb, from, to], {"param": "to"})
	var refused: Variant = replace_check(c, to, is_dir, c.params.overwrite)
	if refused != null:
		return refused
	var ends := BridgeCopyEnds.new()
	ends.from = from
	ends.to = to
	ends.is_dir = is_dir
	ends.replaced = FileAccess.file_exists(to)
	return ends


## Whether `to` may be written by a copy or move: null when nothing is there, or when a file is there and
## `overwrite` replaces it; otherwise the refusal, naming the way out. A folder is never replaced (its files would be
## lost unnamed), nor a scene open in the editor (its tab would save the old text back over the new one).
static func replace_check(c: RefCounted, to: String, from_is_dir: bool, overwrite: bool) -> Variant:
	var file_there := FileAccess.file_exists(to)
	if not file_there and not DirAccess.dir_exists_absolute(to):
		return null
	if not overwrite:
		return c.failed("%s already exists; pass overwrite: true to replace it" % to, {"path": to, "param": "overwrite"})
	if not file_there or from_is_dir:
		return c.invalid("overwrite replaces one file with one file; %s is a folder: delete it first with filesystem.delete"
				% (to if not file_there else "the source"), {"path": to, "param": "overwrite"})
	if to in EditorInterface.get_open_scenes():
		return c.failed("%s is open in the editor; close it first with scene.close" % to, {"open": [to]})
	return null


## A did-you-mean NOT_FOUND for a res:// file that is not there.
static func missing(path: String) -> RefCounted:
	var dir := path.get_base_dir()
	var guess := BridgeParams.did_you_mean(path.get_file(), Array(DirAccess.get_files_at(dir))) if DirAccess.dir_exists_absolute(dir) else ""
	var suggestion := dir.path_join(guess) if guess != "" else ""
	return BridgeError.not_found("no file at %s%s" % [path,
			" (did you mean '%s'?)" % suggestion if guess != "" else ""], {"path": path, "suggestion": suggestion})
