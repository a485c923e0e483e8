@tool
extends RefCounted
## editor.run_script: runs a GDScript snippet inside the editor as the body of a function. Refuses,
## unless allowed, what the guard (lib/guard/script_guard.gd) catches: file writes, programs, process control,
## settings changes, names and code built at run time (script_guard.gd's verdict(), which the router calls
## before it audits the body: core/code_audit.gd), checks it compiles before anything runs, and ends any `while` loop that outlives the time
## budget. A guard against accidents, not a sandbox: docs/security.md says what it does not catch.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeSnippet := preload("../../../game/snippet.gd")
const BridgeCompat := preload("../../../core/compat.gd")
const BridgeOutputLog := preload("../../../core/output_log.gd")

## How long a snippet's `while` loops may keep the editor busy; past it every `while` condition reads
## false, the snippet is stopped and the call fails saying so.
const LOOP_BUDGET_MS := 10_000

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


## The full script source for a snippet: its body under `func run():` (game/snippet.gd), every `while`
## guarded by the loop budget.
static func build_source(code: String) -> String:
	return BridgeSnippet.source(TEMPLATE, code, guard_loop)


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


## Runs a snippet the guard let through: {emitted, result, errors} (the errors and warnings it logged), or a
## BridgeError when it does not compile (then nothing ran) or stops on a runtime error (data has what it
## emitted until then). Awaits when the snippet awaits.
static func run(code: String, logger: BridgeOutputLog) -> Variant:
	return await _compile_and_run(code, logger)


static func _compile_and_run(code: String, logger: BridgeOutputLog) -> Variant:
	var script := GDScript.new()
	script.source_code = build_source(code)
	var file := "gdscript://%d.gd" % script.get_instance_id()  # how errors name a script without a path
	var since: int = logger.next_seq() if logger else 0
	if script.reload() != OK:
		var problems := _snippet_errors(logger, since, file)
		return BridgeError.invalid("the code does not compile (%s); nothing ran" % BridgeSnippet.first_problem(problems),
				{"param": "code", "errors": problems})
	var runner: Object = script.new()
	runner.scene = EditorInterface.get_edited_scene_root()
	runner.undo_redo = (BridgeCompat.editor_undo_redo() as EditorUndoRedoManager)
	runner.__deadline = Time.get_ticks_msec() + LOOP_BUDGET_MS
	since = logger.next_seq() if logger else 0
	var result: Variant = await runner.run()
	if runner.__out_of_time:
		return BridgeError.failed(("a while loop was still running after the %d ms budget; it was ended " +
				"(the snippet's result is discarded)") % LOOP_BUDGET_MS, {"emitted": scene_paths(runner.__emitted, runner.scene)})
	var errors := _snippet_errors(logger, since, file)
	var root: Node = runner.scene
	var emitted: Variant = scene_paths(runner.__emitted, root)
	for e: Dictionary in errors:
		if e.get("stopped", false):
			return BridgeError.failed("line %d: %s; the snippet stopped there" % [e.get("line", 0), e.message],
					{"param": "code", "emitted": emitted, "errors": errors})
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
static func _snippet_errors(logger: BridgeOutputLog, since: int, file: String) -> Array:
	return BridgeSnippet.errors(logger, since, file, header_lines())
