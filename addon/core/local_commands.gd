@tool
extends RefCounted
## Project-local command groups in res://bridge_commands/*.gd, kept in step with the folder while the
## editor runs: a file added, changed or removed is (re)registered or dropped within one poll, without a
## restart. Each file is compiled from its current source (never a cached resource), so an edit takes
## effect at once. A file that does not compile, is not a group, or would shadow a registered command
## is refused and listed in engine.commands' load_errors with the engine's message and line.

const BridgeOutputLog := preload("output_log.gd")
const BridgeParams := preload("params.gd")
const BridgeGroupLoader := preload("group_loader.gd")
const BridgeRouter := preload("router.gd")
const BridgeSettings := preload("settings.gd")

const DIR := BridgeSettings.LOCAL_COMMANDS_DIR
## How often the folder is checked. A check lists the folder and reads each file's modification time (and
## hashes a file saved in the last two seconds): under a millisecond for ten files, measured on a loaded machine.
const POLL_MSEC := 500

var _router: BridgeRouter
var _server: Node
## path -> {mtime, md5 of the source it was loaded from, group (null when refused), methods it registered,
## conflict: refused for a method another file or a built-in has}
var _files: Dictionary = {}
var _last_poll_msec := -POLL_MSEC


func _init(router: BridgeRouter, server: Node) -> void:
	_router = router
	_server = server


## Called every editor frame; checks the folder at most every POLL_MSEC.
func poll() -> void:
	var now := Time.get_ticks_msec()
	if now - _last_poll_msec < POLL_MSEC:
		return
	_last_poll_msec = now
	sync()


## Brings the registered project groups in line with the folder. Returns whether anything changed;
## the router announces one commands_changed for the whole batch.
func sync() -> bool:
	var now := int(Time.get_unix_time_from_system())
	var listed := files()
	var changed := false
	for path: String in _files.keys():
		if not path in listed:
			_drop(path)
			changed = true
	for path in listed:  # sorted: a new pair of files registers in name order
		var mtime := FileAccess.get_modified_time(path)
		if _files.has(path) and not _changed(path, mtime, now):
			continue
		_drop(path)
		_load(path, mtime)
		changed = true
	if changed:  # a file refused for a name another file held may register now that it changed or went
		for path in listed:
			if _files[path].conflict:
				var mtime: int = _files[path].mtime
				_drop(path)
				_load(path, mtime)
	if changed:
		_router.commands_changed.emit()
	return changed


## Every project-local group file, sorted by name.
static func files() -> Array[String]:
	var out: Array[String] = []
	if not DirAccess.dir_exists_absolute(DIR):
		return out
	var names := Array(DirAccess.get_files_at(DIR))
	names.sort()
	for name: String in names:
		if name.get_extension() == "gd":  # not the .gd.uid files the editor writes beside them
			out.append(DIR.path_join(name))
	return out


## Whether a loaded file changed: another modification time, or, while the file is fresh, other content
## (modification times have one-second steps, and a second save within the same second must count too).
func _changed(path: String, mtime: int, now: int) -> bool:
	var entry: Dictionary = _files[path]
	if entry.mtime != mtime:
		return true
	return now - mtime <= 2 and FileAccess.get_file_as_string(path).md5_text() != entry.md5


func _drop(path: String) -> void:
	var entry: Dictionary = _files.get(path, {})
	if entry.get("group") != null:
		_router.registry.unregister_group(entry.group, false)
	_files.erase(path)
	_router.registry.clear_load_errors(path)


func _load(path: String, mtime: int) -> void:
	var source := FileAccess.get_file_as_string(path)
	_files[path] = {"mtime": mtime, "md5": source.md5_text(), "group": null, "methods": [], "conflict": false}
	var group: Variant = _instantiate(source)
	if group is Dictionary:  # refused: {error, line?, engine_message?}
		var error: String = group.error
		group.erase("error")
		_router.registry.record_load_error(path, error, group)
		return
	var refusal := _refusal(path, group)
	if refusal != "":
		_router.registry.record_load_error(path, refusal)
		_files[path].conflict = _conflicts(group)
		return
	_router.registry.register_group(group, "project", false)
	_files[path].group = group
	_files[path].methods = group.commands().map(func(cmd: Dictionary) -> String: return cmd.method)


## The group object compiled from a file's source, or {error, line?, engine_message?} saying why there is none.
func _instantiate(source: String) -> Variant:
	var script := GDScript.new()
	script.source_code = source
	var logger: BridgeOutputLog = BridgeOutputLog.of(_server)
	var since: int = logger.next_seq() if logger else 0
	if script.reload() != OK:
		return _compile_error(logger, since, "gdscript://%d.gd" % script.get_instance_id())
	if not script.can_instantiate():
		return {"error": "the script cannot run in the editor: its first line must be @tool"}
	var group: Object = script.new(_server)
	if not BridgeGroupLoader.is_group(group):
		return {"error": "not a command group: it must extend \"res://addons/bridge/command_group.gd\""}
	return group


## The engine's first complaint about a source compiled under `file`, from the server's output log.
func _compile_error(logger: BridgeOutputLog, since: int, file: String) -> Dictionary:
	var out := {"error": "the script does not compile"}
	if logger == null:
		return out
	for e: Dictionary in logger.entries(since, 50):
		if e.get("file", "") == file or e.get("script_file", "") == file:
			var line: int = e.line if e.get("file", "") == file else e.script_line
			var message := str(e.message).trim_suffix(".")
			out.error = "the script does not compile: line %d: %s" % [line, message]
			out["line"] = line
			out["engine_message"] = message
			break
	return out


## Why a compiled group may not register, or "": a declaration the router cannot take, or a method
## that is already a command (a built-in or another project file: the first one keeps it).
func _refusal(path: String, group: Object) -> String:
	var declared: Variant = group.commands()
	if not declared is Array:
		return "commands() must return an Array of declarations"
	var group_name := path.get_file().get_basename()
	for cmd: Variant in declared:
		if not cmd is Dictionary or not cmd.get("method") is String or str(cmd.method).count(".") != 1:
			return "every declaration needs a method named <group>.<command>, got %s" % [cmd.get("method") if cmd is Dictionary else cmd]
		if not cmd.get("handler") is Callable:
			return "%s: handler must be a Callable (e.g. \"handler\": _my_handler)" % cmd.method
		for spec: Variant in cmd.get("params", []):
			if not spec is Dictionary or not spec.get("type", "any") in BridgeParams.TYPES:
				return "%s: parameter %s has an unknown type (one of %s)" % [cmd.method, spec,
						", ".join(BridgeParams.TYPES)]
		if _router.has(cmd.method):
			var owner := _owner_of(cmd.method)
			if owner == "":
				return "%s would shadow the built-in command of that name; rename it (e.g. %s.%s)" % [cmd.method, group_name,
						str(cmd.method).get_slice(".", 1)]
			return "%s is already declared by %s; one file per command" % [cmd.method, owner]
	return ""


## Whether a group declares a method that is already registered (its refusal may lift when that goes).
func _conflicts(group: Object) -> bool:
	var declared: Variant = group.commands()
	return declared is Array and declared.any(func(cmd: Variant) -> bool:
		return cmd is Dictionary and cmd.get("method") is String and _router.has(cmd.method))


## The project file that registered `method`, or "" when it is not a project command.
func _owner_of(method: String) -> String:
	for path: String in _files:
		if method in _files[path].methods:
			return path
	return ""
