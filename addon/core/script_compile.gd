@tool
extends RefCounted
## The one compile check of a GDScript text, shared by script.validate, test.scenes_load and the debugger's
## reloads, so they never disagree about whether a script compiles: the engine's own parser and compiler on a
## copy, its errors with line numbers (from the editor's log, core/output_log.gd).

const BridgeOutputLog := preload("output_log.gd")


## Compiles `text` as the script at `path` would be compiled: {ok, errors: [{line, message, type}]}. Without a
## server the running server's log is read (the router's compile stage, core/compile_errors.gd).
## A class_name the file itself already registers is blanked first (the copy would "hide" it).
static func check(text: String, path: String, server: Node) -> Dictionary:
	var source := _without_own_class_name(text, path)
	var script := GDScript.new()
	script.source_code = source
	var file := "gdscript://%d.gd" % script.get_instance_id()
	var logger: BridgeOutputLog = BridgeOutputLog.of(server) if server else BridgeOutputLog.active
	var since: int = logger.next_seq() if logger else 0
	var err := script.reload()
	var errors: Array = []
	if logger:
		for e: Dictionary in logger.entries(since, 50):
			if e.get("file", "") == file or e.get("script_file", "") == file or str(e.get("message", "")).contains(file):
				errors.append({"line": e.get("line", 0) if e.get("file", "") == file else e.get("script_line", 0),
						"message": str(e.message).trim_prefix("Parse Error: "), "type": e.type})
	if err != OK and errors.is_empty():
		var why := "" if logger == null or logger.capturing else " (where and why: the engine's errors are read from its log, which needs Godot 4.5)"
		errors.append({"line": 0, "message": "does not compile: %s%s" % [error_string(err), why], "type": "error"})
	return {"ok": err == OK, "errors": errors}


## check() of a script file.
static func check_file(path: String, server: Node) -> Dictionary:
	return check(FileAccess.get_file_as_string(path), path, server)


static func _without_own_class_name(text: String, path: String) -> String:
	var own := ""
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		if entry.path == path:
			own = entry["class"]
	if own == "":
		return text
	var re := RegEx.create_from_string("(?m)^class_name\\s+%s\\b.*$" % own)
	return re.sub(text, "", false)
