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
static func errors(logger: RefCounted, since: int, file: String, header: int) -> Array:
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


## One snippet line with its relative node paths made the scene's (runtime.eval; the line count stays):
## `$Player/Sprite` and `$"A B"` become `__get_node(^"Player/Sprite")`, and a bare get_node(),
## get_node_or_null() or has_node() call becomes the template's __ helper of that name. Strings and
## comments are left alone; `obj.get_node(...)` (another node's) too.
static func scene_paths(line: String) -> String:
	var out := ""
	var i := 0
	var quote := ""
	var n := line.length()
	while i < n:
		var c := line[i]
		if quote != "":
			out += c
			if c == "\\" and i + 1 < n:
				out += line[i + 1]
				i += 2
				continue
			if c == quote:
				quote = ""
			i += 1
			continue
		if c == "#":
			return out + line.substr(i)
		if c == "\"" or c == "'":
			quote = c
		elif c == "$" and i + 1 < n:
			var j := i + 1
			if line[j] == "\"" or line[j] == "'":
				var close := line.find(line[j], j + 1)
				if close > 0:
					out += "__get_node(^%s)" % line.substr(j, close - j + 1)
					i = close + 1
					continue
			else:
				while j < n and (_is_word(line[j]) or line[j] == "/"):
					j += 1
				if j > i + 1:
					out += "__get_node(^\"%s\")" % line.substr(i + 1, j - i - 1)
					i = j
					continue
		elif (c == "g" or c == "h") and (i == 0 or not (_is_word(line[i - 1]) or line[i - 1] == ".")):
			for getter: String in ["get_node(", "get_node_or_null(", "has_node("]:
				if line.substr(i, getter.length()) == getter:
					out += "__"
					break
		out += c
		i += 1
	return out


static func _is_word(c: String) -> bool:
	return c == "_" or (c >= "a" and c <= "z") or (c >= "A" and c <= "Z") or (c >= "0" and c <= "9")
