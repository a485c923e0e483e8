@tool
extends RefCounted
## What a play saves. The editor saves every open scene marked unsaved before it runs the game (its
## run/auto_save/save_before_running), and in a headless editor each such save logs an error from its thumbnail
## step. A scene counts as unsaved for reasons of its own too (an @tool script, a UID fixed on load), and saving it
## re-serializes a file just written through project.write_file. So scene.play saves only the scenes the agent
## changed through bridge since their last save, says which, and runs the game with the editor's own save off.
## Every function is static: `const BridgePlaySaves := preload("lib/play_saves.gd")`.

const BridgeSceneFiles := preload("../../../core/scene_files.gd")
const BridgeSceneSwitch := preload("../../../lib/scene_switch.gd")
const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeOutputLog := preload("../../../core/output_log.gd")

const SAVE_BEFORE_RUNNING := "run/auto_save/save_before_running"


## Saves the open scenes the agent changed and that are unsaved; returns their paths, or a BridgeError.
static func save_changed(tree: SceneTree) -> Variant:
	var unsaved := await BridgeSceneFiles.unsaved(tree)
	var wanted: Array[String] = []
	for path: String in unsaved:
		if unsaved[path] and path != "" and BridgeSceneFiles.agent_edited(path):
			wanted.append(path)
	if wanted.is_empty():
		return []
	var root := EditorInterface.get_edited_scene_root()
	var current: String = root.scene_file_path if root else ""
	var preview := DisplayServer.get_name() != "headless"  # a headless editor cannot draw the thumbnail
	var output := BridgeOutputLog.active as BridgeOutputLog
	var since := output.next_seq() if output != null and output.capturing else -1
	for path in wanted:
		if path != current and await BridgeSceneSwitch.open(path) == null:
			return BridgeError.failed("could not switch to %s to save it before playing" % path, {"path": path})
		EditorInterface.save_scene_as(path, preview)
	if current != "" and wanted.back() != current:
		await BridgeSceneSwitch.open(current)
	var after := await BridgeSceneFiles.unsaved(tree)
	for path in wanted:
		if after.get(path, false):
			return _failed(path, output, since)
	return wanted


## Why the editor's save left `path` unsaved: whether the file can be written (the engine's error), and what the
## engine logged while the scenes were saved (nothing before Godot 4.5, which has no capture).
static func _failed(path: String, output: BridgeOutputLog, since: int) -> BridgeError:
	var reasons: Array[String] = []
	var data := {"path": path}
	var file := FileAccess.open(path, FileAccess.READ_WRITE)
	if file == null:
		data["error"] = error_string(FileAccess.get_open_error())
		reasons.append("the file cannot be written (%s)" % data.error)
	var said: Array[String] = []
	for e: Dictionary in output.entries(since) if since >= 0 else []:
		if e.type in BridgeOutputLog.TYPES:
			said.append(str(e.message))
	if not said.is_empty():
		data["engine_said"] = said
		reasons.append("the engine said: " + "; ".join(said))
	if reasons.is_empty():
		reasons.append("the editor still marks it unsaved after saving it, and the engine logged no reason" +
				("" if since >= 0 else " it could read (Godot 4.5+ captures the engine's log)"))
	return BridgeError.failed("saving %s before playing failed: %s" % [path, "; ".join(reasons)], data)


## Turns the editor's own save before running off (returns what it was, for restore()).
static func hold() -> Variant:
	var settings := EditorInterface.get_editor_settings()
	var was: Variant = settings.get_setting(SAVE_BEFORE_RUNNING) if settings.has_setting(SAVE_BEFORE_RUNNING) else true
	settings.set_setting(SAVE_BEFORE_RUNNING, false)
	return was


static func restore(was: Variant) -> void:
	EditorInterface.get_editor_settings().set_setting(SAVE_BEFORE_RUNNING, was)
