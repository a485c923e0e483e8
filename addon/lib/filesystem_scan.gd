@tool
extends RefCounted
## A full rescan of res:// that waits until the editor's filesystem (and the imports it starts) is done:
## what project.scan answers, and what every command writing or moving files outside the editor's own
## dialogs runs so the editor sees the result. Every function is static.

const BridgeError := preload("../core/bridge_error.gd")

## The longest a scan may take before scan_and_wait gives up waiting.
const SCAN_LIMIT_MS := 100_000


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
		return BridgeError.new(BridgeError.TIMEOUT, "the filesystem scan did not finish within %d s" % (SCAN_LIMIT_MS / 1000.0))
	var after := _files(fs.get_filesystem(), {})
	var added: Array = after.keys().filter(func(f: String) -> bool: return not before.has(f))
	var removed: Array = before.keys().filter(func(f: String) -> bool: return not after.has(f))
	added.sort()
	removed.sort()
	var changed: Array = reimported.keys()
	changed.sort()
	return {"added": added, "removed": removed, "reimported": changed}


## Every file path the editor's filesystem knows, as a set.
static func _files(dir: EditorFileSystemDirectory, out: Dictionary) -> Dictionary:
	if dir == null:
		return out
	for i in dir.get_file_count():
		out[dir.get_file_path(i)] = true
	for i in dir.get_subdir_count():
		_files(dir.get_subdir(i), out)
	return out
