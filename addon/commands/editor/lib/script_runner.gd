@tool
extends RefCounted
## editor.run_script: runs a GDScript snippet inside the editor as the body of a function. Refuses
## direct editor write APIs unless allowed (and calls whose method name is built at run time, which
## would hide one), audits and logs the body, checks it compiles before anything runs, and ends any
## `while` loop that outlives the time budget. A guard against accidents, not a sandbox: what it
## catches and what it does not is listed in docs/security.md.

const BridgeError := preload("../../../core/bridge_error.gd")
const AuditLog := preload("../../../lib/audit_log.gd")
const Snippet := preload("../../../game/snippet.gd")

## How long a snippet's `while` loops may keep the editor busy; past it every `while` condition reads
## false, the snippet is stopped and the call fails saying so.
const LOOP_BUDGET_MS := 10_000

## [pattern, API named in the refusal]. Matched on the code with comments removed; string contents
## are kept, so `call("save_scene")` is refused too.
const UNSAFE := [
	["\\bResourceSaver\\b", "ResourceSaver"],
	["\\bProjectSettings\\s*\\.\\s*save(_custom)?\\b", "ProjectSettings.save"],
	["\\bsave_custom\\b", "ProjectSettings.save_custom"],
	["\\bsave_all_scenes\\b", "EditorInterface.save_all_scenes"],
	["\\bsave_scene(_as)?\\b", "EditorInterface.save_scene"],
	["\\bFileAccess\\s*\\.\\s*(WRITE|READ_WRITE|WRITE_READ)\\b", "FileAccess.open with a write mode"],
	["\\bFileAccess\\s*\\.\\s*open\\w*\\s*\\([^)]*,\\s*[237]\\s*[,)]", "FileAccess.open with a write mode"],
	["\\bstore_(string|line|buffer|var|csv_line|pascal_string|8|16|32|64|float|double|real|half)\\b", "FileAccess.store_*"],
	["\\b(make_dir|make_dir_recursive)(_absolute)?\\b", "DirAccess.make_dir"],
	["\\b(remove|rename|copy)_absolute\\b", "DirAccess.remove/rename/copy"],
	["\\bDirAccess\\b[\\s\\S]*\\.\\s*(remove|rename|copy)\\s*\\(", "DirAccess.remove/rename/copy"],
	["\\bmove_to_trash\\b", "OS.move_to_trash"],
	["\\b(execute|execute_with_pipe|create_process|create_instance)\\s*\\(", "OS.execute/create_process"],
	["\\.\\s*save\\w*\\s*\\(", "a save() call (ConfigFile.save, Image.save_png, ...)"],
	["[\"']save(_[a-z_]+)?[\"']", "a save method called by name"],
	["\\bZIPPacker\\b", "ZIPPacker"],
	["\\bshell_open\\b", "OS.shell_open"],
	["[\"'](execute|execute_with_pipe|create_process|create_instance|move_to_trash|remove|rename|copy|make_dir|make_dir_recursive)(_absolute)?[\"']",
			"an unsafe method called by name"],
	# names built at run time could spell any of the above: only literal method names are allowed
	["\\b(call|callv|call_deferred|callv_deferred|rpc|rpc_id)\\s*\\(\\s*(?![\"'&0-9\\-\\[{]|\\)|\\s)", "a method called by a name built at run time"],
	["\\bCallable\\s*\\([^,()]*,\\s*(?![\"'&])", "a Callable whose method name is built at run time"],
	["\\bExpression\\b", "Expression (code built at run time)"],
	["\\bsource_code\\b", "a script built at run time (source_code)"],
]

## The function the snippet becomes; `emit(v)` collects values, `return v` gives the result.
const TEMPLATE := """@tool
extends RefCounted

var editor = EditorInterface
var scene: Node
var undo_redo: EditorUndoRedoManager
var __emitted: Array = []
var __deadline := 0
var __out_of_time := false


func emit(value: Variant) -> void:
	__emitted.append(value)


func __in_time() -> bool:
	__out_of_time = __out_of_time or Time.get_ticks_msec() > __deadline
	return not __out_of_time


func run():
"""


## The first unsafe API the code uses, as {api, line}, or {} when it uses none.
static func find_unsafe(code: String) -> Dictionary:
	var stripped := strip_comments(code)
	for rule: Array in UNSAFE:
		var re := RegEx.create_from_string(rule[0])
		var m := re.search(stripped)
		if m != null:
			return {"api": rule[1], "line": stripped.substr(0, m.get_start()).count("\n") + 1, "match": m.get_string().left(60)}
	return {}


## Removes `#` comments, keeping strings (and so line numbers) intact.
static func strip_comments(code: String) -> String:
	var out := PackedStringArray()
	for line in code.split("\n"):
		var quote := ""
		var cut := line.length()
		var i := 0
		while i < line.length():
			var c := line[i]
			if quote != "":
				if c == "\\":
					i += 1
				elif c == quote:
					quote = ""
			elif c == "\"" or c == "'":
				quote = c
			elif c == "#":
				cut = i
				break
			i += 1
		out.append(line.left(cut))
	return "\n".join(out)


