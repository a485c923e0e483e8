@tool
extends "../../core/command_group.gd"
## editor.undo / redo / undo_history: the editor's undo stacks. Undo and redo go through the editor's
## own Scene > Undo/Redo menu items, so they pick the history Ctrl+Z would (the edited scene's or the
## global one, whichever changed last) and keep the editor's bookkeeping straight.
## Their undo scope is "global": they move the editor's histories as a whole (whichever one Ctrl+Z picks),
## they are no step of the scene's own and must never join a batch.run step (an undo inside a batch would
## undo the batch). Their result says what a caller needs next: `undoable` is whether the move can be
## reversed (by `reverse`, the opposite command: an undo is reversed by editor.redo, not by another undo);
## when it moved the edited scene's history, `saved` says whether the scene now matches its file.

const BridgeSceneFiles := preload("../../core/scene_files.gd")
const BridgeCompat := preload("../../core/compat.gd")
const BridgeOpenScenes := preload("../../core/open_scenes.gd")
const BridgeUndoStep := preload("../../core/undo_step.gd")
const BridgeTextStep := preload("../../lib/text_step.gd")
const BridgeStepsAbove := preload("lib/steps_above.gd")
const BridgeSceneSwitch := preload("../../lib/scene_switch.gd")

const GLOBAL := EditorUndoRedoManager.GLOBAL_HISTORY
## Whose step a caller may undo without any_client: its own, and any step the person in the editor made (no
## bridge client in its name). Ownership is by the name the step records: the name the client gave itself
## (`claude-code`, `bridge cli`), else its connection's User-Agent, else "unknown client". No caller is exempt:
## the shell is a client like an agent (`bridge editor undo --any-client` takes an agent's step), and a raw
## WebSocket client that never named itself owns the steps made under its User-Agent (or "unknown client") —
## shared with every connection that shows the same, since nothing tells those apart — and is refused the rest.

## What editor.undo and editor.redo answer besides `undone` / `redone`: the action and history moved, or
## why nothing moved.
const STEP_RETURNS := {"action?": "string", "command?": "string", "client?": "string", "history?": "string", "has_undo?": "bool", "has_redo?": "bool",
		"reverse?": "string", "reason?": "string", "histories?": ["string"], "undoable": "bool", "saved?": "bool",
		"files?": [FILE_MOVE]}
## A text file the move wrote (lib/text_step.gd): `applied` (the file was as the step left it), `merged` (changed
## since on other lines: the step's own change was carried onto it; `since` names that write) or `forced`
## (force: true wrote the step's text over the write since, losing `lost`).
const FILE_MOVE := {"path": "string", "move": "string", "outcome": "string", "since?": "string",
		"lost?": [{"line": "int", "text": "string"}]}
## The force parameter of both.
## (docs/errors.md, "An undo or redo that would drop a later write", says the rest: merges, the journal, Ctrl+Z)
const FORCE_DOC := "Write a text step's text even over a later change to the same lines (lost); without it that is refused, naming the write"

var _menu_items := {}  # true (undo) / false (redo) -> {menu, id}: the menu search walks the whole editor UI


