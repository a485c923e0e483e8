@tool
extends Logger
## Keeps the editor's recent errors and warnings (push_error/push_warning, engine errors, script and
## shader errors, printerr) in a bounded ring, each with a sequence number, for editor.errors.

const TYPES := ["error", "warning", "script", "shader"]
const META := &"bridge_output_log"

## Godot calls loggers from any thread: every access to the ring holds this lock.
var _mutex := Mutex.new()
var _entries: Array[Dictionary] = []
var _next_seq := 1
var _capacity: int


## The server's log, installed with OS.add_logger on first use and removed when the server leaves
## the tree. Null without a server (e.g. a group instantiated only to read its declarations).
static func of(server: Node) -> Logger:
	if server == null:
		return null
	if server.has_meta(META):
		return server.get_meta(META)
	var log: Logger = load("res://addons/bridge/core/output_log.gd").new()
	server.set_meta(META, log)
	OS.add_logger(log)
	server.tree_exiting.connect(func() -> void: OS.remove_logger(log), CONNECT_ONE_SHOT)
	return log


func _init(capacity: int = 1000) -> void:
	_capacity = capacity


func _log_error(function: String, file: String, line: int, code: String, rationale: String,
		_editor_notify: bool, error_type: int, script_backtraces: Array[ScriptBacktrace]) -> void:
	var entry := {
		"type": TYPES[error_type] if error_type >= 0 and error_type < TYPES.size() else "error",
		"message": rationale if rationale != "" else code,
		"code": code,
		"function": function,
		"file": file,
		"line": line,
	}
	for bt in script_backtraces:
		if bt != null and not bt.is_empty():
			entry["backtrace"] = bt.format(0, 2)
			entry["script_file"] = bt.get_frame_file(0)  # where in GDScript it happened, for push_error too
			entry["script_line"] = bt.get_frame_line(0)
			break
	_append(entry)


func _log_message(message: String, error: bool) -> void:
	if error:  # printerr(); plain print() output is not kept
		_append({"type": "stderr", "message": message.strip_edges(false, true)})


func _append(entry: Dictionary) -> void:
	entry["time_ms"] = Time.get_ticks_msec()
	_mutex.lock()
	entry["seq"] = _next_seq
	_next_seq += 1
	_entries.append(entry)
	if _entries.size() > _capacity:
		_entries = _entries.slice(_entries.size() - _capacity)
	_mutex.unlock()


## The sequence number the next entry will get: pass it as `since` to read only what comes after.
func next_seq() -> int:
	_mutex.lock()
	var n := _next_seq
	_mutex.unlock()
	return n


## Entries with seq >= since, oldest first, at most `limit` (the newest ones when more matched).
func entries(since: int = 0, limit: int = 100) -> Array[Dictionary]:
	_mutex.lock()
	var out: Array[Dictionary] = []
	for e in _entries:
		if e.seq >= since:
			out.append(e.duplicate())
	_mutex.unlock()
	if out.size() > limit:
		out = out.slice(out.size() - limit)
	return out


func clear() -> void:
	_mutex.lock()
	_entries.clear()
	_mutex.unlock()
