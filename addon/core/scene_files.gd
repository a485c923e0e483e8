@tool
extends RefCounted
## What the scene.* commands share about scene files: which paths are scenes, "the given path or the
## edited scene's file", and the unsaved marks of the editor's scene tabs.
## Every function is static: `const BridgeSceneFiles := preload("scene_files.gd")`.

const BridgeError := preload("../core/bridge_error.gd")
## scene_nodes.gd is all this needs (scene_access.gd would bring value coercion along).
const BridgeSceneNodes := preload("scene_nodes.gd")
## What changed when: watched from the editor's start (the plugin calls its watch_changes()).
const BridgeSceneChanges := preload("scene_changes.gd")

const SCENE_EXTENSIONS := ["tscn", "scn"]

## The editor's scene tab bar, found once per editor session: the search walks the whole editor UI.
static var _tab_bar: TabBar
## Frames the tab titles take to catch up with a change (scene_changes.gd keeps the frame of the last one).
const TAB_SETTLE_FRAMES := 3


## null when `path` is a scene path (and, unless `writing`, an existing scene); else the BridgeError.
static func check_scene_path(path: String, writing: bool) -> Variant:
	if not path.get_extension() in SCENE_EXTENSIONS:
		return BridgeError.invalid("'%s' is not a scene file: use a .tscn (or .scn) path" % path, {"path": path})
	if not writing and not ResourceLoader.exists(path, "PackedScene"):
		return BridgeError.not_found("no scene at %s" % path, {"path": path})
	return null


## `path` when given, else the edited scene's file; a BridgeError when there is no scene open or it was
## never saved (`hint` says what to do instead).
static func path_or_edited(path: String, hint: String) -> Variant:
	if path != "":
		return path
	var root := BridgeSceneNodes.root()
	if root == null:
		return BridgeSceneNodes.no_scene()
	if root.scene_file_path == "":
		return BridgeError.failed("the edited scene has never been saved: " + hint)
	return root.scene_file_path


## Unsaved state per open scene path, as the editor's scene tabs show it ("main(*)"). The tabs refresh
## a frame or two after an edit, so this waits for them. A scene it cannot match is missing from the result.
static func unsaved(tree: SceneTree) -> Dictionary:
	var since_change := Engine.get_process_frames() - BridgeSceneChanges.changed_frame
	var watching := BridgeSceneChanges.watching
	if not watching or since_change < TAB_SETTLE_FRAMES:
		for i in TAB_SETTLE_FRAMES if not watching else TAB_SETTLE_FRAMES - since_change:
			await tree.process_frame
	var open := EditorInterface.get_open_scenes()
	var bar := _scene_tab_bar()
	var out := {}
	if bar and bar.tab_count == open.size():
		for i in bar.tab_count:
			out[open[i]] = bar.get_tab_title(i).ends_with("(*)")
	return out


## Notes that a command changed the open scene saved at `path` (core/undo_scope.gd, after its step).
static func note_agent_edit(path: String) -> void:
	BridgeSceneChanges.note_agent_edit(path)


## Whether the agent changed the scene at `path` since it was last saved.
static func agent_edited(path: String) -> bool:
	return BridgeSceneChanges.agent_edited(path)


## The editor's scene tab bar (one tab per open scene, in get_open_scenes() order), or null.
static func tab_bar() -> TabBar:
	return _scene_tab_bar()


static func _scene_tab_bar() -> TabBar:
	if is_instance_valid(_tab_bar):
		return _tab_bar
	for tabs: Node in EditorInterface.get_base_control().find_children("*", "EditorSceneTabs", true, false):
		for bar: Node in tabs.find_children("*", "TabBar", true, false):
			_tab_bar = bar
			return _tab_bar
	return null
