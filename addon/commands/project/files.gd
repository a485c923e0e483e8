@tool
extends "../../core/command_group.gd"
## project.read_file / project.write_file: text files of the project (res://) and its user data
## (user://). Writes are atomic (temp file + rename), never touch the engine's state or the bridge
## itself, and are handed to the editor's filesystem so it imports them.

const BridgeParams := preload("../../core/params.gd")
const BridgeScan := preload("../../lib/filesystem_scan.gd")
const BridgeSettings := preload("../../core/settings.gd")
const BridgeOpenTextSync := preload("../../core/open_text_sync.gd")
const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeConnectionCheck := preload("../../lib/connection_check.gd")

## Largest file project.read_file returns.
## The largest file project.write_file writes from base64.
const MAX_WRITE_BYTES := 16 * 1024 * 1024
## Its base64 length: 4 characters per 3 bytes, rounded up to whole groups.
const MAX_BASE64_CHARS := 22369624
const MAX_READ_BYTES := 1024 * 1024
## res:// folders these commands never touch: engine state (it holds export credentials too) and the bridge.
const ENGINE_DIR := "res://.godot/"


func commands() -> Array:
	return [
		{
			"method": "project.read_file",
			"summary": "Read a UTF-8 text file under res:// or user:// (up to 1 MiB; binary files are refused).",
			"params": [req("path", "string", "File to read, e.g. res://scripts/player.gd")],
			"example": {"path": "res://scripts/player.gd"},
			"read_only": true,
			"returns": {"path": "string", "size": "int", "lines": "int", "content": "string"},
			"handler": _read,
		},
		{
			"method": "project.write_file",
			"summary": "Write a text file under res:// or user:// atomically and let the editor import it (not undoable); refuses to overwrite unless told.",
			"params": [
				req("path", "string", "File to write, e.g. res://scripts/enemy.gd", {"writes_path": true}),
				req("content", "string", "The file's full text (written as UTF-8)"),
				opt("overwrite", "bool", "Replace an existing file", false),
				choice("encoding", ["utf8", "base64"], "utf8: content is the text; base64: content is a binary file's bytes in base64 (a material, an image)", "utf8"),
			],
			"example": {"path": "res://notes/todo.md", "content": "# To do\n- add enemies\n"},
			"destructive": true,
			"undo": "none",  # a file written directly
			"returns": {"path": "string", "bytes": "int", "created": "bool", "imported?": "bool", "reloaded?": "bool",
					"compiles?": "bool", "compile_errors?": [{"file": "string", "line": "int", "message": "string"}], "note?": "string",
					"open_in_editor?": "bool", "breaks_connections?": [{"scene": "string", "node": "string", "signal": "string", "to": "string", "method": "string"}]},
			"handler": _write,
		},
	]


func _read(c: BridgeCall) -> Variant:
	var p := c.params
	var path: Variant = _checked_path(p.path)
	if path is BridgeError:
		return path
	if DirAccess.dir_exists_absolute(path):
		return c.invalid("%s is a folder; project.file_tree lists it" % path, {"param": "path"})
	if not FileAccess.file_exists(path):
		return _missing(path)
	var size := FileAccess.open(path, FileAccess.READ).get_length()  # the static get_size is 4.5+
	if size > MAX_READ_BYTES:
		return c.failed("%s is %d bytes; project.read_file reads at most %d" % [path, size, MAX_READ_BYTES],
				{"path": path, "size": size, "max": MAX_READ_BYTES})
	var bytes := FileAccess.get_file_as_bytes(path)
	if bytes.is_empty() and size > 0:
		return c.failed("cannot read %s: %s" % [path, error_string(FileAccess.get_open_error())], {"path": path})
	var bom := bytes.size() >= 3 and bytes[0] == 0xEF and bytes[1] == 0xBB and bytes[2] == 0xBF
	if bom:
		bytes = bytes.slice(3)
	var bad := _not_text_at(bytes)
	if bad >= 0:
		var offset := bad + (3 if bom else 0)
		return c.failed("%s is not a UTF-8 text file (byte %d is %s); project.read_file reads text only" % [path,
				offset, _describe_byte(bytes[bad])], {"path": path, "offset": offset})
	var text := bytes.get_string_from_utf8()
	return {"path": path, "size": size, "lines": text.count("\n") + (0 if text == "" or text.ends_with("\n") else 1),
			"content": text}


func _write(c: BridgeCall) -> Variant:
	var p := c.params
	var path: Variant = _checked_path(p.path)
	if path is BridgeError:
		return path
	if path.to_lower().begins_with(BridgeSettings.addon_dir() + "/") or path.to_lower() == "res://project.godot":
		return c.error(BridgeError.PATH_REFUSED, "project.write_file refuses %s: %s" % [path,
				"the bridge does not rewrite itself" if path.to_lower().begins_with(BridgeSettings.addon_dir() + "/")
				else "the editor owns project.godot; change settings with project.settings_set"], {"path": path})
	if DirAccess.dir_exists_absolute(path):
		return c.invalid("%s is a folder" % path, {"param": "path"})
	var existed := FileAccess.file_exists(path)
	if existed and not p.overwrite:
		return c.failed("%s already exists; pass overwrite: true to replace it" % path, {"path": path})
	var dir: String = path.get_base_dir()
	var err := DirAccess.make_dir_recursive_absolute(dir)
	if err != OK:
		return c.failed("cannot create the folder %s: %s" % [dir, error_string(err)], {"path": path})
	var content: Variant = _content_bytes(p)
	if content is BridgeError:
		return content
	var bytes: PackedByteArray = content
	var before := FileAccess.get_file_as_string(path) if existed and path.get_extension() == "gd" else ""
	# temp file + rename; a script or shader the editor holds takes the new text (core/open_text_sync.gd)
	var write_err := BridgeFileOps.write_bytes(path, bytes)
	if write_err != OK:
		return c.failed("writing %s failed: %s; the file is unchanged" % [path, error_string(write_err)], {"path": path})
	var out := {"path": path, "bytes": bytes.size(), "created": not existed}
	if path.begins_with("res://"):
		out.merge(await _import(path))
	var broken := BridgeConnectionCheck.broken_by(path, before, bytes.get_string_from_utf8()) if before != "" else []
	if not broken.is_empty():
		out["breaks_connections"] = broken  # a connected method the new text no longer has (lib/connection_check.gd)
	return out


