@tool
extends RefCounted
## Switching the edited scene so that it holds: the editor finishes a switch at the end of the frame it was
## asked in (a deferred call clears its "changing scene" mark), and until then EditorInterface's
## open_scene_from_path and reload_scene_from_path silently do nothing. So each switch here is checked after
## that frame and asked again when it did not happen; a mark the editor left set for good (its start-up restore
## can) is cleared by switching tabs the way a click on the tab bar does, which resets it.
## Every function is static: `const BridgeSceneSwitch := preload("../../lib/scene_switch.gd")`.

const BridgeSceneFiles := preload("../core/scene_files.gd")
const BridgeCompat := preload("../core/compat.gd")

## Tries before giving up; the tab bar is used from the second one on.
const ATTEMPTS := 5


## Makes the scene saved at `path` the edited one (opening it when it is not open) and returns its root once
## the editor edits it and has finished the switch; null when it never did (the editor output says why).
static func open(path: String) -> Node:
	var tree := Engine.get_main_loop() as SceneTree
	for attempt in ATTEMPTS:
		if attempt > 0:
			await _unstick(tree)
		EditorInterface.open_scene_from_path(path)
		await tree.process_frame  # the editor's own end of the switch runs at the end of this frame
		var root := EditorInterface.get_edited_scene_root()
		if root != null and root.scene_file_path == path:
			return root
	return null


## Reloads the open scene at `path` from its file and returns its new root (not `old_id`), or null.
static func reload(path: String, old_id: int) -> Node:
	var tree := Engine.get_main_loop() as SceneTree
	for attempt in ATTEMPTS:
		if attempt > 0:
			await _unstick(tree)
		EditorInterface.reload_scene_from_path(path)
		await tree.process_frame
		var root := open_root(path)
		if root != null and root.get_instance_id() != old_id:
			return root
	return null


## The root of the open scene saved at `path`, or null.
static func open_root(path: String) -> Node:
	for node: Node in BridgeCompat.open_scene_roots():
		if node.scene_file_path == path:
			return node
	return null


## Switches to another scene tab and back through the tab bar, as clicks would: the editor's own tab switch
## ends by clearing its "changing scene" mark. Does nothing with a single tab.
static func _unstick(tree: SceneTree) -> void:
	var bar := BridgeSceneFiles.tab_bar()
	if bar == null or bar.tab_count < 2:
		await tree.process_frame
		return
	var current := bar.current_tab
	bar.current_tab = (current + 1) % bar.tab_count
	await tree.process_frame
	bar.current_tab = current
	await tree.process_frame
