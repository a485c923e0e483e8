extends RefCounted
## What runtime.eval (in the game, game/eval.gd) and editor.run_script (in the editor,
## commands/editor/lib/script_runner.gd) share about a snippet: the script it becomes, and the errors the
## engine logged for it with lines counted from the snippet's first line. It lives on the game side
## because the game can preload only what the game ships; the editor preloads it from here.


## The snippet's body dedented and indented under the template's `func run():` (tabs, or spaces if the
## snippet uses them). `per_line` (optional) rewrites each dedented line, keeping line numbers.
static func source(template: String, code: String, per_line: Callable = Callable()) -> String:
	var lines := code.replace("\r\n", "\n").split("\n")
	var common := -1
	for line in lines:
		if line.strip_edges() != "":
			var lead := line.length() - line.lstrip(" \t").length()
			common = lead if common < 0 else mini(common, lead)
	var body := PackedStringArray()
	var uses_spaces := false
	for line in lines:
		var l: String = line.substr(maxi(common, 0)) if line.strip_edges() != "" else ""
		uses_spaces = uses_spaces or l.begins_with(" ")
		body.append(per_line.call(l) if per_line.is_valid() else l)
	var indent := "    " if uses_spaces else "\t"
	var text := template if not uses_spaces else template.replace("\t", indent)
	for l in body:
		text += (indent + l if l != "" else "") + "\n"
	return text + indent + "pass\n"  # an empty or comment-only body still compiles


## What `log` caught since `since` for the snippet compiled as `file`: [{type, message, line?, stopped?}],
## lines relative to the snippet's first line (`header` template lines come before it). An error raised by
## the snippet's own code stops it (stopped: true).
static func errors(logger: Logger, since: int, file: String, header: int) -> Array:
	var out: Array = []
	if logger == null:
		return out
	for e: Dictionary in logger.entries(since, 50):
		var item := {"type": e.type, "message": str(e.message).trim_suffix(".")}
		var line := -1
		if e.get("file", "") == file:
			line = e.line
			item["stopped"] = e.type == "script"
		elif e.get("script_file", "") == file:
			line = e.script_line
		if line > header:
			item["line"] = line - header
		out.append(item)
	return out


## "line 3: Identifier not declared" (or "parse error"): the first compile problem, for messages.
static func first_problem(problems: Array) -> String:
	if problems.is_empty():
		return "parse error"
	var first: String = problems[0].message
	return "line %d: %s" % [problems[0].line, first] if problems[0].has("line") else first
