@tool
extends RefCounted
## Why a game the editor launched ended before its bridge answered. scene.play has the game write its log to
## a file of its own (--log-file), so the last lines it printed can be told; its exit code is in that log
## when it crashed (the crash handler's "Program crashed with signal N"). Otherwise the exit code is unknown:
## the editor reaps its game at once (a waiter thread; no zombie is ever visible in /proc) and, measured on
## 4.6, OS.get_process_exit_code() then answers 0 for quit(3), SIGKILL and a crash alike.

const LINES := 12


## Clears the previous game's log (the path is GameLink.log_path), so what is read after a failed start is this game's own.
static func prepare(path: String) -> void:
	if path == "":
		return
	DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	DirAccess.remove_absolute(path)


## {last_lines: [..], exit_code: int or null, signal?: int, log: path} for the error of a game that exited.
static func report(path: String) -> Dictionary:
	var out := {"last_lines": [], "exit_code": null, "log": path}
	if path == "" or not FileAccess.file_exists(path):
		return out
	var lines := Array(FileAccess.get_file_as_string(path).split("\n", false)).map(func(l: String) -> String: return l.strip_edges(false, true))
	lines = lines.filter(func(l: String) -> bool: return l.strip_edges() != "")
	out.last_lines = lines.slice(maxi(0, lines.size() - LINES))
	var crash := RegEx.create_from_string("crashed with signal (\\d+)")
	for l: String in lines:
		var m := crash.search(l)
		if m:
			out["signal"] = int(m.get_string(1))
			out.exit_code = 128 + int(m.get_string(1))  # as a shell reports a death by signal
	return out


## "exit code 139 (signal 11)" or "exit code unknown", and the last lines, for the error message.
static func describe(r: Dictionary) -> String:
	var code := "exit code unknown" if r.exit_code == null else "exit code %d%s" % [r.exit_code, " (signal %d)" % r.signal if r.has("signal") else ""]
	if r.last_lines.is_empty():
		return code + "; it printed nothing"
	return "%s; its last lines:\n  %s" % [code, "\n  ".join(PackedStringArray(r.last_lines))]
