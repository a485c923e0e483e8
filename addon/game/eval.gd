extends RefCounted
## runtime.eval and runtime.wait_until: GDScript run inside the game. The snippet becomes the body of a
## method of a Node placed in the game's tree (an internal child of the current scene), so get_tree(),
## get_node(), $Path and `await get_tree().physics_frame` work as in any game script; relative paths ($Player,
## get_node("Player")) are the current scene's, as in a script on its root. It is compiled first, so a
## syntax error comes back with its line and nothing runs.

const BridgeIpc := preload("ipc.gd")
const BridgeSnippet := preload("snippet.gd")
const BridgeJsonValue := preload("../core/json_value.gd")
const BridgeOutputLog := preload("../core/output_log.gd")

## `tree`, `root` and `scene` (the current scene) are in scope; emit(v) collects values. The __ helpers
## take what Snippet.scene_paths rewrote: relative node paths resolve from the current scene.
const TEMPLATE := """extends Node

var tree: SceneTree
var root: Window
var scene: Node
var __emitted: Array = []


func emit(value: Variant) -> void:
	__emitted.append(value)


func __base() -> Node:
	return scene if is_instance_valid(scene) else root


func __get_node(path: NodePath) -> Node:
	return __base().get_node(path)


func __get_node_or_null(path: NodePath) -> Node:
	return __base().get_node_or_null(path)


func __has_node(path: NodePath) -> bool:
	return __base().has_node(path)


func run():
"""
const RUNNER_NAME := "BridgeEval"

var _tree: SceneTree
var _log: RefCounted  # core/output_log.gd


func _init(game: Node) -> void:  # game/inspector.gd, typed by its engine class (the rule atop inspector.gd)
	_tree = game.get_tree()
	_log = game.output


func handlers() -> Dictionary:
	return {"runtime.eval": eval, "runtime.wait_until": wait_until}


func eval(p: Dictionary, _call_id: String = "") -> Variant:
	var compiled: Dictionary = compile(p.code)
	if compiled.has("error"):
		compiled.error.data["param"] = "code"
		return compiled
	var runner: Object = compiled.runner
	var since: int = _log.next_seq()
	var started := Time.get_ticks_usec()
	var result: Variant = await runner.run()
	var emitted: Array = runner.__emitted if is_instance_valid(runner) else []
	release(runner)
	var errors := _errors_since(since, compiled.file)
	var out := {"emitted": BridgeJsonValue.to_json(emitted), "result": BridgeJsonValue.to_json(result),
			"errors": errors,
			"run_usec": Time.get_ticks_usec() - started}
	for e: Dictionary in errors:
		if e.get("stopped", false):
			out["param"] = "code"
			return BridgeIpc.error(BridgeIpc.FAILED, "line %d: %s; the snippet stopped there" % [e.get("line", 0),
					e.message], out)
	return out


## Polls a GDScript expression every frame until it is truthy or the timeout passes; one that fails as it
## runs ends the wait with its error.
func wait_until(p: Dictionary, _call_id: String = "") -> Variant:
	var compiled: Dictionary = compile_expressions("condition", [p.condition])
	if compiled.has("error"):
		return compiled
	var timeout_ms: int = p.get("timeout_ms", 5000)
	var start := Time.get_ticks_msec()
	var frames := 0
	while true:
		var ran := evaluate(compiled)
		if ran.has("error"):
			release(compiled.runner)
			return ran
		var value: Variant = ran.values[0]
		if value:
			release(compiled.runner)
			return {"condition": p.condition, "value": BridgeJsonValue.to_json(value), "frames": frames, "elapsed_ms": Time.get_ticks_msec() - start}
		if Time.get_ticks_msec() - start >= timeout_ms:
			release(compiled.runner)
			return BridgeIpc.error(BridgeIpc.TIMEOUT, "'%s' was still false after %d ms (%d frames); last value %s" % [
					p.condition, timeout_ms, frames, JSON.stringify(BridgeJsonValue.to_json(value))], {"frames": frames})
		await _tree.process_frame
		frames += 1
	return null


## {runner, file} ready to run, or an error reply naming the first compile error and its line.
func compile(code: String) -> Dictionary:
	var script := GDScript.new()
	script.source_code = build_source(code)
	var file := "gdscript://%d.gd" % script.get_instance_id()
	var since: int = _log.next_seq()
	# Compiled on a worker thread: on the main thread a parse error breaks into the editor's debugger
	# (GDScriptLanguage::debug_break_parse) and the game freezes there.
	var worker := Thread.new()
	worker.start(script.reload)
	if worker.wait_to_finish() != OK:
		var problems := _errors_since(since, file)
		return BridgeIpc.error(BridgeIpc.INVALID,
				"the code does not compile (%s); nothing ran" % BridgeSnippet.first_problem(problems),
				{"errors": problems})
	var runner: Node = script.new()
	runner.name = RUNNER_NAME
	runner.process_mode = Node.PROCESS_MODE_ALWAYS  # its awaits go on while the game is frozen
	runner.tree = _tree
	runner.root = _tree.root
	runner.scene = _tree.current_scene
	# internal: the game's own get_children() and runtime.tree never see it
	(runner.scene if runner.scene else _tree.root).add_child(runner, true, Node.INTERNAL_MODE_BACK)
	return {"runner": runner, "file": file}


