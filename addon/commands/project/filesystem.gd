@tool
extends "../../core/command_group.gd"
## project.*, the editor's view of the files: rescan so files written outside the editor are imported,
## and resolve uid:// ↔ res:// paths.

## The longest a scan may take before project.scan gives up waiting.
const SCAN_LIMIT_MS := 100_000
## The characters of a uid:// text.
const UID_CHARS := "abcdefghijklmnopqrstuvwxyz0123456789"


func commands() -> Array:
	return [
		{
			"method": "project.scan",
			"summary": "Rescan res:// and wait until done, so files changed outside the editor are imported; returns files added, removed, reimported.",
			"params": [],
			"example": {},
			"timeout_ms": SCAN_LIMIT_MS + 20_000,
			"handler": _scan,
		},
		{
			"method": "project.uid",
			"summary": "Resolve a uid:// to its res:// path, or a res:// path to its uid://.",
			"params": [req("path", "string", "A uid://… or a res://… path")],
			"example": {"path": "res://scripts/player.gd"},
			"read_only": true,
			"handler": _uid,
		},
	]


func _scan(_p: Dictionary) -> Variant:
	var started := Time.get_ticks_msec()
	var result: Variant = await scan_and_wait(server)
	if result is BridgeError:
		return result
	result["duration_ms"] = Time.get_ticks_msec() - started
	return result


## Runs a full scan of res:// and waits for it (and the imports it starts) to finish.
## Returns {added, removed, reimported} (res:// paths) or a TIMEOUT BridgeError.
static func scan_and_wait(server_node: Node) -> Variant:
	var fs := EditorInterface.get_resource_filesystem()
	var tree := server_node.get_tree()
	while fs.is_scanning():  # one already running: let it finish, then scan for what it may have missed
		await tree.process_frame
	var before := _files(fs.get_filesystem(), {})
	var reimported := {}
	var on_reimport := func(paths: PackedStringArray) -> void:
		for path in paths:
			reimported[path] = true
	fs.resources_reimported.connect(on_reimport)
	var started := Time.get_ticks_msec()
	fs.scan()
	while fs.is_scanning() and Time.get_ticks_msec() - started < SCAN_LIMIT_MS:
		await tree.process_frame
	for i in 2:  # the scan's result is applied, and its imports run, on the frames after it ends
		await tree.process_frame
	fs.resources_reimported.disconnect(on_reimport)
	if fs.is_scanning():
		return BridgeError.new(BridgeError.TIMEOUT, "the filesystem scan did not finish within %d s" % (SCAN_LIMIT_MS / 1000))
	var after := _files(fs.get_filesystem(), {})
	var added: Array = after.keys().filter(func(f: String) -> bool: return not before.has(f))
	var removed: Array = before.keys().filter(func(f: String) -> bool: return not after.has(f))
	added.sort()
	removed.sort()
	var changed: Array = reimported.keys()
	changed.sort()
	return {"added": added, "removed": removed, "reimported": changed}


func _uid(p: Dictionary) -> Variant:
	var text: String = p.path.strip_edges()
	if text.begins_with("uid://"):
		var id := ResourceUID.text_to_id(text)
		var body := text.substr(6)
		if id == ResourceUID.INVALID_ID or body == "" or not Array(body.split("")).all(func(c: String) -> bool: return c in UID_CHARS):
			return BridgeError.invalid("project.uid: '%s' is not a valid uid:// text" % text, {"param": "path"})
		if not ResourceUID.has_id(id):
			return BridgeError.not_found("no resource has %s (project.scan picks up files added outside the editor)" % text,
					{"uid": text})
		var path := ResourceUID.get_id_path(id)
		return {"uid": text, "path": path, "exists": FileAccess.file_exists(path)}
	if not text.begins_with("res://"):
		return BridgeError.invalid("project.uid: path must start with uid:// or res://, got '%s'" % text, {"param": "path"})
	if not FileAccess.file_exists(text):
		return BridgeError.not_found("no file at %s" % text, {"path": text})
	var found := ResourceLoader.get_resource_uid(text)
	if found == ResourceUID.INVALID_ID:
		return BridgeError.not_found("%s has no UID (scenes and resources get one when Godot saves them, scripts when the editor scans them)" % text,
				{"path": text})
	return {"uid": ResourceUID.id_to_text(found), "path": text, "exists": true}


## Every file path the editor's filesystem knows, as a set.
static func _files(dir: EditorFileSystemDirectory, out: Dictionary) -> Dictionary:
	if dir == null:
		return out
	for i in dir.get_file_count():
		out[dir.get_file_path(i)] = true
	for i in dir.get_subdir_count():
		_files(dir.get_subdir(i), out)
	return out