func commands() -> Array:
	return [
		{
			"method": "editor.undo",
			"any_scene": true,
			"summary": "Undo the editor's last action, as Ctrl+Z does (edited scene's or global history; with scene, that open scene's own history); says if there was none. Refuses a step another client made (bridge cli included), naming whose, unless any_client is true; steps made by hand in the editor undo for anyone. A text step whose file was changed since keeps that change: merged when it is on other lines, else refused (naming the write and the lines it would lose) unless force is true.",
			"params": [opt("any_client", "bool", "Undo the last step even when another client made it (by default such a step is refused, naming whose it is and leaving it applied)", false),
					opt("force", "bool", FORCE_DOC, false),
					opt("wait_ms", "int", "Wait this long for the steps above yours to go", 0, {"min": 0, "max": 120000})],
			"example": {},
			# an action of the scene's own, so the example undoes it rather than whatever an earlier command left
			"example_setup": [{"method": "scene.instance", "params": {"path": "res://scenes/ui.tscn", "name": "HUD"}}],
			"undo": "global",
			"moves_histories": ["scene", "global"],  # it waits for the edits in flight on both (core/scheduler.gd)
			"returns": STEP_RETURNS.merged({"undone": "bool"}),
			"handler": _undo,
		},
		{
			"method": "editor.redo",
			"any_scene": true,
			"summary": "Redo the editor's last undone action; says if there was none. A text step whose file was changed since keeps that change: merged when it is on other lines, else refused (naming the write and the lines it would lose) unless force is true.",
			"params": [opt("force", "bool", FORCE_DOC, false)],
			"example": {},
			"example_setup": [{"method": "scene.instance", "params": {"path": "res://scenes/ui.tscn", "name": "HUD"}},
					{"method": "editor.undo", "params": {}}],
			"undo": "global",
			"moves_histories": ["scene", "global"],
			"returns": STEP_RETURNS.merged({"redone": "bool"}),
			"handler": _redo,
		},
		{
			"method": "editor.undo_history",
			"any_scene": true,
			"summary": "The global and edited-scene undo histories: action names, which are applied, the current one, and for bridge's steps the command and client that made each.",
			"params": [opt("limit", "int", "Newest actions per history", 50, {"min": 1, "max": 1000})],
			"example": {"limit": 10},
			"read_only": true,
			"returns": {"histories": [{"history": "string", "id": "int", "count": "int", "current": "int", "has_undo": "bool", "has_redo": "bool", "actions": [{"index": "int", "name": "string", "applied": "bool", "command?": "string", "client?": "string"}]}]},
			"handler": _undo_history,
		},
	]


func _undo(c: BridgeCall) -> Variant:
	return await _in_scene(true, c)


func _redo(c: BridgeCall) -> Variant:
	return await _in_scene(false, c)


## A move in the open scene the call names. Only the editor's own Undo keeps a history's bookkeeping straight (its
## UndoRedo moved by hand leaves the scene's saved mark wrong and the editor logs "Inconsistent redo history"), and
## it moves the edited scene's: so the call (holding every turn, core/scheduler.gd switches()) makes that scene the
## edited one, moves it as Ctrl+Z would, and switches back. With wait_ms it waits first, in that scene's history,
## for a step of its own to be on top, the turns given back and the edited scene left as it is.
func _in_scene(undo: bool, c: BridgeCall) -> Variant:
	var root := c.scene_root()
	if _on_edited(c):
		return await _step(undo, c)
	var edited := EditorInterface.get_edited_scene_root()
	var back := edited.scene_file_path if edited != null else ""
	if edited != null and back == "":
		return c.failed(("the edited scene has never been saved, and switching away from it to move %s's history " +
				"would not come back: save it first (scene.save_as), or scene.open %s and undo there") % [root.scene_file_path,
				root.scene_file_path], {"param": "scene"})
	var wait_ms: int = c.params.get("wait_ms", 0)
	if undo and wait_ms > 0:
		var history := _undo_redo(BridgeOpenScenes.history_id(root))
		var mine := BridgeUndoStep.owner_of(c.client)
		var on_top := func() -> bool: return BridgeUndoStep.parse(history.get_current_action_name()).client in ["", mine]
		await c.wait_outside_turns(on_top, wait_ms)
		c.params["wait_ms"] = 0  # waited: the move itself does not wait again with the scene switched
	if await BridgeSceneSwitch.open(root.scene_file_path) == null:
		return c.failed("the editor did not switch to %s to move its history (see the editor output)" % root.scene_file_path,
				{"param": "scene"})
	var result: Variant = await _step(undo, c)
	if back != "" and await BridgeSceneSwitch.open(back) == null:
		push_warning("bridge: %s moved %s's history but did not switch back to %s" % [c.method, root.scene_file_path, back])
	return result


