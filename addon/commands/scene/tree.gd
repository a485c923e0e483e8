@tool
extends "../../core/command_group.gd"
## scene.* contents: the current scene, the open scenes, the node tree, and instancing a scene into the
## edited one (undoable, refusing a scene that would contain itself).

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgeSceneFiles := preload("../../core/scene_files.gd")
const BridgeCompat := preload("../../core/compat.gd")


## One node of scene.tree's answer; its children are nodes of the same shape.
const TREE_NODE := {"name": "string", "type": "string", "path": "string", "children": ["Dictionary"], "script?": "string",
		"scene?": "string", "groups?": ["string"], "more_children?": "int"}


func commands() -> Array:
	return [
		{
			"method": "scene.current",
			"summary": "The edited scene: file, root node, and whether it has unsaved changes.",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"path": "string", "root": "string", "type": "string", "unsaved": "bool"},
			"needs_scene": true,
			"handler": _current,
		},
		{
			"method": "scene.list_open",
			"summary": "Every scene open in the editor, with the edited one marked.",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"current": "string|null", "scenes": [{"path": "string", "root": "string", "type": "string", "current": "bool", "unsaved": "bool"}]},
			"handler": _list_open,
		},
		{
			"method": "scene.tree",
			"any_scene": true,
			"summary": "The edited scene's node tree (or another open scene's): name, type, path, script, instanced scene, groups, children.",
			"params": [
				node_param("node_path", "Subtree to return (default: the root)", false, ""),
				opt("max_depth", "int", "Levels below the start node to include (default: all)", null, {"min": 0}),
			],
			"example": {"max_depth": 2},
			"read_only": true,
			"returns": TREE_NODE,
			"handler": _tree,
		},
		{
			"method": "scene.instance",
			"any_scene": true,
			"summary": "Instance a saved scene as a child node of the edited scene (undoable).",
			"params": [
				req("path", "string", "Scene file to instance", {"also": ["scene_path"]}),
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: the scene's root name)", null),
			],
			"example": {"path": "res://scenes/ui.tscn", "parent": "/root/Main", "name": "HUD"},
			"undo": "scene",
			"returns": {"path": "string", "scene": "string", "type": "string"},
			"needs_scene": true,
			"handler": _instance,
		},
	]


func _current(_c: BridgeCall) -> Variant:
	var root: Node = BridgeSceneAccess.root()
	var unsaved := await BridgeSceneFiles.unsaved(server.get_tree())
	root = BridgeSceneAccess.root()
	return {"path": root.scene_file_path, "root": BridgeSceneAccess.path_of(root), "type": root.get_class(),
			"unsaved": unsaved.get(root.scene_file_path, true)}


func _list_open(_c: BridgeCall) -> Variant:
	var unsaved := await BridgeSceneFiles.unsaved(server.get_tree())
	var root := BridgeSceneAccess.root()
	var scenes: Array = []
	for node: Node in BridgeCompat.open_scene_roots():
		scenes.append({"path": node.scene_file_path, "root": "/root/" + node.name, "type": node.get_class(),
				"current": node == root, "unsaved": unsaved.get(node.scene_file_path, true)})
	return {"current": root.scene_file_path if root else null, "scenes": scenes}


func _tree(c: BridgeCall) -> Variant:
	var p := c.params
	return _describe(p.node_path, p.get("max_depth", -1))


func _instance(c: BridgeCall) -> Variant:
	var p := c.params
	var root: Node = c.scene_root()
	var scene_path: String = p.path
	var bad: Variant = BridgeSceneFiles.check_scene_path(scene_path, false)
	if bad:
		return bad
	if scene_path == root.scene_file_path or _depends_on(scene_path, root.scene_file_path, {}):
		return c.failed("%s contains the scene %s: instancing it would be recursive" % [scene_path,
				root.scene_file_path], {"scene_path": scene_path})
	var parent: Node = p.parent
	var packed := load(scene_path) as PackedScene
	if packed == null or not packed.can_instantiate():
		return c.failed("%s cannot be instanced (see the editor output)" % scene_path, {"scene_path": scene_path})
	var node_name: String = p.get("name", "")  # valid and free under parent (the router checked); "" keeps the scene's
	var node := packed.instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE)
	var path := BridgeSceneEdit.add(c.step, "instance %s" % scene_path.get_file(), parent, node, node_name)
	return {"path": path, "scene": scene_path, "type": node.get_class()}


func _describe(node: Node, depth: int) -> Dictionary:
	var d := {"name": str(node.name), "type": node.get_class(), "path": BridgeSceneAccess.path_of(node)}
	var script: Script = node.get_script()
	if script:
		d["script"] = script.resource_path
	if node != BridgeSceneAccess.root_of(node) and node.scene_file_path != "":
		d["scene"] = node.scene_file_path
	var groups := node.get_groups().filter(func(g: StringName) -> bool: return not str(g).begins_with("_"))
	if not groups.is_empty():
		d["groups"] = groups.map(func(g: StringName) -> String: return str(g))
	var children := BridgeSceneAccess.scene_children(node)
	if depth == 0 and not children.is_empty():
		d["children"] = []
		d["more_children"] = children.size()
		return d
	d["children"] = children.map(func(c: Node) -> Dictionary: return _describe(c, depth - 1))
	return d


## Whether `scene_path` instances `target` somewhere down its dependencies.
func _depends_on(scene_path: String, target: String, seen: Dictionary) -> bool:
	if target == "" or seen.has(scene_path):
		return false
	seen[scene_path] = true
	for dep in ResourceLoader.get_dependencies(scene_path):
		var dep_path := dep.get_slice("::", 2) if dep.contains("::") else dep
		if dep_path.begins_with("uid://"):
			dep_path = ResourceUID.get_id_path(ResourceUID.text_to_id(dep_path))
		if dep_path == target or (dep_path.get_extension() in BridgeSceneFiles.SCENE_EXTENSIONS and _depends_on(dep_path, target, seen)):
			return true
	return false
