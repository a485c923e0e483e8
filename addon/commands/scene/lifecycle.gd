@tool
extends "../../core/command_group.gd"
## scene.* lifecycle: create, open, save, save as and close the scenes open in the editor. Files are
## written only by saving; a refused command changes nothing.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeClassTypes := preload("../../core/class_types.gd")
const BridgeSceneFiles := preload("../../core/scene_files.gd")
const BridgeCompat := preload("../../core/compat.gd")
const BridgeSceneSwitch := preload("../../lib/scene_switch.gd")


func commands() -> Array:
	return [
		{
			"method": "scene.create",
			"switches_scene": true,
			"summary": "Create a scene file with a root node of the given type and open it.",
			"params": [
				req("path", "string", "New .tscn file (must not exist)", {"writes_path": true}),
				class_param("root_type", "Node", "Class of the root node", false, true,
						false, "Node2D"),
				opt("root_name", "string", "Root node name (default: from the file name, e.g. level_2 → Level2)"),
			],
			"example": {"path": "res://scenes/level_2.tscn", "root_type": "Node2D"},
			"undo": "none",  # a file written
			"returns": {"path": "string", "root": "string", "type": "string"},
			"handler": _create,
		},
		{
			"method": "scene.open",
			"switches_scene": true,
			"idempotent": true,
			"summary": "Open a scene file in the editor, or switch to it if it is already open.",
			"params": [req("path", "string", "Scene file, e.g. res://scenes/main.tscn")],
			"example": {"path": "res://scenes/main.tscn"},
			"undo": "none",  # the editor's tabs, in no history
			"returns": {"path": "string", "root": "string", "type": "string", "was_open": "bool"},
			"handler": _open,
		},
		{
			"method": "scene.save",
			"switches_scene": true,
			"idempotent": true,
			"summary": "Save the edited scene (or another open one) to its file.",
			"params": [opt("path", "string", "Open scene to save (default: the edited one)")],
			"example": {},
			# a file written; `saved` (true) is the router's meaning too: the scene is on disk
			"undo": "none",
			"returns": {"path": "string", "saved": "bool"},
			"needs_scene": true,
			"handler": _save,
		},
		{
			"method": "scene.save_as",
			"switches_scene": true,
			"idempotent": true,
			"summary": "Save the edited scene to a new file, which the scene's tab then edits.",
			"params": [
				req("path", "string", "Target .tscn file", {"writes_path": true}),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://scenes/main_copy.tscn"},
			"destructive": true,
			"undo": "none",
			"returns": {"path": "string", "previous_path": "string", "saved": "bool"},
			"needs_scene": true,
			"handler": _save_as,
		},
		{
			"method": "scene.close",
			"switches_scene": true,
			"summary": "Close an open scene; refuses one with unsaved changes unless discard is true.",
			"params": [
				opt("path", "string", "Open scene to close (default: the edited one)"),
				opt("discard", "bool", "Close even with unsaved changes, losing them", false),
			],
			"example": {"path": "res://scenes/main.tscn"},
			"destructive": true,
			"undo": "none",  # a closed tab takes its history with it
			"since": "4.5",  # EditorInterface.close_scene
			"returns": {"closed": "string", "current": "string|null"},
			"needs_scene": true,
			"handler": _close,
		},
	]


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var path: String = p.path
	var bad: Variant = BridgeSceneFiles.check_scene_path(path, true)
	if bad:
		return bad
	if ResourceLoader.exists(path) or FileAccess.file_exists(path):
		return c.failed("%s already exists; open it with scene.open or pick another path" % path, {"path": path})
	var root_name: String = p.get("root_name", path.get_file().get_basename().to_pascal_case())
	if root_name == "" or root_name.validate_node_name() != root_name:
		return c.invalid("root_name '%s' is not a valid node name" % root_name, {"param": "root_name"})
	var root: Node = BridgeClassTypes.make(p.root_type, "Node", "root_type")  # the router checked the name (kind "class")
	root.name = root_name
	var packed := PackedScene.new()
	var err := packed.pack(root)
	root.free()
	if err == OK:
		err = DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	if err == OK:
		err = ResourceSaver.save(packed, path)
	if err != OK:
		return c.failed("could not write %s: %s" % [path, error_string(err)], {"path": path})
	EditorInterface.get_resource_filesystem().update_file(path)
	var opened: Node = await BridgeSceneSwitch.open(path)
	if opened == null:
		return c.failed("wrote %s but the editor did not open it" % path, {"path": path})
	return {"path": path, "root": BridgeSceneAccess.path_of(opened), "type": p.root_type}


func _open(c: BridgeCall) -> Variant:
	var p := c.params
	var path: String = p.path
	var bad: Variant = BridgeSceneFiles.check_scene_path(path, false)
	if bad:
		return bad
	var was_open := path in EditorInterface.get_open_scenes()
	var root: Node = await BridgeSceneSwitch.open(path)
	if root == null:
		return c.failed("the editor did not open %s (see the editor output)" % path, {"path": path})
	return {"path": path, "root": BridgeSceneAccess.path_of(root), "type": root.get_class(), "was_open": was_open}


func _save(c: BridgeCall) -> Variant:
	var p := c.params
	var root: Node = BridgeSceneAccess.root()
	var current: String = root.scene_file_path
	var path: String = p.get("path", current)
	if path == "":
		return c.failed("the edited scene has never been saved; use scene.save_as with a path")
	var open := Array(EditorInterface.get_open_scenes())
	if not path in open:
		return c.not_found("%s is not open; open scenes: %s" % [path, ", ".join(PackedStringArray(open))],
				{"path": path, "open": open})
	if path != current and current == "":
		return c.failed("the edited scene has never been saved, and switching tabs away from it would not come back: " +
				"switch to %s with scene.open, then scene.save" % path, {"path": path})
	if path != current and await BridgeSceneSwitch.open(path) == null:  # the editor saves the scene its tab shows
		return c.failed("the editor did not switch to %s to save it (see the editor output)" % path, {"path": path})
	EditorInterface.save_scene_as(path, _with_preview())  # what Ctrl+S does
	if path != current:
		await BridgeSceneSwitch.open(current)
	var unsaved := await BridgeSceneFiles.unsaved(server.get_tree())
	if unsaved.get(path, false):
		return c.failed("saving %s failed (see the editor output)" % path, {"path": path})
	return {"path": path, "saved": true}


func _save_as(c: BridgeCall) -> Variant:
	var p := c.params
	var root: Node = BridgeSceneAccess.root()
	var path: String = p.path
	var bad: Variant = BridgeSceneFiles.check_scene_path(path, true)
	if bad:
		return bad
	var previous: String = root.scene_file_path
	if path != previous and path in EditorInterface.get_open_scenes():
		return c.failed("%s is open in another tab; close it first" % path, {"path": path})
	if path != previous and FileAccess.file_exists(path) and not p.overwrite:
		return c.failed("%s already exists; pass overwrite: true to replace it" % path, {"path": path})
	var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	if err != OK:
		return c.failed("cannot create %s: %s" % [path.get_base_dir(), error_string(err)], {"path": path})
	EditorInterface.save_scene_as(path, _with_preview())
	if not FileAccess.file_exists(path) or root.scene_file_path != path:
		return c.failed("saving to %s failed (see the editor output)" % path, {"path": path})
	return {"path": path, "previous_path": previous, "saved": true}


func _close(c: BridgeCall) -> Variant:
	var p := c.params
	var root: Node = BridgeSceneAccess.root()
	var current: String = root.scene_file_path
	var path: String = p.get("path", current)
	var open := Array(EditorInterface.get_open_scenes())
	if not path in open:
		return c.not_found("%s is not open; open scenes: %s" % [path, ", ".join(PackedStringArray(open))],
				{"path": path, "open": open})
	var unsaved := await BridgeSceneFiles.unsaved(server.get_tree())
	if not p.discard and unsaved.get(path, true):
		return c.failed("%s has unsaved changes; save it with scene.save or pass discard: true" % path,
				{"path": path})
	if path != current and await BridgeSceneSwitch.open(path) == null:
		return c.failed("the editor did not switch to %s to close it (see the editor output)" % path, {"path": path})
	var err := BridgeCompat.close_scene()
	if err != OK:
		return c.failed("closing %s failed: %s" % [path, error_string(err)], {"path": path})
	await (Engine.get_main_loop() as SceneTree).process_frame  # the editor ends the tab switch at the end of the frame
	if path != current:
		await BridgeSceneSwitch.open(current)
	var now := BridgeSceneAccess.root()
	return {"closed": path, "current": now.scene_file_path if now else null}


## Thumbnails need a renderer: a headless editor only logs an error trying to draw one.
func _with_preview() -> bool:
	return DisplayServer.get_name() != "headless"
