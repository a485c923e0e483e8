@tool
extends Logger
## engine-api: needs Godot 4.5
## Feeds what the engine logs into a core/output_log.gd (its rings): errors and warnings with their script
## backtraces, printerr and print lines. A Logger exists from Godot 4.5 only, so this file is loaded by path from
## core/compat.gd (Compat.add_logger) and nothing preloads it: on an older engine it is never compiled.

const BridgeOutputLog := preload("output_log.gd")

## The log that keeps the entries.
var _log: RefCounted  # core/output_log.gd


func _init(store: RefCounted) -> void:  # core/output_log.gd
	_log = store


func _log_error(function: String, file: String, line: int, code: String, rationale: String,
		_editor_notify: bool, error_type: int, script_backtraces: Array[ScriptBacktrace]) -> void:
	if file.ends_with("display_server_x11.cpp") and (rationale if rationale != "" else code).begins_with("Unhandled XServer error"):
		# the X server refusing a request about a window that had just gone (a played game's, under Xvfb): the
		# editor's display server logs it, nothing the project did, nothing an agent can act on
		return
	var entry := {
		"type": BridgeOutputLog.TYPES[error_type] if error_type >= 0 and error_type < BridgeOutputLog.TYPES.size() else "error",
		"message": BridgeOutputLog.plain(rationale if rationale != "" else code),
		"code": BridgeOutputLog.plain(code),
		"function": function,
		"file": file,
		"line": line,
	}
	for bt in script_backtraces:
		if bt != null and not bt.is_empty():
			entry["backtrace"] = bt.format(0, 2)
			entry["script_file"] = bt.get_frame_file(0)  # where in GDScript it happened, for push_error too
			entry["script_line"] = bt.get_frame_line(0)
			var stack: Array = []
			for i in bt.get_frame_count():
				stack.append({"file": bt.get_frame_file(i), "line": bt.get_frame_line(i), "function": bt.get_frame_function(i)})
			entry["stack"] = stack
			break
	_log.append(entry)


func _log_message(message: String, error: bool) -> void:
	var text := BridgeOutputLog.plain(message).strip_edges(false, true)
	if error:  # printerr()
		_log.append({"type": "stderr", "message": text})
	else:
		_log.append({"type": "print", "message": text}, true)

