@tool
extends "../../core/command_group.gd"
## node.*, lookups: find nodes of the edited scene and describe one at a glance.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeClassTypes := preload("../../core/class_types.gd")


func commands() -> Array:
	return [
		{
			"method": "node.find",
			"any_scene": true,
			"summary": "Find nodes of the edited scene by name pattern (* and ?), class and/or group.",
			"params": [
				opt("name", "string", "Name pattern, case-insensitive, e.g. 'Enemy*'", null, {"also": ["pattern"]}),
				class_param("type", "Node", "Class (subclasses match too) or class_name", false),
				opt("group", "string", "Group the nodes are in"),
				node_param("node_path", "Search below this node (default: the root)", false, ""),
				opt("limit", "int", "Most results to return", 200, {"min": 1}),
			],
			"example": {"type": "CollisionObject2D"},
			"read_only": true,
			"returns": {"count": "int", "nodes": [{"path": "string", "name": "string", "type": "string"}], "truncated": "bool"},
			"handler": _find,
		},
		{
			"method": "node.info",
			"any_scene": true,
			"summary": "One node at a glance: class, script, instanced scene, groups, parent, children.",
			"params": [node_param("node_path", "Node to describe")],
			"example": {"node_path": "/root/Main/Player"},
			"read_only": true,
			"returns": {"path": "string", "name": "string", "type": "string", "script": "string|null", "scene": "string|null",
					"parent": "string|null", "index": "int", "groups": ["string"], "children": ["string"]},
			"handler": _info,
		},
	]


func _find(c: BridgeCall) -> Variant:
	var p := c.params
	var start: Node = p.node_path
	var type: String = p.get("type", "")
	var found: Array = []
	var queue: Array[Node] = [start]
	var total := 0
	while not queue.is_empty():
		var node: Node = queue.pop_front()
		queue.append_array(BridgeSceneAccess.scene_children(node))
		if p.has("name") and not str(node.name).matchn(p.name):
			continue
		if p.has("group") and not node.is_in_group(p.group):
			continue
		if type != "" and not BridgeClassTypes.is_of(node, type):
			continue
		total += 1
		if found.size() < p.limit:
			found.append({"path": BridgeSceneAccess.path_of(node), "name": str(node.name), "type": node.get_class()})
	return {"count": total, "nodes": found, "truncated": total > found.size()}


func _info(bc: BridgeCall) -> Variant:
	var p := bc.params
	var node: Node = p.node_path
	var script: Script = node.get_script()
	var root := bc.scene_root()
	return {
		"path": BridgeSceneAccess.path_of(node),
		"name": str(node.name),
		"type": node.get_class(),
		"script": script.resource_path if script else null,
		"scene": node.scene_file_path if node != root and node.scene_file_path != "" else null,
		"parent": BridgeSceneAccess.path_of(node.get_parent()) if node != root else null,
		"index": node.get_index() if node != root else 0,
		"groups": node.get_groups().filter(func(g: StringName) -> bool: return not str(g).begins_with("_")),
		"children": BridgeSceneAccess.scene_children(node).map(func(c: Node) -> String: return str(c.name)),
	}