## Moves the history Ctrl+Z (or redo) would. An undo that took another client's step (its name says whose:
## core/undo_step.gd) is redone at once and refused, unless the call said any_client; a move that met a text
## file changed since on the lines its step changed (lib/text_step.gd kept the file) is taken back and refused,
## unless the call said force.
func _step(undo: bool, c: BridgeCall) -> Variant:
	var verb := "undo" if undo else "redo"
	var before := {}
	var names := {}
	for id: int in _history_ids(c):
		var ur := _undo_redo(id)
		before[id] = ur.get_version()
		names[id] = ur.get_current_action_name()
	BridgeTextStep.begin("force" if c.params.get("force", false) and not _others_step(c, names) else "refuse")
	var item := _menu_item(undo)
	if not item.is_empty():
		item.menu.id_pressed.emit(item.id)
	else:  # no menu (never seen): fall back to the scene history, then the global one
		for id: int in _history_ids(c):
			var ur := _undo_redo(id)
			if (ur.has_undo() if undo else ur.has_redo()):
				ur.call(verb)
				break
	var files := BridgeTextStep.end()
	var done := verb + "ne"  # undone / redone
	for id: int in before:
		var ur := _undo_redo(id)
		if ur.get_version() != before[id]:
			var owner := BridgeUndoStep.parse(names[id] if undo else ur.get_current_action_name())
			if undo and owner.client != "" and owner.client != BridgeUndoStep.owner_of(c.client) and not c.params.get("any_client", false):
				_take_back(id, before[id], true, c)  # nothing of the other client's step is lost: it is applied again, as it was
				return await _not_on_top(c, id, owner)
			return await _moved(c, id, before[id], undo, owner, files)
	# nothing moved: nothing to reverse
	return {done: false, "reason": "nothing to " + verb, "histories": _history_ids(c).map(func(id: int) -> String: return _history_name(id, c)), "undoable": false}


## The answer to a move of history `id` (from `version`): refused when a text step kept its file, else what moved.
func _moved(c: BridgeCall, id: int, version: int, undo: bool, owner: Dictionary, files: Array) -> Variant:
	var verb := "undo" if undo else "redo"
	var done := verb + "ne"
	var ur := _undo_redo(id)
	var kept := files.filter(func(f: Dictionary) -> bool: return f.outcome == "kept")
	if not kept.is_empty():
		_take_back(id, version, undo, c)  # the kept files stay as they are; the rest of the step goes back
		return c.failed(_kept_message(verb, owner.name, kept), {"reason": "changed_since", "action": owner.name,
				"history": _history_name(id, c), "files": kept, "command": owner.command, "client": owner.client})
	var out := {done: true, "action": owner.name, "history": _history_name(id, c),
			"has_undo": ur.has_undo(), "has_redo": ur.has_redo(), "undoable": true,
			"reverse": "editor.redo" if undo else "editor.undo"}
	if owner.client != "":
		out.merge({"command": owner.command, "client": owner.client})
	if not files.is_empty():
		out["files"] = files
	if id != GLOBAL:  # as for a scene edit (core/undo_scope.gd): the change waits in the open scene, or undid it
		var root := c.scene_root()
		var unsaved := await BridgeSceneFiles.unsaved(server.get_tree())
		out["saved"] = root != null and not unsaved.get(root.scene_file_path, true)
	return out


