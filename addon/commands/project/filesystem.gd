@tool
extends "../../core/command_group.gd"
## project.*, the editor's view of the files: rescan so files written outside the editor are imported,
## and resolve uid:// ↔ res:// paths.

const BridgeFilesystemScan := preload("../../lib/filesystem_scan.gd")

## The longest a scan may take before project.scan gives up waiting.
const SCAN_LIMIT_MS := BridgeFilesystemScan.SCAN_LIMIT_MS
## The characters of a uid:// text.
const UID_CHARS := "abcdefghijklmnopqrstuvwxyz0123456789"


func commands() -> Array:
	return [
		{
			"method": "project.scan",
			"idempotent": true,
			"summary": "Rescan res:// and wait until done, so files changed outside the editor are imported; returns files added, removed, reimported.",
			"params": [],
			"example": {},
			"timeout_ms": SCAN_LIMIT_MS + 20_000,
			"undo": "none",  # the editor's view of the files, in no history
			"returns": {"added": ["string"], "removed": ["string"], "reimported": ["string"], "duration_ms": "int"},
			"handler": _scan,
		},
		{
			"method": "project.uid",
			"summary": "Resolve a uid:// to its res:// path, or a res:// path to its uid://.",
			"params": [req("path", "string", "A uid://… or a res://… path")],
			"example": {"path": "res://scripts/player.gd"},
			"read_only": true,
			"returns": {"uid": "string", "path": "string", "exists": "bool"},
			"handler": _uid,
		},
	]


func _scan(_c: BridgeCall) -> Variant:
	var started := Time.get_ticks_msec()
	var result: Variant = await BridgeFilesystemScan.scan_and_wait(server)
	if result is BridgeError:
		return result
	result["duration_ms"] = Time.get_ticks_msec() - started
	return result


func _uid(bc: BridgeCall) -> Variant:
	var p := bc.params
	var text: String = p.path.strip_edges()
	if text.begins_with("uid://"):
		var id := ResourceUID.text_to_id(text)
		var body := text.substr(6)
		if id == ResourceUID.INVALID_ID or body == "" or not Array(body.split("")).all(func(c: String) -> bool: return c in UID_CHARS):
			return bc.invalid("'%s' is not a valid uid:// text" % text, {"param": "path"})
		if not ResourceUID.has_id(id):
			return bc.not_found("no resource has %s (project.scan picks up files added outside the editor)" % text,
					{"uid": text})
		var path := ResourceUID.get_id_path(id)
		return {"uid": text, "path": path, "exists": FileAccess.file_exists(path)}
	if not text.begins_with("res://"):
		return bc.invalid("path must start with uid:// or res://, got '%s'" % text, {"param": "path"})
	if not FileAccess.file_exists(text):
		return bc.not_found("no file at %s" % text, {"path": text})
	var found := ResourceLoader.get_resource_uid(text)
	if found == ResourceUID.INVALID_ID:
		return bc.not_found("%s has no UID (scenes and resources get one when Godot saves them, scripts when the editor scans them)" % text,
				{"path": text})
	return {"uid": ResourceUID.id_to_text(found), "path": text, "exists": true}
