@tool
extends "../../core/command_group.gd"
## debug.*, breakpoints: set through the script editor's gutter, so they show there as red dots, travel with
## the game the editor launches next (--breakpoints) and reach a game that is already running.

const BridgeCompat := preload("../../core/compat.gd")


func commands() -> Array:
	return [
		{
			"method": "debug.set_breakpoint",
			"since": "4.4",  # ScriptEditor.get_breakpoints
			"idempotent": true,
			"summary": "Set a breakpoint on a script line (as a click in the script editor's gutter); a game launched from the editor, or already running, stops there.",
			"params": [
				req("path", "string", "Script file, e.g. res://scripts/player.gd"),
				req("line", "int", "Line number as the script editor shows it (from 1)", {"min": 1}),
			],
			"example": {"path": "res://scripts/player.gd", "line": 16},
			"undo": "none",
			"returns": {"path": "string", "line": "int", "code": "string", "already_set": "bool", "warning?": "string"},
			"handler": _set_breakpoint,
		},
		{
			"method": "debug.remove_breakpoint",
			"since": "4.4",  # ScriptEditor.get_breakpoints
			"idempotent": true,
			"summary": "Remove the breakpoint on a script line (the running game forgets it too).",
			"params": [
				req("path", "string", "Script file"),
				req("line", "int", "Line number (from 1)", {"min": 1}),
			],
			"example": {"path": "res://scripts/player.gd", "line": 16},
			"example_setup": [{"method": "debug.set_breakpoint", "params": {"path": "res://scripts/player.gd", "line": 16}}],
			"undo": "none",
			"returns": {"path": "string", "line": "int", "removed": "bool"},
			"handler": _remove,
		},
		{
			"method": "debug.breakpoints",
			"since": "4.4",  # ScriptEditor.get_breakpoints
			"summary": "Every breakpoint the script editor holds (the ones a launched game gets), with the code on each line.",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"breakpoints": [{"path": "string", "line": "int", "code": "string"}], "count": "int"},
			"handler": _list,
		},
		{
			"method": "debug.clear_breakpoints",
			"since": "4.4",  # ScriptEditor.get_breakpoints
			"idempotent": true,
			"summary": "Remove every breakpoint from the script editor (and from the running game).",
			"params": [],
			"example": {},
			"destructive": true,
			"undo": "none",
			"returns": {"removed": [{"path": "string", "line": "int"}], "count": "int"},
			"example_setup": [{"method": "debug.set_breakpoint", "params": {"path": "res://scripts/player.gd", "line": 16}}],
			"handler": _clear,
		},
	]


func _set_breakpoint(c: BridgeCall) -> Variant:
	var p := c.params
	var editor: Variant = _line_editor(p.path, p.line)
	if editor is BridgeError:
		return editor
	var code: String = editor.get_line(p.line - 1).strip_edges()
	var already: bool = editor.is_line_breakpointed(p.line - 1)
	editor.set_line_as_breakpoint(p.line - 1, true)
	if not _has(p.path, p.line):
		return c.failed("the script editor did not keep a breakpoint on %s:%d" % [p.path, p.line])
	var out := {"path": p.path, "line": p.line, "code": code, "already_set": already}
	if code == "" or code.begins_with("#"):
		out["warning"] = "line %d is blank or a comment: the game never stops there" % p.line
	return out


func _remove(c: BridgeCall) -> Variant:
	var p := c.params
	if not _has(p.path, p.line):
		return c.not_found("no breakpoint on %s:%d; debug.breakpoints lists them" % [p.path, p.line],
				{"breakpoints": _all()})
	var editor: Variant = _line_editor(p.path, p.line)
	if editor is BridgeError:
		return editor
	editor.set_line_as_breakpoint(p.line - 1, false)
	if _has(p.path, p.line):
		return c.failed("the breakpoint on %s:%d is still set" % [p.path, p.line])
	return {"path": p.path, "line": p.line, "removed": true}


func _list(_c: BridgeCall) -> Variant:
	var out: Array = []
	for bp: Dictionary in _all():
		var script := load(bp.path) as Script if ResourceLoader.exists(bp.path) else null
		var lines: PackedStringArray = script.source_code.split("\n") if script else PackedStringArray()
		bp["code"] = lines[bp.line - 1].strip_edges() if bp.line - 1 < lines.size() else ""
		out.append(bp)
	return {"breakpoints": out, "count": out.size()}


func _clear(c: BridgeCall) -> Variant:
	var removed: Array = []
	for bp: Dictionary in _all():
		var editor: Variant = _line_editor(bp.path, bp.line)
		if editor is BridgeError:
			return editor
		editor.set_line_as_breakpoint(bp.line - 1, false)
		removed.append(bp)
	if not _all().is_empty():
		return c.failed("some breakpoints remain", {"remaining": _all()})
	return {"removed": removed, "count": removed.size()}


## The script editor's CodeEdit for the script, opened at `line`, or a BridgeError.
func _line_editor(path: String, line: int) -> Variant:
	if not path.begins_with("res://") or not ResourceLoader.exists(path):
		return BridgeError.not_found("no script at '%s'" % path, {"param": "path"})
	var script := load(path) as Script
	if script == null or not script is GDScript:
		return BridgeError.invalid("'%s' is not a GDScript file" % path, {"param": "path"})
	var count := script.source_code.split("\n").size()
	if line > count:
		return BridgeError.invalid("%s has %d lines, there is no line %d" % [path, count, line], {"param": "line"})
	EditorInterface.edit_script(script, line)
	var script_editor := EditorInterface.get_script_editor()
	var current := script_editor.get_current_editor()
	if current == null or script_editor.get_current_script() != script or not current.get_base_editor() is CodeEdit:
		return BridgeError.failed("the script editor did not open %s" % path)
	return current.get_base_editor()


static func _has(path: String, line: int) -> bool:
	var all: PackedStringArray = BridgeCompat.script_breakpoints()
	return "%s:%d" % [path, line] in all


## Every breakpoint as {path, line}, sorted.
static func _all() -> Array:
	var out: Array = []
	var all: PackedStringArray = BridgeCompat.script_breakpoints()
	for entry: String in all:
		var cut := entry.rfind(":")
		out.append({"path": entry.substr(0, cut), "line": int(entry.substr(cut + 1))})
	out.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return [a.path, a.line] < [b.path, b.line])
	return out
