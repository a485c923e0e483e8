@tool
extends RefCounted
## The third room of the floor (docs/architecture.md, "The floor"): when a call may start. One object, the
## router's `scheduler`; nothing of it lives in statics, so two routers (a test's, the editor's) never share a line.
##
## The line: every command waits for the editor's start-up (core/editor_startup.gd), except the commands that
## describe bridge itself. A command that switches the edited scene (declared `switches_scene`) starts only once
## every earlier command has started, and later commands start only once it has finished: so `scene.open A`
## then `scene.tree`, pipelined or fired together, read A, and two opens never meet in one frame.
##
## The turns, one per undo history: "scene:<history id>" (the EditorUndoRedoManager history of the scene the
## command edits: the edited one, or the open scene its `scene` parameter names, core/open_scenes.gd) and "global". A command with an undo step holds the turn of the history its
## declared scope writes (core/undo_scope.gd), so a handler that awaits with its step open never takes another
## client's edit into it; commands on other histories run meanwhile. `moves_histories` (editor.undo/redo:
## ["scene", "global"]) names the histories a command moves without being a step of one. A scene switch (and
## scene.play, through take_every_turn) holds EVERY turn: it waits for the edits in flight, and no edit starts
## until it is done. So two clients on two open scenes (one of them naming its scene) never wait for each other,
## and neither does a scene edit beside a global-history edit (project settings, input map, audio buses).

const BridgeEditorStartup := preload("editor_startup.gd")
const BridgeOpenScenes := preload("open_scenes.gd")

## Commands that never touch the edited scene and must answer while the editor starts (status, docs, quit).
const UNGATED_PREFIXES := ["engine.", "bridge."]
const UNGATED := ["editor.quit", "editor.errors", "editor.output"]
## The key of every turn at once (a scene switch, a play).
const EVERY := "*"
const GLOBAL := "global"
## What enter() hands back for a call that waited for nothing.
const NO_TICKET := {"id": -1, "keys": [], "scene": ""}

## Emitted whenever a turn is given back: the waiters look again.
signal turn_freed

## (scene path) -> the undo history id of that open scene ("": the edited one), or -1 with none; the editor's by
## default (a test sets its own).
var scene_history := _scene_history
## Whether the editor has finished starting; the editor's by default (a test sets its own).
var started := BridgeEditorStartup.poll
var _seq := 0
## gated()'s answers by method (asked on every call).
var _gated := {}
## Tickets of commands that have not passed the line yet, in arrival order.
var _waiting: Array[int] = []
## Tickets of scene switches that have not finished.
var _switching: Array[int] = []
## Turn key -> its holder {method, client, since (ticks msec)}.
var _held := {}


## Whether the command waits in the line (everything but the commands that describe bridge itself).
func gated(method: String) -> bool:
	var known: Variant = _gated.get(method)
	if known != null:
		return known
	var answer := not method in UNGATED
	for prefix: String in UNGATED_PREFIXES:
		answer = answer and not method.begins_with(prefix)
	_gated[method] = answer
	return answer


## Whether a call of `cmd` must pass enter() at all (the others skip its coroutine).
func waits(method: String, cmd: Dictionary) -> bool:  # a call naming a scene to undo in is a history mover: it waits
	if gated(method) or cmd.get("switches_scene", false) == true:
		return true
	return not cmd.get("read_only", false) and (cmd.has("moves_histories") or str(cmd.get("undo", "none")) != "none")


## The turn keys a command holds while it runs: EVERY for a scene switch, its histories' for the rest; [] for
## a read or a command with no history. `scene`: the open scene the call names ("": the edited one).
func turns_of(cmd: Dictionary, scene: String = "") -> Array:
	if switches(cmd, scene):
		return [EVERY]
	if cmd.get("read_only", false):
		return []
	var moves: Variant = cmd.get("moves_histories")
	var histories: Array = moves if moves is Array else [str(cmd.get("undo", "none"))]
	var keys: Array = []
	for history: Variant in histories:
		match history:
			"scene":
				keys.append(scene_key(scene_history.call(scene)))
			"global":
				keys.append(GLOBAL)
	return keys


## Whether a call switches the edited scene: a command declared `switches_scene`, or one that moves histories
## (editor.undo/redo) naming an open scene that is not the edited one: only the editor's own undo keeps its
## bookkeeping of a history straight (a history's UndoRedo moved by hand leaves the scene's saved mark wrong), and
## it moves the edited scene's, so the call makes that scene the edited one for the move and switches back.
func switches(cmd: Dictionary, scene: String = "") -> bool:
	if cmd.get("switches_scene", false) == true:
		return true
	return scene != "" and cmd.has("moves_histories") and scene_history.call(scene) != scene_history.call("")


