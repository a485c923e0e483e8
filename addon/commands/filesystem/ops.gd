@tool
extends "../../core/command_group.gd"
## filesystem.*: make folders, copy files and folders with fresh UIDs (import settings kept), delete
## them (refused while something still uses them), and list who refers to a file. Changes go through the
## editor's filesystem (scan, reimport) so the FileSystem dock and the imports stay in step. Not undoable.

const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeRefs := preload("../../lib/project_references.gd")
const BridgeScan := preload("../../lib/filesystem_scan.gd")
const BridgeCompat := preload("../../core/compat.gd")

const UID_LINE := "uid=\"uid://"


func commands() -> Array:
	return [
		{
			"method": "filesystem.mkdir",
			"idempotent": true,
			"summary": "Create a folder (and its parents) in res:// and show it in the FileSystem dock.",
			"params": [req("path", "string", "Folder to create, e.g. res://levels/forest", {"writes_path": true})],
			"example": {"path": "res://levels/forest"},
			"returns": {"path": "string", "created": "bool", "in_dock": "bool"},
			# files changed on disk, like the FileSystem dock: not undoable
			"undo": "none",
			"handler": _mkdir,
		},
		{
			"method": "filesystem.copy",
			"summary": "Copy a file or folder in res:// like the dock's Duplicate: each copy gets a fresh UID, imported assets keep their import settings and are imported.",
			"params": [
				req("from", "string", "File or folder to copy"),
				req("to", "string", "Path of the copy", {"writes_path": true}),
				opt("overwrite", "bool", "Replace a file at `to` (not a folder); the copy keeps its UID", false),
			],
			"example": {"from": "res://scenes/ui.tscn", "to": "res://scenes/ui_copy.tscn"},
			"timeout_ms": 120_000,
			"returns": {"from": "string", "to": "string", "files": "int", "copies": [{"from": "string", "to": "string", "uid": "string"}],
					"replaced": "bool"},
			"undo": "none",
			"handler": _copy,
		},
		{
			"method": "filesystem.delete",
			"summary": "Delete a file or folder in res:// with its .import/.uid files; refused while scenes, resources, scripts or settings still use it unless force.",
			"params": [
				req("path", "string", "File or folder to delete", {"writes_path": true}),
				opt("force", "bool", "Delete even though other files refer to it (they will have broken references)", false),
			],
			"example": {"path": "res://scenes/ui_copy.tscn"},
			"example_setup": [{"method": "filesystem.copy", "params": {"from": "res://scenes/ui.tscn", "to": "res://scenes/ui_copy.tscn"}}],
			"destructive": true,
			"timeout_ms": 120_000,
			"returns": {"path": "string", "deleted": "int", "files": ["string"], "broken_references": ["string"], "settings": ["string"]},
			"undo": "none",
			"handler": _delete,
		},
		{
			"method": "filesystem.references",
			"summary": "Who uses a file or folder: scenes, resources and scripts that name it (by path or UID) and project settings (main scene, autoloads…).",
			"params": [req("path", "string", "File or folder, e.g. res://scripts/player.gd")],
			"example": {"path": "res://scripts/player.gd"},
			"read_only": true,
			"returns": {"path": "string", "count": "int", "used_by": [{"file": "string", "names": "Array"}], "settings": "Dictionary"},
			"handler": _references,
		},
	]


func _mkdir(c: BridgeCall) -> Variant:
	var p := c.params
	var path: Variant = BridgeFileOps.checked(p.path)
	if path is BridgeError:
		return path
	if DirAccess.dir_exists_absolute(path) or FileAccess.file_exists(path):
		return c.failed("%s already exists" % path, {"path": path})
	var err := DirAccess.make_dir_recursive_absolute(path)
	if err != OK:
		return c.failed("creating %s failed: %s" % [path, error_string(err)], {"path": path})
	var scanned: Variant = await BridgeScan.scan_and_wait(server)
	if scanned is BridgeError:
		return scanned
	return {"path": path, "created": DirAccess.dir_exists_absolute(path),
			"in_dock": EditorInterface.get_resource_filesystem().get_filesystem_path(path) != null}


