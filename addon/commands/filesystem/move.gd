@tool
extends "../../core/command_group.gd"
## filesystem.move: move or rename a file or folder inside res:// the way the FileSystem dock does —
## .import and .uid files travel with it, UIDs stay, every scene, resource, script and project setting
## that names it is rewritten, loaded copies take the new path, imported assets are reimported. Not
## undoable (neither is the dock's move); move it back to undo.

const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeRefs := preload("../../lib/project_references.gd")
const BridgeScan := preload("../../lib/filesystem_scan.gd")
const BridgeCompat := preload("../../core/compat.gd")


func commands() -> Array:
	return [
		{
			"method": "filesystem.move",
			"summary": "Move or rename a file or folder in res://, keeping UIDs and imports and rewriting every reference to it (scenes, resources, scripts, project settings).",
			"params": [
				req("from", "string", "File or folder to move, e.g. res://scripts/player.gd", {"writes_path": true}),
				req("to", "string", "New path (full name, not a folder to drop it in), e.g. res://actors/hero.gd", {"writes_path": true}),
				opt("overwrite", "bool", "Replace a file at `to` (not a folder)", false),
			],
			"example": {"from": "res://scripts/player.gd", "to": "res://actors/hero.gd"},
			"destructive": true,
			"timeout_ms": 120_000,
			"returns": {"from": "string", "to": "string", "files": "int", "updated_references": ["string"], "updated_settings": ["string"],
					"uid?": "string", "replaced": "bool"},
			# files changed on disk, like the FileSystem dock: not undoable
			"undo": "none",
			"handler": _move,
		},
	]


func _move(c: BridgeCall) -> Variant:
	var checked: Variant = BridgeFileOps.copy_ends(c, "move")
	if checked is BridgeError:
		return checked
	var ends: BridgeFileOps.BridgeCopyEnds = checked
	var from := ends.from
	var to := ends.to
	var is_dir := ends.is_dir
	var replaced := ends.replaced
	if not is_dir and from.get_extension().to_lower() != to.get_extension().to_lower():
		return c.invalid("%s would change the file type (.%s → .%s)" % [to, from.get_extension(),
				to.get_extension()], {"param": "to"})
	var files := BridgeRefs.files_of(from)
	var mapping := {}
	for f: String in files:
		mapping[f] = to + f.substr(from.length()) if is_dir else to
	var open: Array = Array(EditorInterface.get_open_scenes()).filter(func(s: String) -> bool: return mapping.has(s))
	if not open.is_empty():
		return c.failed("%s is open in the editor; close it first with scene.close" % ", ".join(PackedStringArray(open)),
				{"open": open})
	var uids := {}
	for f: String in files:
		uids[f] = ResourceLoader.get_resource_uid(f)
	var referrers := BridgeRefs.referrers(files)
	var settings := BridgeRefs.settings_referring(files)
	# the move itself: one rename for a folder, the file and its sidecars otherwise (over the replaced file's)
	if replaced:
		for side: String in BridgeFileOps.sidecars(to):
			DirAccess.remove_absolute(side)
	var err := DirAccess.make_dir_recursive_absolute(to.get_base_dir())
	if err == OK:
		err = DirAccess.rename_absolute(from, to)
	if err != OK:
		return c.failed("moving %s to %s failed: %s; nothing changed" % [from, to, error_string(err)])
	if not is_dir:
		for side: String in BridgeFileOps.sidecars(from):
			DirAccess.rename_absolute(side, to + side.substr(from.length()))
	# moved files name each other (a scene and its script moved together), and their .import settings their old path
	for f: String in files:
		for own: String in [mapping[f], mapping[f] + ".import"]:
			if FileAccess.file_exists(own) and own.get_extension() in BridgeRefs.TEXT_EXTENSIONS:
				BridgeRefs.rewrite_text(own, mapping)
	var updated: Array = []
	var binary: Array = []
	for file: String in referrers:
		var now: String = mapping.get(file, file)
		if now.get_extension() in BridgeRefs.TEXT_EXTENSIONS:
			if BridgeRefs.rewrite_text(now, mapping):
				updated.append(now)
		else:
			binary.append(now)
	for key: String in settings:
		ProjectSettings.set_setting(key, BridgeRefs.remap_value(settings[key], mapping))
	if not settings.is_empty():
		ProjectSettings.save()
	# loaded copies (the open scenes' resources, scripts in the script editor) take the new path
	for f: String in files:
		if ResourceLoader.has_cached(f):
			BridgeCompat.cached_resource(f).take_over_path(mapping[f])
		if uids[f] != ResourceUID.INVALID_ID:
			ResourceUID.set_id(uids[f], mapping[f])
	var scanned: Variant = await BridgeScan.scan_and_wait(server)
	if scanned is BridgeError:
		return scanned
	var imported := PackedStringArray(files.map(func(f: String) -> String: return mapping[f]).filter(
			func(f: String) -> bool: return FileAccess.file_exists(f + ".import")))
	if not imported.is_empty():
		EditorInterface.get_resource_filesystem().reimport_files(imported)
	for file: String in binary:  # binary resources store paths: resave them now that the UIDs resolve to the new ones
		var res: Resource = ResourceLoader.load(file, "", ResourceLoader.CACHE_MODE_REPLACE)
		if res != null and ResourceSaver.save(res, file) == OK:
			updated.append(file)
	var out: Variant = _verify(from, to, files, mapping, uids, updated, settings.keys())
	if out is Dictionary:
		out["replaced"] = replaced
	return out


## The result, after checking the files are where they should be, with the same UIDs, and named by no one by the old path.
func _verify(from: String, to: String, files: Array, mapping: Dictionary, uids: Dictionary, updated: Array, settings: Array) -> Variant:
	if FileAccess.file_exists(from) or DirAccess.dir_exists_absolute(from):
		return BridgeError.failed("%s still exists after the move" % from)
	for f: String in files:
		if not FileAccess.file_exists(mapping[f]):
			return BridgeError.failed("%s is missing after the move" % mapping[f])
		var uid := ResourceLoader.get_resource_uid(mapping[f])
		if uids[f] != ResourceUID.INVALID_ID and uid != uids[f]:
			return BridgeError.failed("%s lost its UID %s" % [mapping[f], ResourceUID.id_to_text(uids[f])])
	var stale := BridgeRefs.referrers(files)
	if not stale.is_empty():
		return BridgeError.failed("moved, but %s still name the old path" % ", ".join(PackedStringArray(stale.keys())),
				{"stale": stale.keys()})
	updated.sort()
	var out := {"from": from, "to": to, "files": files.size(), "updated_references": updated, "updated_settings": settings}
	if files.size() == 1:
		out["uid"] = ResourceUID.id_to_text(uids[files[0]]) if uids[files[0]] != ResourceUID.INVALID_ID else ""
	return out