## A list of GDScript expressions (`param`'s: runtime.step's until and watch, runtime.record's watch,
## runtime.wait_until's condition) compiled into one runner that returns their values as an array, each
## expression a statement on lines of its own, so the line of an engine error names the expression and its own line.
## {runner, file, param, expressions, starts} ready for evaluate(), or an error reply: the expression that does
## not parse, echoed, with its line.
func compile_expressions(param: String, expressions: Array) -> Dictionary:
	var starts: Array = []  # the snippet line each expression starts on
	var parts := PackedStringArray()
	var line := 2  # line 1 declares the list; each expression is a statement of its own, so its errors name its line
	for e: Variant in expressions:
		starts.append(line)
		parts.append("__values.append((%s))" % e)
		line += str(e).count("\n") + 1
	var compiled := compile("var __values := []\n%s\nreturn __values" % "\n".join(parts))
	if compiled.has("error"):
		var problems: Array = compiled.error.get("data", {}).get("errors", [])
		var at := _expression_at(problems[0] if not problems.is_empty() else {}, expressions, starts)
		return BridgeIpc.error(BridgeIpc.INVALID, "%s does not parse: %s; nothing ran" % [_named(param, at),
				at.get("problem", "parse error")], _where(param, at, problems))
	compiled.merge({"param": param, "expressions": expressions, "starts": starts})
	return compiled


## Runs what compile_expressions() made: {values} (one per expression), or an error reply when one failed as it
## ran (the engine's error, the expression echoed with its own line): a failed expression has no value, so it
## is never answered as a null one.
## Under the editor's debugger the error breaks into it and is not logged: the run then returns no array (a
## GDScript function that fails returns null), and the editor, which saw the stop, names the error
## (explain(), from lib/game_pause.gd).
func evaluate(compiled: Dictionary) -> Dictionary:
	var since: int = _log.next_seq()
	var values: Variant = compiled.runner.run()
	var stopped: Array = _errors_since(since, compiled.file).filter(func(e: Dictionary) -> bool: return e.get("stopped", false))
	if stopped.is_empty() and values is Array:
		return {"values": values}
	var data := {"param": compiled.param, "expressions": compiled.expressions, "starts": compiled.starts}
	var told: Dictionary = explain(data, stopped[0].get("line", 0) if not stopped.is_empty() else 0,
			stopped[0].message if not stopped.is_empty() else "")
	return BridgeIpc.error(BridgeIpc.FAILED, told.message, told.data)


## The error of an expression that failed as it ran: {message, data}, from the snippet line and the engine's
## words (line 0 / "": not known here). `data` is evaluate()'s: param, expressions, starts, and `tail`, what the
## command adds to the message (kept when the editor explains it again).
static func explain(data: Dictionary, line: int, reason: String) -> Dictionary:
	var at := _expression_at({"line": line, "message": reason} if line > 0 else ({"message": reason} if reason != "" else {}),
			data.expressions, data.starts)
	var out := data.duplicate()
	out.merge(_where(data.param, at, [{"type": "script", "message": reason, "line": at.get("line", 0)}] if reason != "" else []), true)
	var problem: String = at.get("problem", "the engine's error is in its log")
	return {"message": "%s failed when it ran: %s%s" % [_named(data.param, at), problem, data.get("tail", "")], "data": out}


## Which expression an engine error (a snippet line) is in: {index, expression, line (its own)?, problem}.
static func _expression_at(problem: Dictionary, expressions: Array, starts: Array) -> Dictionary:
	var index := 0
	var line := int(problem.get("line", 0))
	for i in starts.size():
		if line >= int(starts[i]):
			index = i
	var at := {"index": index, "expression": str(expressions[index]) if index < expressions.size() else ""}
	if line > 0 and index < starts.size():
		at["line"] = clampi(line - int(starts[index]) + 1, 1, at.expression.count("\n") + 1)
		at["problem"] = "line %d: %s" % [at.line, problem.get("message", "")]
	elif problem.has("message"):
		at["problem"] = problem.message
	return at


static func _named(param: String, at: Dictionary) -> String:
	return "%s expression `%s`" % [param, at.expression]


static func _where(param: String, at: Dictionary, problems: Array) -> Dictionary:
	var out := {"param": param, "expression": at.expression, "index": at.index, "errors": problems}
	if at.has("line"):
		out["line"] = at.line
	return out


## Takes a runner from compile() out of the tree (it may be gone already: the snippet changed the scene).
func release(runner: Variant) -> void:
	if runner is Node and is_instance_valid(runner):
		runner.queue_free()


## The snippet's body under `func run():` (game/snippet.gd), its relative node paths made the scene's.
static func build_source(code: String) -> String:
	return BridgeSnippet.source(TEMPLATE, code, BridgeSnippet.scene_paths)


static func header_lines() -> int:
	return TEMPLATE.count("\n")


func _errors_since(since: int, file: String) -> Array:
	return BridgeSnippet.errors(_log, since, file, header_lines())
