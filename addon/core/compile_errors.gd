@tool
extends RefCounted
## The project's scripts that do not compile now, as bridge's last check of each found them. After every command
## that writes a .gd file (the files its `writes_path` parameters name, those declared `compiles`, and whatever
## lib/file_ops.gd wrote meanwhile: an undo or redo of a script step too) the router calls answer(): each file is
## compiled with core/script_compile.gd, the command answers `compiles` and the engine's file:line:message, and the
## errors stay here. editor.errors (and engine://editor/errors) list each one once, as an entry of source "editor";
## it leaves once a later write makes the file compile, or the file is gone.

const BridgeScriptCompile := preload("script_compile.gd")
const BridgeOutputLog := preload("output_log.gd")
const BridgeSettings := preload("../core/settings.gd")
const BridgeError := preload("../core/bridge_error.gd")

## path -> [entry]: the file's errors as editor.errors shows them (each with a seq of the editor's log).
static var _broken: Dictionary = {}
## The .gd files written since the last answer() (note_written): what an undo or a redo wrote, say.
static var _written: Dictionary = {}


## lib/file_ops.gd calls this for every file it writes.
static func note_written(path: String) -> void:
	if path.get_extension() == "gd":
		_written[path] = true


## Checks the scripts a command wrote (`paths`: files or folders, also ones now gone) and those noted since the
## last call, records what it found, and adds it to the command's result: `compiles` and, when a file does not,
## `compile_errors` [{file, line, message}] (a refusal gets both in its data when a file does not compile). A result that wrote no script is
## returned as it was.
static func answer(result: Variant, paths: Array) -> Variant:
	var found := check(paths)
	if found.checked.is_empty():
		return result
	var fields := {"compiles": found.errors.is_empty()}
	if not found.errors.is_empty():
		fields["compile_errors"] = found.errors
	if result is Dictionary:
		var out: Dictionary = result
		out.merge(fields, true)
	elif result is BridgeError and not found.errors.is_empty():  # a refusal says so only of a script that fails
		var refusal: BridgeError = result
		refusal.data.merge(fields, false)
	return result


## {checked: [path], errors: [{file, line, message}]}: compiles each .gd in `paths` (and under folders there, and
## the ones written since the last check), forgetting the files that compile or are gone.
static func check(paths: Array) -> Dictionary:
	var files := {}
	for p: String in _written:
		files[p] = true
	_written.clear()
	for raw: Variant in paths:
		var path := str(raw)
		if DirAccess.dir_exists_absolute(path):
			for f: String in _scripts_under(path):
				files[f] = true
		else:
			for known: String in _broken.keys():  # a folder moved or deleted: what was under it is gone
				if known.begins_with(path.trim_suffix("/") + "/") and not FileAccess.file_exists(known):
					_broken.erase(known)
			if path.get_extension() == "gd":
				files[path] = true
	var checked: Array = []
	var errors: Array = []
	for path: String in files:
		if not path.begins_with("res://") or path.to_lower().begins_with(BridgeSettings.addon_dir().to_lower() + "/"):
			continue
		if not FileAccess.file_exists(path):
			_broken.erase(path)
			continue
		checked.append(path)
		var res := BridgeScriptCompile.check_file(path, null)
		if res.ok:
			_broken.erase(path)
			continue
		var found: Array = []
		for e: Dictionary in res.errors:
			found.append({"file": path, "line": int(e.line), "message": str(e.message)})
		_record(path, found)
		errors.append_array(found)
	return {"checked": checked, "errors": errors}


## The recorded errors as entries of the editor's log with seq >= since, oldest first: {seq, type "script",
## message, file, line, source "editor", compile: true}.
static func entries(since: int = 0) -> Array:
	var out: Array = []
	for path: String in _broken:
		if not FileAccess.file_exists(path):
			continue
		for e: Dictionary in _broken[path]:
			if int(e.seq) >= since:
				out.append(e.duplicate())
	out.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.seq < b.seq)
	return out


## editor.errors' entries with the registry's merged in (by seq; at most `limit`, the newest).
static func merged(logged: Array, since: int, limit: int) -> Array:
	var out: Array = logged + entries(since)
	out.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.seq < b.seq)
	return out.slice(maxi(0, out.size() - limit))


## Keeps an error already recorded (its entry and seq: it is listed once), adds the new ones.
static func _record(path: String, found: Array) -> void:
	var before: Array = _broken.get(path, [])
	var now: Array = []
	var output: BridgeOutputLog = BridgeOutputLog.active
	for e: Dictionary in found:
		var message := "%s:%d: %s (does not compile)" % [path, e.line, e.message]
		var same := before.filter(func(b: Dictionary) -> bool: return b.message == message)
		if not same.is_empty():
			now.append(same[0])
			continue
		# an editor entry, of no play (editor.errors declares `play` on every entry)
		var entry := {"type": "script", "message": message, "file": path, "play": null,
				"line": e.line, "source": "editor", "compile": true, "time_ms": Time.get_ticks_msec(),
				"seq": output.reserve_seq() if output != null else 0}
		now.append(entry)
	_broken[path] = now


static func _scripts_under(dir: String) -> Array:
	var out: Array = []
	for f: String in DirAccess.get_files_at(dir):
		if f.get_extension() == "gd":
			out.append(dir.path_join(f))
	for d: String in DirAccess.get_directories_at(dir):
		if not d.begins_with("."):
			out.append_array(_scripts_under(dir.path_join(d)))
	return out