static func scene_key(history_id: int) -> String:
	return "scene:%d" % history_id if history_id >= 0 else "scene:none"


## Waits for the call's place in the line and its turns, and returns its ticket for leave(): {id, keys, scene}.
## `holder` ({method, client}) names it to a waiter that gives up; `nested`: a command run by a call that
## holds its turns (batch.run's entries) joins them instead of waiting for them; `scene`: the open scene the
## call names ("": the edited one).
func enter(method: String, cmd: Dictionary, holder: Dictionary, nested: bool, scene: String = "") -> Dictionary:
	var ticket := {"id": -1, "keys": [], "scene": scene}
	if gated(method):
		ticket.id = await _pass_line(switches(cmd, scene))
	if nested:
		return ticket
	ticket.keys = await take_turns(cmd, holder, scene)
	return ticket


## Waits for the command's turns and holds them; the keys held ([] for a command that needs none).
func take_turns(cmd: Dictionary, holder: Dictionary, scene: String = "") -> Array:
	var keys := turns_of(cmd, scene)
	if keys.is_empty():
		return keys
	while not _free(keys):  # looked at again on every wake: a switch meanwhile changes the scene's key
		await turn_freed
		keys = turns_of(cmd, scene)
	_hold(keys, holder)
	return keys


## Gives back the ticket's turns and its place in the line.
func leave(ticket: Dictionary) -> void:
	_switching.erase(ticket.id)
	if not ticket.keys.is_empty():
		give_back(ticket.keys)


## Every turn, for a command that holds none but must not run beside edits (scene.play saves the scenes it
## plays), waiting up to `wait_ms`: {} once held (give it back with give_back([EVERY])), else who still holds
## a turn: {method, client, held_ms}. A timer wakes the waiter at the deadline; the others just wait on.
func take_every_turn(holder: Dictionary, wait_ms: int) -> Dictionary:
	var expired := [false]
	var wake := func() -> void:
		expired[0] = true
		turn_freed.emit()
	var tree := Engine.get_main_loop() as SceneTree  # none in a --script test's _init: no deadline there
	var timer: SceneTreeTimer = tree.create_timer(wait_ms / 1000.0) if tree != null else null
	if timer != null:
		timer.timeout.connect(wake)
	while not _free([EVERY]) and not expired[0]:
		await turn_freed
	if timer != null and timer.timeout.is_connected(wake):
		timer.timeout.disconnect(wake)
	if not _free([EVERY]):
		return holder_of(_held.keys()[0])
	_hold([EVERY], holder)
	return {}


func give_back(keys: Array) -> void:
	for key: String in keys:
		_held.erase(key)
	turn_freed.emit()


## Who holds a turn: {method, client, held_ms}; {} when it is free.
func holder_of(key: String) -> Dictionary:
	if not _held.has(key):
		return {}
	var who: Dictionary = _held[key].duplicate()
	who["held_ms"] = Time.get_ticks_msec() - int(who.get("since", Time.get_ticks_msec()))
	who.erase("since")
	return who


## The turn keys held now (docs, tests).
func held() -> Array:
	return _held.keys()


func _free(keys: Array) -> bool:
	if _held.has(EVERY):
		return false
	if EVERY in keys:
		return _held.is_empty()
	for key: String in keys:
		if _held.has(key):
			return false
	return true


func _hold(keys: Array, holder: Dictionary) -> void:
	var who := holder.duplicate()
	who["since"] = Time.get_ticks_msec()
	for key: String in keys:
		_held[key] = who


## Waits for the editor's start-up and for every earlier command to pass and every earlier switch to finish.
func _pass_line(switching: bool) -> int:
	var tree := Engine.get_main_loop() as SceneTree
	var ticket := _seq
	_seq += 1
	_waiting.append(ticket)
	if switching:
		_switching.append(ticket)
	while not (started.call() and _may_start(ticket)):
		await tree.process_frame
	_waiting.erase(ticket)
	return ticket


func _may_start(ticket: int) -> bool:
	if _waiting[0] != ticket:
		return false
	return _switching.is_empty() or _switching[0] >= ticket


## A scene that is not open has no history: -1, and the call is refused once it starts (its `scene` resolves).
static func _scene_history(scene: String) -> int:
	if not Engine.is_editor_hint():
		return -1
	var root: Variant = BridgeOpenScenes.root_for(scene)
	return BridgeOpenScenes.history_id(root) if root is Node else -1
