@tool
extends Logger
## Keeps the editor's recent errors and warnings (push_error/push_warning, engine errors, script and
## shader errors, printerr) in a bounded ring, each with a sequence number, for editor.errors; and plain
## print() lines in a ring of their own (so chatty output never pushes errors out), for editor.output.

const TYPES := ["error", "warning", "script", "shader"]
## Every entry type: the error ones above, printerr lines ("stderr") and print lines ("print").
const KINDS := ["print", "stderr", "error", "warning", "script", "shader"]
const META := &"bridge_output_log"

## Godot calls loggers from any thread: every access to the ring holds this lock.
var _mutex := Mutex.new()
var _entries: Array[Dictionary] = []
var _prints: Array[Dictionary] = []
var _next_seq := 1
var _capacity: int
## The log of the running server (null before one is installed): lets static helpers such as
## lib/property_path.gd quote what the engine logged while a value was set.
static var active: Logger


## The server's log, installed with OS.add_logger on first use and removed when the server leaves
## the tree. Null without a server (e.g. a group instantiated only to read its declarations).
static func of(server: Node) -> Logger:
	if server == null:
		return null
	if server.has_meta(META):
		return server.get_meta(META)
	var logger: Logger = new()
	server.set_meta(META, logger)
	OS.add_logger(logger)
	active = logger
	server.tree_exiting.connect(func() -> void:
		OS.remove_logger(logger)
		if active == logger:
			active = null, CONNECT_ONE_SHOT)
	return logger


func _init(capacity: int = 1000) -> void:
	_capacity = capacity


func _log_error(function: String, file: String, line: int, code: String, rationale: String,
		_editor_notify: bool, error_type: int, script_backtraces: Array[ScriptBacktrace]) -> void:
	var entry := {
		"type": TYPES[error_type] if error_type >= 0 and error_type < TYPES.size() else "error",
		"message": plain(rationale if rationale != "" else code),
		"code": plain(code),
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
	var text := plain(message).strip_edges(false, true)
	if error:  # printerr()
		_append({"type": "stderr", "message": text})
	else:
		_append({"type": "print", "message": text}, true)


## The text without terminal colour codes (print_rich, the editor's progress lines) and other control
## characters but tab and newline: JSON.stringify would pass them through raw, and no client parses that.
static func plain(text: String) -> String:
	if text.contains(char(27)):
		text = RegEx.create_from_string("\u001b\\[[0-9;?]*[ -/]*[@-~]").sub(text, "", true)
	for c in range(1, 32):  # a String never holds NUL (char(0) itself logs a Unicode error)
		if c != 9 and c != 10 and text.contains(char(c)):
			text = text.replace(char(c), "")
	return text


func _append(entry: Dictionary, is_print: bool = false) -> void:
	entry["time_ms"] = Time.get_ticks_msec()
	_mutex.lock()
	entry["seq"] = _next_seq
	_next_seq += 1
	var ring := _prints if is_print else _entries
	ring.append(entry)
	if ring.size() > _capacity:
		ring.remove_at(0)
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


## Output of every kind (print lines too) with seq >= since, oldest first, at most `limit` (the newest);
## `kinds` empty means all.
func output(since: int = 0, limit: int = 100, kinds: Array = []) -> Array[Dictionary]:
	_mutex.lock()
	var out: Array[Dictionary] = []
	for ring: Array[Dictionary] in [_entries, _prints]:
		for e in ring:
			if e.seq >= since and (kinds.is_empty() or e.type in kinds):
				out.append(e.duplicate())
	_mutex.unlock()
	out.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.seq < b.seq)
	if out.size() > limit:
		out = out.slice(out.size() - limit)
	return out


func clear() -> void:
	_mutex.lock()
	_entries.clear()
	_prints.clear()
	_mutex.unlock()