## The bytes to write: the text as UTF-8, or the decoded base64 (refused when it is not base64 or too big).
static func _content_bytes(p: Dictionary) -> Variant:
	var content: String = p.content
	if p.get("encoding", "utf8") != "base64":
		return content.to_utf8_buffer()
	var clean := content.strip_edges().replace("\n", "").replace("\r", "")
	if clean.length() > MAX_BASE64_CHARS:
		return BridgeError.invalid("the decoded file would be over %d bytes" % MAX_WRITE_BYTES, {"param": "content", "max": MAX_WRITE_BYTES})
	var b64 := RegEx.create_from_string("^[A-Za-z0-9+/]*={0,2}$")
	if clean.length() % 4 != 0 or b64.search(clean) == null:
		return BridgeError.invalid("content is not base64 (encoding: base64): expected A-Z a-z 0-9 + / with = padding, a multiple of 4 characters", {"param": "content"})
	return Marshalls.base64_to_raw(clean)


## Tells the editor's filesystem about a file just written (a scan when its folder is new to it), gives a
## loaded script or shader the new text, and says when it is a scene open in the editor.
func _import(path: String) -> Dictionary:
	var fs := EditorInterface.get_resource_filesystem()
	var out := {}
	if fs.get_filesystem_path(path.get_base_dir()) == null:
		var scanned: Variant = await BridgeScan.scan_and_wait(server)
		out["imported"] = not scanned is BridgeError
	else:
		fs.update_file(path)
		for i in 2:  # script classes and imports are updated on the next frames
			await server.get_tree().process_frame
		out["imported"] = true
	# the editor's loaded copy and open tab took the new text (FileOps.write_text), also when it does not
	# compile: the old one would be written back by the next save
	var synced := BridgeOpenTextSync.last_sync(path)
	if synced.has("compiles"):
		out["reloaded"] = synced.compiles
		if not synced.compiles:
			out["compiles"] = false
			out["note"] = "the new code does not compile (compile_errors and editor.errors have where and why); the editor holds this text and the script fails until it is fixed"
	if path in EditorInterface.get_open_scenes():
		out["open_in_editor"] = true  # the tab still shows the old version: scene.reload loads this one
	return out


## The normalised res:// or user:// path, or a BridgeError; the engine's own folder is refused.
func _checked_path(raw: String) -> Variant:
	var path: Variant = BridgeParams.jail_path(raw)
	if path is BridgeError:
		return BridgeError.new(BridgeError.PATH_REFUSED, "path %s" % path.message, {"param": "path", "path": raw})
	if (path + "/").to_lower().begins_with(ENGINE_DIR):
		return BridgeError.new(BridgeError.PATH_REFUSED, "%s is refused: res://.godot holds the engine's state and credentials"
				% path, {"param": "path", "path": path})
	return path


## NOT_FOUND for a file that is not there, with a did-you-mean among its folder's files.
func _missing(path: String) -> RefCounted:
	var dir := path.get_base_dir()
	var guess := BridgeParams.did_you_mean(path.get_file(), Array(DirAccess.get_files_at(dir))) if DirAccess.dir_exists_absolute(dir) else ""
	var suggestion := dir.path_join(guess) if guess != "" else ""
	return BridgeError.not_found("no file at %s%s" % [path, " (did you mean '%s'?)" % suggestion if guess != "" else ""],
			{"path": path, "suggestion": suggestion})


## The offset of the first byte that cannot be in a UTF-8 text file (a NUL, or invalid UTF-8), or -1.
## Other control characters (ANSI colour codes in a log, say) are text: replies escape them.
static func _not_text_at(bytes: PackedByteArray) -> int:
	if bytes.has(0):
		return bytes.find(0)
	var n := bytes.size()
	var i := 0
	while i < n:
		var b: int = bytes[i]
		if b < 0x80:
			i += 1
			continue
		var extra := 0
		if b >= 0xC2 and b <= 0xDF:
			extra = 1
		elif b >= 0xE0 and b <= 0xEF:
			extra = 2
		elif b >= 0xF0 and b <= 0xF4:
			extra = 3
		else:
			return i
		if i + extra >= n:
			return i
		var second: int = bytes[i + 1]  # overlong forms, UTF-16 surrogates and code points past U+10FFFF
		if (b == 0xE0 and second < 0xA0) or (b == 0xED and second > 0x9F) or (b == 0xF0 and second < 0x90) \
				or (b == 0xF4 and second > 0x8F):
			return i
		for k in range(1, extra + 1):
			if bytes[i + k] & 0xC0 != 0x80:
				return i
		i += extra + 1
	return -1


static func _describe_byte(b: int) -> String:
	if b == 0:
		return "a NUL"
	return "not valid UTF-8"
