@tool
extends RefCounted
## When the edited scenes last changed, as the plugin sees it from the start (it calls watch_changes() in its
## _enter_tree): the frame of the last change that can alter a scene tab's unsaved mark, and the scene files the
## agent changed since their last save. Kept apart from scene_files.gd, which reads it, so the editor's start
## compiles only this. Every function is static: `const BridgeSceneChanges := preload("scene_changes.gd")`.

const BridgeCompat := preload("../core/compat.gd")

## The process frame of the last change that can alter a tab's unsaved mark (an undoable edit, an undo, a save,
## a scene opened, switched or closed). The tabs show it a frame or two later; until watch_changes() runs,
## every read waits.
static var changed_frame := -1
static var watching := false
static var _mark: Callable
## Scene files the agent changed through bridge (a scene-scoped command that made an undo step) since their last
## save: the scenes a play must save first. Another change (an @tool script, a UID fixed on load) marks a tab
## unsaved too, but saving it would only re-serialize a file as it was written (commands/scene/lib/play_saves.gd).
static var _agent_edited := {}


## Follows every change that can alter the tabs' unsaved marks, so scene_files.gd's unsaved() waits for the
## tabs only after one (a pipeline of reads then answers in one frame, not three each). Called once by the plugin.
static func watch_changes(plugin: EditorPlugin) -> void:
	if not _mark.is_valid():  # once per editor session: the plugin may be disabled and enabled again
		_mark = func(_arg: Variant = null) -> void: changed_frame = Engine.get_process_frames()
		(BridgeCompat.editor_undo_redo() as EditorUndoRedoManager).version_changed.connect(_mark)
		(BridgeCompat.editor_undo_redo() as EditorUndoRedoManager).history_changed.connect(_mark)
	_mark.call()
	for change: String in ["scene_changed", "scene_closed", "scene_saved", "resource_saved"]:
		plugin.connect(change, _mark)
	plugin.scene_saved.connect(_saved)
	plugin.scene_closed.connect(_saved)
	watching = true


## Notes that a command changed the open scene saved at `path` (core/undo_scope.gd, after its step).
static func note_agent_edit(path: String) -> void:
	if path != "":
		_agent_edited[path] = true


## Whether the agent changed the scene at `path` since it was last saved.
static func agent_edited(path: String) -> bool:
	return _agent_edited.has(path)


static func _saved(path: String) -> void:
	_agent_edited.erase(path)