## The full script source for a snippet: its body under `func run():` (game/snippet.gd), every `while`
## guarded by the loop budget.
static func build_source(code: String) -> String:
	return Snippet.source(TEMPLATE, code, guard_loop)


## `while cond:` becomes `while __in_time() and (cond):` on the same line (line numbers stay right), so
## an endless loop ends once the budget is spent. Other lines are returned unchanged.
static func guard_loop(line: String) -> String:
	var stripped := line.lstrip(" \t")
	if not (stripped.begins_with("while ") or stripped.begins_with("while(")):
		return line
	var lead := line.substr(0, line.length() - stripped.length())
	var rest := stripped.substr(5)
	var colon := _block_colon(rest)
	if colon < 0:
		return line
	return "%swhile __in_time() and (%s):%s" % [lead, rest.left(colon).strip_edges(), rest.substr(colon + 1)]


## The index of the colon that ends a block header (outside brackets and strings), or -1.
static func _block_colon(text: String) -> int:
	var depth := 0
	var quote := ""
	var i := 0
	while i < text.length():
		var c := text[i]
		if quote != "":
			if c == "\\":
				i += 1
			elif c == quote:
				quote = ""
		elif c == "\"" or c == "'":
			quote = c
		elif c in "([{":
			depth += 1
		elif c in ")]}":
			depth -= 1
		elif c == ":" and depth == 0:
			return i
		i += 1
	return -1


## Number of template lines before the snippet's first line.
static func header_lines() -> int:
	return TEMPLATE.count("\n")


## Runs a snippet: {emitted, result, errors} (the errors and warnings it logged), or a BridgeError when
## it is refused, does not compile (then nothing ran) or stops on a runtime error (data has what it
## emitted until then). Awaits when the snippet awaits.
static func run(code: String, logger: Logger, allow_unsafe: bool) -> Variant:
	if not allow_unsafe:
		var unsafe := find_unsafe(code)
		if not unsafe.is_empty():
			return BridgeError.new(BridgeError.UNSAFE_REFUSED, ("editor.run_script refused: line %d uses %s, a direct editor write; " +
					"use a bridge command for it, or pass allow_unsafe_editor_io (--allow-unsafe-editor-io)") % [unsafe.line, unsafe.api], unsafe)
	print("bridge: editor.run_script%s:\n%s" % [" (unsafe editor io allowed)" if allow_unsafe else "", code])
	var audit := AuditLog.started("editor.run_script", code, {"unsafe_allowed": allow_unsafe})
	var outcome: Variant = await _compile_and_run(code, logger)
	AuditLog.finished(audit, "editor.run_script", "failed" if outcome is BridgeError else "ok",
			outcome.message if outcome is BridgeError else "")
	return outcome


static func _compile_and_run(code: String, logger: Logger) -> Variant:
	var script := GDScript.new()
	script.source_code = build_source(code)
	var file := "gdscript://%d.gd" % script.get_instance_id()  # how errors name a script without a path
	var since: int = logger.next_seq() if logger else 0
	if script.reload() != OK:
		var problems := _snippet_errors(logger, since, file)
		return BridgeError.invalid("editor.run_script: the code does not compile (%s); nothing ran" % Snippet.first_problem(problems),
				{"errors": problems})
	var runner: Object = script.new()
	runner.scene = EditorInterface.get_edited_scene_root()
	runner.undo_redo = EditorInterface.get_editor_undo_redo()
	runner.__deadline = Time.get_ticks_msec() + LOOP_BUDGET_MS
	since = logger.next_seq() if logger else 0
	var result: Variant = await runner.run()
	if runner.__out_of_time:
		return BridgeError.failed(("editor.run_script: a while loop was still running after the %d ms budget; it was ended " +
				"(the snippet's result is discarded)") % LOOP_BUDGET_MS, {"emitted": scene_paths(runner.__emitted, runner.scene)})
	var errors := _snippet_errors(logger, since, file)
	var root: Node = runner.scene
	var emitted: Variant = scene_paths(runner.__emitted, root)
	for e: Dictionary in errors:
		if e.get("stopped", false):
			return BridgeError.failed("editor.run_script: line %d: %s; the snippet stopped there" % [e.get("line", 0), e.message],
					{"emitted": emitted, "errors": errors})
	return {"emitted": emitted, "result": scene_paths(result, root), "errors": errors}


## Nodes of the edited scene as paths from its root ("." for the root), the way the bridge's commands
## name them; everything else is left for the JSON conversion.
static func scene_paths(v: Variant, root: Node) -> Variant:
	if root == null:
		return v
	if v is Node and is_instance_valid(v) and (v == root or root.is_ancestor_of(v)):
		return str(root.get_path_to(v))
	if v is Array:
		return v.map(func(x: Variant) -> Variant: return scene_paths(x, root))
	if v is Dictionary:
		var d := {}
		for k: Variant in v:
			d[k] = scene_paths(v[k], root)
		return d
	return v


## What the log caught since `since` (game/snippet.gd); lines relative to the snippet's first line.
static func _snippet_errors(logger: Logger, since: int, file: String) -> Array:
	return Snippet.errors(logger, since, file, header_lines())
