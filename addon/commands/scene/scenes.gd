@tool
extends "../../core/command_group.gd"
## scene.*: the scenes open in the editor — create, open, save, close, list, the node tree, instancing.
## Edits go to the open scene through the editor's undo history; files are written only by saving.

const SceneAccess := preload("../../lib/scene_access.gd")
const Params := preload("../../core/params.gd")

const SCENE_EXTENSIONS := ["tscn", "scn"]

var _tab_bar: TabBar


func group_summary() -> String:
	return "Scenes in the editor: create, open, save, close, tree, instance"


func commands() -> Array:
	return [
		{
			"method": "scene.create",
			"summary": "Create a scene file with a root node of the given type and open it.",
			"params": [
				req("path", "string", "New .tscn file (must not exist)", {"writes_path": true}),
				opt("root_type", "string", "Class of the root node", "Node2D"),
				opt("root_name", "string", "Root node name (default: from the file name, e.g. level_2 → Level2)"),
			],
			"example": {"path": "res://scenes/level_2.tscn", "root_type": "Node2D"},
			"handler": _create,
		},
		{
			"method": "scene.open",
			"summary": "Open a scene file in the editor, or switch to it if it is already open.",
			"params": [req("path", "string", "Scene file, e.g. res://scenes/main.tscn")],
			"example": {"path": "res://scenes/main.tscn"},
			"handler": _open,
		},
		{
			"method": "scene.save",
			"summary": "Save the edited scene to its file.",
			"params": [],
			"example": {},
			"handler": _save,
		},
		{
			"method": "scene.save_as",
			"summary": "Save the edited scene to a new file, which the scene's tab then edits.",
			"params": [
				req("path", "string", "Target .tscn file", {"writes_path": true}),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://scenes/main_copy.tscn"},
			"destructive": true,
			"handler": _save_as,
		},
		{
			"method": "scene.close",
			"summary": "Close an open scene; refuses one with unsaved changes unless discard is true.",
			"params": [
				opt("path", "string", "Open scene to close (default: the edited one)"),
				opt("discard", "bool", "Close even with unsaved changes, losing them", false),
			],
			"example": {"path": "res://scenes/main.tscn"},
			"destructive": true,
			"handler": _close,
		},
		{
			"method": "scene.current",
			"summary": "The edited scene: file, root node, and whether it has unsaved changes.",
			"params": [],
			"example": {},
			"read_only": true,
			"handler": _current,
		},
		{
			"method": "scene.list_open",
			"summary": "Every scene open in the editor, with the edited one marked.",
			"params": [],
			"example": {},
			"read_only": true,
			"handler": _list_open,
		},
		{
			"method": "scene.tree",
			"summary": "The edited scene's node tree: name, type, path, script, instanced scene, groups, children.",
			"params": [
				opt("node_path", "NodePath", "Subtree to return (default: the root)", ""),
				opt("max_depth", "int", "Levels below the start node to include (default: all)", null, {"min": 0}),
			],
			"example": {"max_depth": 2},
			"read_only": true,
			"handler": _tree,
		},
		{
			"method": "scene.instance",
			"summary": "Instance a saved scene as a child node of the edited scene (undoable).",
			"params": [
				req("scene_path", "string", "Scene file to instance"),
				opt("parent", "NodePath", "Parent node (default: the root)", ""),
				opt("name", "string", "Node name (default: the scene's root name)"),
			],
			"example": {"scene_path": "res://scenes/ui.tscn", "parent": "/root/Main", "name": "HUD"},
			"handler": _instance,
		},
	]


func _create(p: Dictionary) -> Variant:
	var path: String = p.path
	var bad: Variant = _check_scene_path(path, true)
	if bad:
		return bad
	if ResourceLoader.exists(path) or FileAccess.file_exists(path):
		return BridgeError.failed("%s already exists; open it with scene.open or pick another path" % path, {"path": path})
	var type: String = p.root_type
	if not ClassDB.class_exists(type) or not ClassDB.is_parent_class(type, "Node") or not ClassDB.can_instantiate(type):
		var guess := Params.did_you_mean(type, Array(ClassDB.get_inheriters_from_class("Node")))
		return BridgeError.invalid("scene.create: root_type '%s' is not a node class%s" % [type,
				" (did you mean '%s'?)" % guess if guess != "" else ""], {"param": "root_type", "suggestion": guess})
	var root_name: String = p.get("root_name", path.get_file().get_basename().to_pascal_case())
	if root_name == "" or root_name.validate_node_name() != root_name:
		return BridgeError.invalid("scene.create: root_name '%s' is not a valid node name" % root_name, {"param": "root_name"})
	var root: Node = ClassDB.instantiate(type)
	root.name = root_name
	var packed := PackedScene.new()
	var err := packed.pack(root)
	root.free()
	if err == OK:
		err = DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	if err == OK:
		err = ResourceSaver.save(packed, path)
	if err != OK:
		return BridgeError.failed("could not write %s: %s" % [path, error_string(err)], {"path": path})
	EditorInterface.get_resource_filesystem().update_file(path)
	EditorInterface.open_scene_from_path(path)
	var opened := SceneAccess.root()
	if opened == null or opened.scene_file_path != path:
		return BridgeError.failed("wrote %s but the editor did not open it" % path, {"path": path})
	return {"path": path, "root": SceneAccess.path_of(opened), "type": type}


func _open(p: Dictionary) -> Variant:
	var path: String = p.path
	var bad: Variant = _check_scene_path(path, false)
	if bad:
		return bad
	var was_open := path in EditorInterface.get_open_scenes()
	EditorInterface.open_scene_from_path(path)
	var root := SceneAccess.root()
	if root == null or root.scene_file_path != path:
		return BridgeError.failed("the editor did not open %s (see the editor output)" % path, {"path": path})
	return {"path": path, "root": SceneAccess.path_of(root), "type": root.get_class(), "was_open": was_open}


func _save(_p: Dictionary) -> Variant:
	var root: Variant = SceneAccess.require_root()
	if root is BridgeError:
		return root
	var path: String = root.scene_file_path
	if path == "":
		return BridgeError.failed("the edited scene has never been saved; use scene.save_as with a path")
	EditorInterface.save_scene_as(path, _with_preview())  # what Ctrl+S does
	var unsaved := await _unsaved()
	if unsaved.get(path, false):
		return BridgeError.failed("saving %s failed (see the editor output)" % path, {"path": path})
	return {"path": path, "saved": true}


func _save_as(p: Dictionary) -> Variant:
	var root: Variant = SceneAccess.require_root()
	if root is BridgeError:
		return root
	var path: String = p.path
	var bad: Variant = _check_scene_path(path, true)
	if bad:
		return bad
	var previous: String = root.scene_file_path
	if path != previous and path in EditorInterface.get_open_scenes():
		return BridgeError.failed("%s is open in another tab; close it first" % path, {"path": path})
	if path != previous and FileAccess.file_exists(path) and not p.overwrite:
		return BridgeError.failed("%s already exists; pass overwrite: true to replace it" % path, {"path": path})
	var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	if err != OK:
		return BridgeError.failed("cannot create %s: %s" % [path.get_base_dir(), error_string(err)], {"path": path})
	EditorInterface.save_scene_as(path, _with_preview())
	if not FileAccess.file_exists(path) or root.scene_file_path != path:
		return BridgeError.failed("saving to %s failed (see the editor output)" % path, {"path": path})
	return {"path": path, "previous_path": previous, "saved": true}


func _close(p: Dictionary) -> Variant:
	var root: Variant = SceneAccess.require_root()
	if root is BridgeError:
		return root
	var current: String = root.scene_file_path
	var path: String = p.get("path", current)
	var open := Array(EditorInterface.get_open_scenes())
	if not path in open:
		return BridgeError.not_found("%s is not open; open scenes: %s" % [path, ", ".join(PackedStringArray(open))],
				{"path": path, "open": open})
	var unsaved := await _unsaved()
	if not p.discard and unsaved.get(path, true):
		return BridgeError.failed("%s has unsaved changes; save it with scene.save or pass discard: true" % path,
				{"path": path})
	if path != current:
		EditorInterface.open_scene_from_path(path)
	var err := EditorInterface.close_scene()
	if err != OK:
		return BridgeError.failed("closing %s failed: %s" % [path, error_string(err)], {"path": path})
	if path != current:
		EditorInterface.open_scene_from_path(current)
	var now := SceneAccess.root()
	return {"closed": path, "current": now.scene_file_path if now else null}


func _current(_p: Dictionary) -> Variant:
	var root: Variant = SceneAccess.require_root()
	if root is BridgeError:
		return root
	var unsaved := await _unsaved()
	root = SceneAccess.root()
	return {"path": root.scene_file_path, "root": SceneAccess.path_of(root), "type": root.get_class(),
			"unsaved": unsaved.get(root.scene_file_path, true)}


func _list_open(_p: Dictionary) -> Variant:
	var unsaved := await _unsaved()
	var root := SceneAccess.root()
	var scenes: Array = []
	for node: Node in EditorInterface.get_open_scene_roots():
		scenes.append({"path": node.scene_file_path, "root": "/root/" + node.name, "type": node.get_class(),
				"current": node == root, "unsaved": unsaved.get(node.scene_file_path, true)})
	return {"current": root.scene_file_path if root else null, "scenes": scenes}


func _tree(p: Dictionary) -> Variant:
	var start: Variant = SceneAccess.resolve(p.node_path)
	if start is BridgeError:
		return start
	return _describe(start, p.get("max_depth", -1))


func _instance(p: Dictionary) -> Variant:
	var root: Variant = SceneAccess.require_root()
	if root is BridgeError:
		return root
	var scene_path: String = p.scene_path
	var bad: Variant = _check_scene_path(scene_path, false)
	if bad:
		return bad
	if scene_path == root.scene_file_path or _depends_on(scene_path, root.scene_file_path, {}):
		return BridgeError.failed("%s contains the edited scene %s: instancing it would be recursive" % [scene_path,
				root.scene_file_path], {"scene_path": scene_path})
	var parent: Variant = SceneAccess.resolve(p.parent)
	if parent is BridgeError:
		return parent
	var packed := load(scene_path) as PackedScene
	if packed == null or not packed.can_instantiate():
		return BridgeError.failed("%s cannot be instanced (see the editor output)" % scene_path, {"scene_path": scene_path})
	var node_name: String = p.get("name", "")
	if p.has("name") and (node_name == "" or node_name.validate_node_name() != node_name):
		return BridgeError.invalid("scene.instance: name '%s' is not a valid node name" % node_name, {"param": "name"})
	if node_name != "" and parent.has_node(NodePath(node_name)):
		return BridgeError.failed("%s already has a child named %s" % [SceneAccess.path_of(parent), node_name])
	var node := packed.instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE)
	if node_name != "":
		node.name = node_name
	var ur := SceneAccess.action("instance %s" % scene_path.get_file())
	ur.add_do_method(parent, "add_child", node, true)
	ur.add_do_method(node, "set_owner", root)
	ur.add_do_reference(node)
	ur.add_undo_method(parent, "remove_child", node)
	ur.commit_action()
	return {"path": SceneAccess.path_of(node), "scene": scene_path, "type": node.get_class()}


