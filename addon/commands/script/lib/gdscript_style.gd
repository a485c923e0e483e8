@tool
extends RefCounted
## A lint against the official GDScript style guide: tab indentation, line length, trailing whitespace,
## naming (snake_case, PascalCase, CONSTANT_CASE), two blank lines between functions, the order of
## members, and/or/not over &&/||/!, no semicolons, a space after #. Each issue: {line, rule, message}.

const BridgeSource := preload("gdscript_source.gd")

const RULES := ["indentation", "line-length", "trailing-whitespace", "file-name", "function-name", "variable-name",
		"constant-name", "class-name", "signal-name", "enum-name", "blank-lines", "member-order", "boolean-operators",
		"semicolon", "comment-space"]
## The style guide's order of a script's members; a member ranked below one before it is out of order.
const ORDER := ["signal", "enum", "constant", "static variable", "@export variable", "variable", "@onready variable",
		"_static_init", "static method", "built-in virtual method", "method", "inner class"]
const VIRTUALS := ["_init", "_enter_tree", "_ready", "_process", "_physics_process", "_exit_tree", "_input",
		"_unhandled_input", "_unhandled_key_input", "_shortcut_input", "_notification", "_draw", "_gui_input",
		"_get_configuration_warnings", "_integrate_forces", "_to_string", "_get", "_set", "_get_property_list"]

static var _snake := RegEx.create_from_string("^_{0,2}[a-z][a-z0-9_]*$")
static var _pascal := RegEx.create_from_string("^_?[A-Z][A-Za-z0-9]*$")
static var _constant := RegEx.create_from_string("^_?[A-Z][A-Z0-9_]*$")


## The issues of one script's text, sorted by line; `off` lists rules to skip.
static func lint(text: String, path: String, max_length: int, off: Array) -> Array:
	var issues: Array = []
	var lines := text.split("\n")
	var code := _code_only(lines)
	if not path.get_file().get_basename().to_lower() == path.get_file().get_basename() or path.get_file().contains(" "):
		_add(issues, off, 1, "file-name", "file names are snake_case: %s" % path.get_file().to_snake_case())
	for i in lines.size():
		var line := lines[i]
		var n := i + 1
		var indent := line.substr(0, line.length() - line.lstrip(" \t").length())
		if indent.contains(" ") and line.strip_edges() != "" and not _continues(lines, i):
			_add(issues, off, n, "indentation", "indent with tabs, not spaces")
		if line.replace("\t", "    ").length() > max_length:
			_add(issues, off, n, "line-length", "line is %d characters; keep lines under %d" % [line.replace("\t", "    ").length(), max_length])
		if line != line.rstrip(" \t"):
			_add(issues, off, n, "trailing-whitespace", "trailing whitespace")
		var c: String = code[i]
		if RegEx.create_from_string("&&|\\|\\||![^=]").search(c) != null:
			_add(issues, off, n, "boolean-operators", "use and, or, not instead of &&, ||, !")
		if c.strip_edges().ends_with(";"):
			_add(issues, off, n, "semicolon", "no semicolons at the end of lines")
		var comment_at := c.length()
		if comment_at < line.length() and line[comment_at] == "#" and line.length() > comment_at + 1:
			var after := line.substr(comment_at)
			if not (after.begins_with("# ") or after.begins_with("##") or after.begins_with("#region") or after.begins_with("#endregion")
					or after.begins_with("#!") or after.begins_with("#\t")):
				_add(issues, off, n, "comment-space", "put a space after # in comments")
	_names(issues, off, BridgeSource.declarations(text))
	_order_and_spacing(issues, off, lines, BridgeSource.declarations(text))
	issues.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.line < b.line)
	return issues


