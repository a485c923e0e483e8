@tool
extends RefCounted
## The undo scope every mutating command declares (`undo` in its declaration), and the router's part in it:
##   "scene"   the change is ONE step of the edited scene's undo history. The router opens the step before
##             the handler runs (every action the handler starts through lib/scene_access.gd joins it),
##             rolls the step back when the handler fails after starting it (nothing half-applied), and
##             batch.run accepts exactly these commands.
##   "global"  the change is a step of the editor's global history (project settings, the input map, …).
##   "none"    not undoable: the command writes files, or acts outside any history.
## Read-only commands have no scope. A mutating command's result gains `undoable`, and a scene edit's also
## `saved` (false: the change is in the open scene until scene.save), unless the handler set them itself.

const BridgeError := preload("bridge_error.gd")
const BridgeOpenScenes := preload("open_scenes.gd")
const BridgeSceneFiles := preload("scene_files.gd")
const BridgeCompat := preload("compat.gd")
const BridgeUndoStep := preload("undo_step.gd")
const BridgeCall := preload("call.gd")

const SCOPES := ["scene", "global", "none"]
const GLOBAL_HISTORY := 0


static func of(cmd: Dictionary) -> String:
	return "none" if cmd.get("read_only", false) else str(cmd.get("undo", "none"))


## Whether the command's change is a step of an undo history (core/scheduler.gd runs these one at a time per history).
static func has_step(cmd: Dictionary) -> bool:
	return of(cmd) in ["scene", "global"]


## Opens the call's undo step (core/undo_step.gd) and returns what finish() needs to know; {} for a
## read-only command. A command run inside another call that has a step (batch.run's entries, through c.run)
## joins that step, handed down in its context, instead of opening one.
static func begin(cmd: Dictionary, the_call: BridgeCall) -> Dictionary:
	if cmd.get("read_only", false):
		return {}
	var scope := of(cmd)
	var state := {"scope": scope, "began": false}
	if scope == "none":
		return state
	var outer: BridgeUndoStep = the_call.context.outer_step  # the step of the call that runs this one (batch.run)
	if outer != null:
		the_call.step = outer
	else:
		# a client's call has a step of its own even while another history's is open (core/scheduler.gd: a turn
		# per history)
		the_call.step = BridgeUndoStep.new(scope, the_call.method, the_call.client)
		state["began"] = true
	var ur: EditorUndoRedoManager = BridgeCompat.editor_undo_redo()
	if scope == "scene":
		var root := the_call.scene_root()
		if root != null:
			if state.began:
				the_call.step.scene = root
			state["history"] = ur.get_history_undo_redo(BridgeOpenScenes.history_id(root))
			state["path"] = root.scene_file_path
			state["version"] = state.history.get_version()
	elif scope == "global":
		state["version"] = ur.get_history_undo_redo(GLOBAL_HISTORY).get_version()
	return state


## The handler's result, with the step closed (rolled back on failure) and the result annotated.
static func finish(state: Dictionary, the_call: BridgeCall, result: Variant) -> Variant:
	if state.is_empty():
		return result
	if not state.began and state.scope != "none":
		return result  # inside batch.run: the batch owns the step
	var undoable := false
	var saved: Variant = null  # only a scene edit knows: the change waits in the open scene
	match state.scope:
		"scene":
			var step := the_call.step.name
			var history: UndoRedo = state.get("history")
			var moved: bool = history != null and history.get_version() != state.version
			if result is BridgeError:
				if moved and step != "" and history.get_current_action_name() == step:
					history.undo()
					result.data["rolled_back"] = true
				return result
			undoable = moved
			saved = not moved
			if moved:  # a play saves this scene first (commands/scene/lib/play_saves.gd)
				BridgeSceneFiles.note_agent_edit(str(state.get("path", "")))
		"global":
			var ur: EditorUndoRedoManager = BridgeCompat.editor_undo_redo()
			undoable = ur.get_history_undo_redo(GLOBAL_HISTORY).get_version() != state.version
	if result is Dictionary:
		if not result.has("undoable"):
			result["undoable"] = undoable
		if saved != null and not result.has("saved"):
			result["saved"] = saved
	return result