func _copy(bc: BridgeCall) -> Variant:
	var checked: Variant = BridgeFileOps.copy_ends(bc, "copy")
	if checked is BridgeError:
		return checked
	var ends: BridgeFileOps.BridgeCopyEnds = checked
	var from := ends.from
	var to := ends.to
	var is_dir := ends.is_dir
	var replaced := ends.replaced
	var copies: Array = []
	for f: String in BridgeRefs.files_of(from):
		var dest: String = to + f.substr(from.length()) if is_dir else to
		var err := _copy_file(f, dest, ResourceLoader.get_resource_uid(dest) if replaced else ResourceUID.INVALID_ID)
		if err != OK:
			return bc.failed("copying %s failed: %s (%d file(s) copied before)" % [f, error_string(err),
					copies.size()], {"copied": copies})
		copies.append({"from": f, "to": dest})
	if is_dir:  # the editor's file list skips dot-files (.gitkeep, .gdignore); a folder's copy keeps them
		for f: String in _hidden_files(from):
			var dest: String = to + f.substr(from.length())
			var err := DirAccess.make_dir_recursive_absolute(dest.get_base_dir())
			if err == OK:
				err = DirAccess.copy_absolute(f, dest)
			if err != OK:
				return bc.failed("copying %s failed: %s (%d file(s) copied before)" % [f, error_string(err),
						copies.size()], {"copied": copies})
	var scanned: Variant = await BridgeScan.scan_and_wait(server)
	if scanned is BridgeError:
		return scanned
	var imported := PackedStringArray(copies.map(func(c: Dictionary) -> String: return c.to).filter(
			func(f: String) -> bool: return FileAccess.file_exists(f + ".import")))
	if not imported.is_empty():
		EditorInterface.get_resource_filesystem().reimport_files(imported)
	for c: Dictionary in copies:
		var uid := ResourceLoader.get_resource_uid(c.to)
		c["uid"] = ResourceUID.id_to_text(uid) if uid != ResourceUID.INVALID_ID else ""
		if c.uid != "" and uid == ResourceLoader.get_resource_uid(c.from):
			return bc.failed("%s has the same UID as %s" % [c.to, c.from], {"copies": copies})
	return {"from": from, "to": to, "files": copies.size(), "copies": copies, "replaced": replaced}


func _delete(c: BridgeCall) -> Variant:
	var p := c.params
	var path: Variant = BridgeFileOps.checked(p.path)
	if path is BridgeError:
		return path
	var is_dir := DirAccess.dir_exists_absolute(path)
	if not is_dir and not FileAccess.file_exists(path):
		return BridgeFileOps.missing(path)
	if path == "res://":
		return c.invalid("filesystem.delete refuses to delete the whole project", {"param": "path"})
	var files := BridgeRefs.files_of(path)
	var open: Array = Array(EditorInterface.get_open_scenes()).filter(func(s: String) -> bool: return s in files)
	if not open.is_empty():
		return c.failed("%s is open in the editor; close it first with scene.close" % ", ".join(PackedStringArray(open)),
				{"open": open})
	var users := BridgeRefs.referrers(files)
	var settings := BridgeRefs.settings_referring(files)
	if (not users.is_empty() or not settings.is_empty()) and not p.force:
		return c.failed("%s is still used by %s; change those first, or pass force: true" % [path,
				", ".join(PackedStringArray(users.keys() + settings.keys()))], {"used_by": users.keys(), "settings": settings.keys()})
	var failed := _remove_tree(path) if is_dir else ("" if _remove_file(path) == OK else "%s: cannot delete it" % path)
	if failed != "":
		await BridgeScan.scan_and_wait(server)  # what did go is gone from the dock too
		return c.failed("deleting %s failed at %s" % [path, failed], {"path": path, "failed": failed})
	for f: String in files:
		if ResourceLoader.has_cached(f):
			BridgeCompat.cached_resource(f).resource_path = ""  # a later file at this path must not resolve to it
	var scanned: Variant = await BridgeScan.scan_and_wait(server)
	if scanned is BridgeError:
		return scanned
	if FileAccess.file_exists(path) or DirAccess.dir_exists_absolute(path):
		return c.failed("%s is still there" % path)
	return {"path": path, "deleted": files.size(), "files": files, "broken_references": users.keys(), "settings": settings.keys()}


