@tool
extends RefCounted
## The order commands start in. A command that switches the edited scene (declared `switches_scene`) runs alone:
## later commands, of any kind, start only once it has finished, and it starts only once every earlier command
## has started. So `scene.open A` then `scene.tree`, pipelined or fired together, read A; and two opens in one
## frame never meet (the editor ignores a switch asked for while it is still finishing the previous one).
## Commands that do not switch still run side by side, as before. Everything waits for the editor's start-up
## (core/editor_startup.gd) except the commands that describe bridge itself.
## Every function is static: `const BridgeCommandQueue := preload("command_queue.gd")`.

const BridgeEditorStartup := preload("editor_startup.gd")

## Commands that never touch the edited scene and must answer while the editor starts (status, docs, quit).
const UNGATED_PREFIXES := ["engine.", "bridge."]
const UNGATED := ["editor.quit", "editor.errors", "editor.output"]

static var _seq := 0
## gated()'s answers by method (asked on every call).
static var _gated := {}
## Tickets of commands that have not started yet, in arrival order.
static var _waiting: Array[int] = []
## Tickets of scene switches that have not finished.
static var _switching: Array[int] = []


static func gated(method: String) -> bool:
	var known: Variant = _gated.get(method)
	if known != null:
		return known
	var answer := not method in UNGATED
	for prefix: String in UNGATED_PREFIXES:
		answer = answer and not method.begins_with(prefix)
	_gated[method] = answer
	return answer


## Waits for this command's turn and returns its ticket (-1: not queued); pass it to leave() when it is done.
static func enter(method: String, switches: bool) -> int:
	if not gated(method):
		return -1
	var tree := Engine.get_main_loop() as SceneTree
	var ticket := _seq
	_seq += 1
	_waiting.append(ticket)
	if switches:
		_switching.append(ticket)
	while not (BridgeEditorStartup.poll() and _may_start(ticket)):
		await tree.process_frame
	_waiting.erase(ticket)
	return ticket


static func leave(ticket: int) -> void:
	_switching.erase(ticket)


## Every earlier command has started and no earlier switch is still running.
static func _may_start(ticket: int) -> bool:
	if _waiting[0] != ticket:
		return false
	return _switching.is_empty() or _switching[0] >= ticket
