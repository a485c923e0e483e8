extends RefCounted
## runtime.eval and runtime.wait_until: GDScript run inside the game. The snippet becomes the body of a
## method of a Node placed in the game's tree (an internal child of the current scene), so get_tree(),
## get_node(), $Path and `await get_tree().physics_frame` work as in any game script; relative paths ($Player,
## get_node("Player")) are the current scene's, as in a script on its root. It is compiled first, so a
## syntax error comes back with its line and nothing runs.

const BridgeIpc := preload("ipc.gd")
const BridgeSnippet := preload("snippet.gd")
const BridgeJsonValue := preload("../core/json_value.gd")
const BridgeOutputLog := preload("../lib/output_log.gd")

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
var _log: RefCounted  # lib/output_log.gd


func _init(game: Node) -> void:  # game/inspector.gd, typed by its engine class (the rule atop inspector.gd)
	_tree = game.get_tree()
	_log = game.output


func handlers() -> Dictionary:
	return {"runtime.eval": eval, "runtime.wait_until": wait_until}


func eval(p: Dictionary) -> Variant:
	var compiled: Dictionary = compile(p.code)
	if compiled.has("error"):
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
			return BridgeIpc.error(BridgeIpc.FAILED, "line %d: %s; the snippet stopped there" % [e.get("line", 0),
					e.message], out)
	return out


## Polls a GDScript expression every frame until it is truthy or the timeout passes.
func wait_until(p: Dictionary) -> Variant:
	var compiled: Dictionary = compile("return (%s)" % p.condition)
	if compiled.has("error"):
		return compiled
	var timeout_ms: int = p.get("timeout_ms", 5000)
	var start := Time.get_ticks_msec()
	var frames := 0
	while true:
		var value: Variant = await compiled.runner.run()
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