## Unsaved state per open scene path, as the editor's scene tabs show it ("main(*)"). The tabs refresh
## a frame or two after an edit, so this waits for them. A scene it cannot match is missing from the result.
func _unsaved() -> Dictionary:
	for i in 3:
		await server.get_tree().process_frame
	var open := EditorInterface.get_open_scenes()
	var bar := _scene_tab_bar()
	var out := {}
	if bar and bar.tab_count == open.size():
		for i in bar.tab_count:
			out[open[i]] = bar.get_tab_title(i).ends_with("(*)")
	return out


## The editor's scene tabs, found once: the search walks the whole editor UI.
func _scene_tab_bar() -> TabBar:
	if is_instance_valid(_tab_bar):
		return _tab_bar
	for tabs: Node in EditorInterface.get_base_control().find_children("*", "EditorSceneTabs", true, false):
		for bar: Node in tabs.find_children("*", "TabBar", true, false):
			_tab_bar = bar
			return _tab_bar
	return null


func _describe(node: Node, depth: int) -> Dictionary:
	var d := {"name": str(node.name), "type": node.get_class(), "path": SceneAccess.path_of(node)}
	var script: Script = node.get_script()
	if script:
		d["script"] = script.resource_path
	if node != SceneAccess.root() and node.scene_file_path != "":
		d["scene"] = node.scene_file_path
	var groups := node.get_groups().filter(func(g: StringName) -> bool: return not str(g).begins_with("_"))
	if not groups.is_empty():
		d["groups"] = groups.map(func(g: StringName) -> String: return str(g))
	var children := SceneAccess.scene_children(node)
	if depth == 0 and not children.is_empty():
		d["children"] = []
		d["more_children"] = children.size()
		return d
	d["children"] = children.map(func(c: Node) -> Dictionary: return _describe(c, depth - 1))
	return d


## Thumbnails need a renderer: a headless editor only logs an error trying to draw one.
func _with_preview() -> bool:
	return DisplayServer.get_name() != "headless"


func _check_scene_path(path: String, writing: bool) -> Variant:
	if not path.get_extension() in SCENE_EXTENSIONS:
		return BridgeError.invalid("'%s' is not a scene file: use a .tscn (or .scn) path" % path, {"path": path})
	if not writing and not ResourceLoader.exists(path, "PackedScene"):
		return BridgeError.not_found("no scene at %s" % path, {"path": path})
	return null


## Whether `scene_path` instances `target` somewhere down its dependencies.
func _depends_on(scene_path: String, target: String, seen: Dictionary) -> bool:
	if target == "" or seen.has(scene_path):
		return false
	seen[scene_path] = true
	for dep in ResourceLoader.get_dependencies(scene_path):
		var dep_path := dep.get_slice("::", 2) if dep.contains("::") else dep
		if dep_path.begins_with("uid://"):
			dep_path = ResourceUID.get_id_path(ResourceUID.text_to_id(dep_path))
		if dep_path == target or (dep_path.get_extension() in SCENE_EXTENSIONS and _depends_on(dep_path, target, seen)):
			return true
	return false
