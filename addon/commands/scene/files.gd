@tool
extends "../../core/command_group.gd"
## scene.*, the scene as a file: reload an open scene from disk, and list what a scene file depends on.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgeSceneFiles := preload("../../core/scene_files.gd")
const BridgeSceneSwitch := preload("../../lib/scene_switch.gd")
const BridgeCompat := preload("../../core/compat.gd")


func commands() -> Array:
	return [
		{
			"method": "scene.reload",
			"switches_scene": true,
			"summary": "Reload an open scene from its file, discarding its unsaved changes and its undo history.",
			"params": [opt("path", "string", "Open scene to reload (default: the edited one)")],
			"example": {"path": "res://scenes/main.tscn"},
			"destructive": true,
			"undo": "none",  # it discards the scene's history: nothing of it can be undone
			"returns": {"path": "string", "reloaded": "bool", "root": "string", "discarded_actions": "int", "current": "string"},
			"handler": _reload,
		},
		{
			"method": "scene.dependencies",
			"summary": "The resources and scenes a scene file depends on (read from the file), optionally all the way down.",
			"params": [
				opt("path", "string", "Scene (or resource) file (default: the edited scene's)"),
				opt("recursive", "bool", "Also list what the dependencies depend on", false),
			],
			"example": {"path": "res://scenes/main.tscn"},
			"read_only": true,
			"returns": {"path": "string", "count": "int", "dependencies": [{"path": "string", "type": "string", "uid": "string|null",
					"exists": "bool", "from": "string"}]},
			"handler": _dependencies,
		},
	]


func _reload(c: BridgeCall) -> Variant:
	var p := c.params
	var given: Variant = BridgeSceneFiles.path_or_edited(p.get("path", ""), "there is no file to reload it from")
	if given is BridgeError:
		return given
	var path: String = given
	var open := Array(EditorInterface.get_open_scenes())
	if not path in open:
		return c.not_found("%s is not open; open scenes: %s" % [path, ", ".join(PackedStringArray(open))],
				{"path": path, "open": open})
	if not FileAccess.file_exists(path):
		return c.not_found("%s is open but its file is gone; save it with scene.save_as" % path, {"path": path})
	var old_root := BridgeSceneSwitch.open_root(path)
	if old_root == null:
		return c.failed("cannot find the open scene %s among the editor's tabs" % path, {"path": path})
	var old_id := old_root.get_instance_id()  # the old root is freed by the reload
	var ur: EditorUndoRedoManager = BridgeCompat.editor_undo_redo()
	var discarded := ur.get_history_undo_redo(ur.get_object_history_id(old_root)).get_history_count()
	var current := BridgeSceneAccess.root()
	var edited: String = current.scene_file_path if current else ""
	# the editor's selection (and the inspector showing it) would keep the old nodes, which the reload frees:
	# the next frame then touches freed nodes and the editor crashes (seen with a node selected by
	# editor.selection_set, then scene.reload)
	var selected: Array[NodePath] = []
	if edited == path:
		for node in EditorInterface.get_selection().get_selected_nodes():
			selected.append(old_root.get_path_to(node))
		EditorInterface.get_selection().clear()
		EditorInterface.inspect_object(null)
	var new_root: Node = await BridgeSceneSwitch.reload(path, old_id)
	if new_root == null:
		return c.failed("the editor did not reload %s (see editor.errors)" % path, {"path": path})
	for node_path in selected:  # the same nodes, as the file has them, selected again
		if new_root.has_node(node_path):
			EditorInterface.get_selection().add_node(new_root.get_node(node_path))
	return {"path": path, "reloaded": true, "root": "/root/" + new_root.name, "discarded_actions": discarded,
			"current": BridgeSceneAccess.root().scene_file_path if BridgeSceneAccess.root() else edited}


func _dependencies(c: BridgeCall) -> Variant:
	var p := c.params
	var given: Variant = BridgeSceneFiles.path_or_edited(p.get("path", ""), "pass path")
	if given is BridgeError:
		return given
	var path: String = given
	if path.begins_with("uid://"):
		path = ResourceUID.get_id_path(ResourceUID.text_to_id(path)) if ResourceUID.has_id(ResourceUID.text_to_id(path)) else path
	if not path.begins_with("res://") or not ResourceLoader.exists(path):
		return c.not_found("no scene or resource at %s" % path, {"path": path})
	var out: Array = []
	var seen := {path: true}
	_collect(path, p.recursive, seen, out)
	return {"path": path, "count": out.size(), "dependencies": out}


## Appends the dependencies of `path` (each once) to `out`, and theirs when `recursive`.
func _collect(path: String, recursive: bool, seen: Dictionary, out: Array) -> void:
	var found: Array = []
	for entry in ResourceLoader.get_dependencies(path):
		var dep := _parse(entry)
		if seen.has(dep.path):
			continue
		seen[dep.path] = true
		dep["from"] = path
		out.append(dep)
		found.append(dep)
	if recursive:
		for dep: Dictionary in found:
			if dep.exists:
				_collect(dep.path, true, seen, out)


## One get_dependencies() entry ("res://a.gd", "res://a.gd::Script" or "uid://x::Script::res://a.gd") as
## {path, type, uid, exists}; the type is the editor's (GDScript, not the file's Script) when it knows the file.
static func _parse(entry: String) -> Dictionary:
	var parts := entry.split("::")
	var uid := ""
	var type := ""
	var path := entry
	if parts.size() >= 3:
		uid = parts[0]
		type = parts[1]
		path = parts[2]
	elif parts.size() == 2:
		path = parts[0]
		type = parts[1]
	if path.begins_with("uid://"):
		uid = path
		path = ""
	if path == "" and uid != "" and ResourceUID.has_id(ResourceUID.text_to_id(uid)):
		path = ResourceUID.get_id_path(ResourceUID.text_to_id(uid))
	if uid == "" and path != "" and FileAccess.file_exists(path):
		var id := ResourceLoader.get_resource_uid(path)
		uid = ResourceUID.id_to_text(id) if id != ResourceUID.INVALID_ID else ""
	var exists := path != "" and ResourceLoader.exists(path)
	var known := EditorInterface.get_resource_filesystem().get_file_type(path) if exists else ""
	return {"path": path if path != "" else uid, "type": known if known != "" else type, "uid": uid if uid != "" else null,
			"exists": exists}