## Ctrl+Z took another client's step (`owner`, on history `moved`; already taken back). Ctrl+Z picks whichever
## history changed last, so the caller's own step may be on top of the other one: that one is undone. Else the
## refusal counts the steps of whom lie above the caller's last one; with wait_ms, the call first waits (its
## turns given back, so those clients can undo them) until a step of its own is on top again.
func _not_on_top(c: BridgeCall, moved: int, owner: Dictionary) -> Variant:
	var mine := BridgeUndoStep.owner_of(c.client)
	var own := _own_on_top(mine, c)
	if own >= 0:
		return await _undo_directly(c, own)
	var counted := BridgeStepsAbove.count(BridgeStepsAbove.applied_names(_undo_redo(moved)), mine)
	var wait_ms: int = c.params.get("wait_ms", 0)
	var waited := ""
	if wait_ms > 0 and counted.mine >= 0:
		var on_top := func() -> bool: return _own_on_top(mine, c) >= 0
		if await c.wait_outside_turns(on_top, wait_ms):
			return await _undo_directly(c, _own_on_top(mine, c))
		waited = "after waiting %d ms, " % wait_ms
		counted = BridgeStepsAbove.count(BridgeStepsAbove.applied_names(_undo_redo(moved)), mine)
	var data := {"client": owner.client, "command": owner.command, "action": owner.name, "history": _history_name(moved, c),
			"steps_above": counted.total, "above": counted.above}
	if counted.mine < 0:
		return c.failed(("%sthe last step, '%s', is %s's (made by %s), and you have no step in the %s history; undo it " +
				"with any_client: true, or leave it to that client") % [waited, owner.name, owner.client, owner.command,
				_history_name(moved, c)], data)
	data["yours"] = counted.mine_name
	return c.failed(("%sthe last step, '%s', is %s's (made by %s): %s %s above your last step '%s' in the %s history; " +
			"undo through them with any_client: true, wait for them to be undone with wait_ms, or leave it to that " +
			"client") % [waited, owner.name, owner.client, owner.command, BridgeStepsAbove.describe(counted.above),
			"is" if counted.total == 1 else "are", counted.mine_name, _history_name(moved, c)], data)


## The history (edited scene's, then global) whose last applied step is the client's own; -1 when none is.
func _own_on_top(mine: String, c: BridgeCall) -> int:
	for id: int in _history_ids(c):
		var ur := _undo_redo(id)
		if ur.has_undo() and BridgeUndoStep.parse(ur.get_current_action_name()).client == mine:
			return id
	return -1


## Undoes history `id` itself (Ctrl+Z would move the other one) and answers as a move through the menu does.
func _undo_directly(c: BridgeCall, id: int) -> Variant:
	var ur := _undo_redo(id)
	var version := ur.get_version()
	var owner := BridgeUndoStep.parse(ur.get_current_action_name())
	BridgeTextStep.begin("force" if c.params.get("force", false) else "refuse")
	ur.undo()
	var files := BridgeTextStep.end()
	return await _moved(c, id, version, true, owner, files)


## Whether an undo may take another client's step it will refuse: a forced text write would then be taken back
## over the write it overwrote, so such an undo never forces.
static func _others_step(c: BridgeCall, names: Dictionary) -> bool:
	if c.params.get("any_client", false) or c.method != "editor.undo":
		return false
	for id: int in names:
		var client: String = BridgeUndoStep.parse(names[id]).client
		if client != "" and client != BridgeUndoStep.owner_of(c.client):
			return true
	return false


## Why a move was refused: each file, the write since and the lines it would lose.
static func _kept_message(verb: String, action: String, kept: Array) -> String:
	var parts: PackedStringArray = []
	for f: Dictionary in kept:
		var lines: PackedStringArray = []
		for l: Dictionary in f.lost.slice(0, 3):
			lines.append("%d: %s" % [l.line, JSON.stringify(str(l.text).left(60))])
		var more := " and %d more" % (f.lost.size() - 3) if f.lost.size() > 3 else ""
		if lines.is_empty():
			parts.append("%s was changed since by %s on the lines this step changed" % [f.path, f.since])
		else:
			parts.append("%s was changed since by %s, and the %s would lose its line%s %s%s" % [f.path, f.since, verb,
					"" if f.lost.size() == 1 else "s", ", ".join(lines), more])
	return ("%s of '%s' refused, so no later write is lost: %s. The step is as it was; %s with force: true writes the " +
			"step's text anyway (losing those lines), or change the file back first") % [verb, action, "; ".join(parts),
			"editor." + verb]