static func _names(issues: Array, off: Array, decls: Array) -> void:
	for d: Dictionary in decls:
		var name: String = d.name
		match d.kind:
			"func":
				if not _snake.search(name):
					_add(issues, off, d.line, "function-name", "function '%s' should be snake_case: %s" % [name, name.to_snake_case()])
			"var":
				if not _snake.search(name):
					_add(issues, off, d.line, "variable-name", "variable '%s' should be snake_case: %s" % [name, name.to_snake_case()])
			"const":
				var is_script_const: bool = d.text.contains("preload(") or d.text.contains("load(")
				if not _constant.search(name) and not (is_script_const and _pascal.search(name)):
					_add(issues, off, d.line, "constant-name", "constant '%s' should be CONSTANT_CASE: %s" % [name, name.to_snake_case().to_upper()])
			"signal":
				if not _snake.search(name):
					_add(issues, off, d.line, "signal-name", "signal '%s' should be snake_case, in the past tense" % name)
			"class_name", "class":
				if not _pascal.search(name):
					_add(issues, off, d.line, "class-name", "class '%s' should be PascalCase: %s" % [name, name.to_pascal_case()])
			"enum":
				if name != "" and not _pascal.search(name):
					_add(issues, off, d.line, "enum-name", "enum '%s' should be PascalCase: %s" % [name, name.to_pascal_case()])


static func _order_and_spacing(issues: Array, off: Array, lines: PackedStringArray, decls: Array) -> void:
	var highest := -1
	var highest_name := ""
	for d: Dictionary in decls:
		var rank := _rank(d)
		if rank < 0:
			continue
		if rank < highest:
			_add(issues, off, d.line, "member-order", "%s '%s' comes after %s; the style guide orders %s before %s" % [ORDER[rank],
					d.name, highest_name, ORDER[rank] + "s", ORDER[highest] + "s"])
		elif rank > highest:
			highest = rank
			highest_name = "the %s '%s' (line %d)" % [ORDER[rank], d.name, d.line]
		if d.kind in ["func", "class"]:
			var start: int = d.line - 1
			while start > 0 and (lines[start - 1].begins_with("@") or lines[start - 1].begins_with("#")):
				start -= 1
			var blanks := 0
			while start - blanks - 1 >= 0 and lines[start - blanks - 1].strip_edges() == "":
				blanks += 1
			if start - blanks > 0 and blanks != 2:
				_add(issues, off, d.line, "blank-lines", "put two blank lines before %s '%s' (found %d)" % [
						"function" if d.kind == "func" else "class", d.name, blanks])


## The place of a declaration in ORDER, or -1 for the script's header (class_name, extends).
static func _rank(d: Dictionary) -> int:
	var annos: String = d.annotations
	match d.kind:
		"signal": return 0
		"enum": return 1
		"const": return 2
		"var":
			if d.static: return 3
			if annos.contains("@export"): return 4
			if annos.contains("@onready"): return 6
			return 5
		"func":
			if d.name == "_static_init": return 7
			if d.static: return 8
			if d.name in VIRTUALS: return 9
			return 10
		"class": return 11
	return -1


## Whether the line continues the previous one (inside brackets or after a backslash), where spaces may align.
static func _continues(lines: PackedStringArray, i: int) -> bool:
	if i == 0:
		return false
	var prev := lines[i - 1].strip_edges(false, true)
	return prev.ends_with("\\") or prev.ends_with("(") or prev.ends_with("[") or prev.ends_with("{") or prev.ends_with(",")


## Each line with strings and comments cut off (strings blanked), so rules look at code only.
static func _code_only(lines: PackedStringArray) -> Array:
	var out: Array = []
	for line in lines:
		var code := ""
		var quote := ""
		var i := 0
		while i < line.length():
			var ch := line[i]
			if quote != "":
				if ch == "\\":
					code += "  "
					i += 2
					continue
				if ch == quote:
					quote = ""
				code += " "
			elif ch == "\"" or ch == "'":
				quote = ch
				code += " "
			elif ch == "#":
				break
			else:
				code += ch
			i += 1
		out.append(code)
	return out


static func _add(issues: Array, off: Array, line: int, rule: String, message: String) -> void:
	if not rule in off:
		issues.append({"line": line, "rule": rule, "message": message})