func _references(c: BridgeCall) -> Variant:
	var p := c.params
	var path: String = p.path.trim_suffix("/") if p.path != "res://" else p.path
	if not FileAccess.file_exists(path) and not DirAccess.dir_exists_absolute(path):
		return BridgeFileOps.missing(path)
	var files := BridgeRefs.files_of(path)
	var users := BridgeRefs.referrers(files)
	var list: Array = []
	for file: String in users:
		list.append({"file": file.trim_suffix(".import") if file.ends_with(".import") else file, "names": users[file]})
	return {"path": path, "count": list.size(), "used_by": list, "settings": BridgeRefs.settings_referring(files)}


## Copies one file; a resource copy gets a new UID, an imported asset its .import with a new UID.
## Copies one file and gives the copy its UID: `keep_uid` when it replaces a file (what named that file names
## the copy), else a fresh one. The bytes go to a temp file renamed over `to`, so a failed copy leaves the old file.
func _copy_file(from: String, to: String, keep_uid: int = ResourceUID.INVALID_ID) -> int:
	var err := DirAccess.make_dir_recursive_absolute(to.get_base_dir())
	var temp := to + ".bridge-copy"
	if err == OK:
		err = DirAccess.copy_absolute(from, temp)
	if err == OK:
		err = DirAccess.rename_absolute(temp, to)
	if err != OK:
		DirAccess.remove_absolute(temp)
		return err
	var new_uid := keep_uid if keep_uid != ResourceUID.INVALID_ID else ResourceUID.create_id()
	if FileAccess.file_exists(from + ".import"):
		var text := FileAccess.get_file_as_string(from + ".import")
		var at := text.find(UID_LINE)
		if at >= 0:
			text = text.substr(0, at) + "uid=\"%s\"" % ResourceUID.id_to_text(new_uid) + text.substr(text.find("\n", at))
		text = text.replace("\"%s\"" % from, "\"%s\"" % to)
		return BridgeFileOps.write_text(to + ".import", text)
	if ResourceLoader.get_resource_uid(from) != ResourceUID.INVALID_ID and not FileAccess.file_exists(from + ".uid"):
		return BridgeCompat.set_resource_uid(to, new_uid)  # the UID lives in the file (scenes, resources)
	return OK  # scripts and shaders get a new .uid file from the scan


func _remove_file(path: String) -> int:
	var err := DirAccess.remove_absolute(path)
	for side: String in BridgeFileOps.sidecars(path):
		DirAccess.remove_absolute(side)
	return err


## The dot-files under `dir`, in every subfolder: DirAccess.get_files_at (and so the editor's lists) skips them.
static func _hidden_files(dir: String) -> Array:
	var out: Array = []
	var access := DirAccess.open(dir)
	if access == null:
		return out
	access.include_hidden = true
	for f in access.get_files():
		if f.begins_with("."):
			out.append(dir.path_join(f))
	for d in DirAccess.get_directories_at(dir):
		out.append_array(_hidden_files(dir.path_join(d)))
	return out


## Deletes a folder and everything in it, hidden files too (.gdignore, .gitkeep: DirAccess.get_files_at skips
## them, and the folder then refuses to go). Returns "" or the path that could not be deleted and why.
func _remove_tree(dir: String) -> String:
	var access := DirAccess.open(dir)
	if access == null:
		return "%s: %s" % [dir, error_string(DirAccess.get_open_error())]
	access.include_hidden = true
	for f in access.get_files():
		var err := DirAccess.remove_absolute(dir.path_join(f))
		if err != OK:
			return "%s: %s" % [dir.path_join(f), error_string(err)]
	for d in access.get_directories():
		var failed := _remove_tree(dir.path_join(d))
		if failed != "":
			return failed
	var gone := DirAccess.remove_absolute(dir)
	return "" if gone == OK else "%s: %s" % [dir, error_string(gone)]