## Takes back the move just made on history `id` (`undone`: it was an undo, so redo it; else undo it again) through
## the editor's own menu item (which keeps its bookkeeping of which history Ctrl+Z moves next) when that moves
## this history; directly on the history otherwise. A text step that kept its file keeps it (lib/text_step.gd).
func _take_back(id: int, version: int, undone: bool, c: BridgeCall) -> void:
	BridgeTextStep.begin("refuse")
	var item := _menu_item(not undone)
	var back := false
	if not item.is_empty():
		var others := {}
		for other: int in _history_ids(c):
			others[other] = _undo_redo(other).get_version()
		item.menu.id_pressed.emit(item.id)
		back = _undo_redo(id).get_version() == version
		for other: int in others:  # the editor moved another history: take that back
			if not back and other != id and _undo_redo(other).get_version() != others[other]:
				if undone:
					_undo_redo(other).undo()
				else:
					_undo_redo(other).redo()
	if not back:
		if undone:
			_undo_redo(id).redo()
		else:
			_undo_redo(id).undo()
	BridgeTextStep.end()


func _undo_history(c: BridgeCall) -> Variant:
	var p := c.params
	var out: Array = []
	for id: int in _history_ids(c):
		var ur := _undo_redo(id)
		var current := ur.get_current_action()
		var actions: Array = []
		for i in range(maxi(0, ur.get_history_count() - p.limit), ur.get_history_count()):
			var owner := BridgeUndoStep.parse(ur.get_action_name(i))
			var action := {"index": i, "name": owner.name, "applied": i <= current}
			if owner.client != "":
				action.merge({"command": owner.command, "client": owner.client})
			actions.append(action)
		out.append({"history": _history_name(id, c), "id": id, "count": ur.get_history_count(), "current": current,
				"has_undo": ur.has_undo(), "has_redo": ur.has_redo(), "actions": actions})
	return {"histories": out}


## The edited scene's history (when a scene is open), then the global one; for another open scene the call names
## (its `scene`), that scene's history alone: Ctrl+Z moves the edited scene's and the global one only.
func _history_ids(c: BridgeCall) -> Array:
	var ids: Array = []
	var root := c.scene_root()
	if root != null and not _on_edited(c):
		return [BridgeOpenScenes.history_id(root)]
	if root:
		ids.append((BridgeCompat.editor_undo_redo() as EditorUndoRedoManager).get_object_history_id(root))
	ids.append(GLOBAL)
	return ids


## Whether the call works on the edited scene (no `scene`, or the edited one's).
static func _on_edited(c: BridgeCall) -> bool:
	return c.scene_root() == null or BridgeOpenScenes.is_edited(c.scene_root())


func _undo_redo(id: int) -> UndoRedo:
	return (BridgeCompat.editor_undo_redo() as EditorUndoRedoManager).get_history_undo_redo(id)


func _history_name(id: int, c: BridgeCall) -> String:
	if id == GLOBAL:
		return "global"
	var root := c.scene_root()
	return "scene:" + (root.scene_file_path if root and root.scene_file_path != "" else str(id))


## The editor's Undo or Redo menu item, found by its shortcut (Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y):
## {menu: PopupMenu, id: int}, or {} when there is none.
func _menu_item(undo: bool) -> Dictionary:
	if _menu_items.has(undo) and is_instance_valid(_menu_items[undo].menu):
		return _menu_items[undo]
	for menu: Node in EditorInterface.get_base_control().find_children("*", "PopupMenu", true, false):
		if not menu.get_parent() is MenuBar:
			continue
		for i: int in menu.item_count:
			var sc: Shortcut = menu.get_item_shortcut(i)
			if sc == null:
				continue
			for ev: Variant in sc.events:
				if ev is InputEventKey and (ev.ctrl_pressed or ev.command_or_control_autoremap) and ev.keycode == KEY_Z \
						and ev.shift_pressed != undo:
					_menu_items[undo] = {"menu": menu, "id": menu.get_item_id(i)}
					return _menu_items[undo]
	return {}
