@tool
extends "../../core/command_group.gd"
## mesh.*, existing meshes: describe one (bounds, surfaces, vertex counts), save a node's mesh as a file it
## then shares, and merge several MeshInstance3D nodes into one mesh (one surface per source surface).

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeMeshDescribe := preload("../../lib/mesh_describe.gd")
const BridgeBuild := preload("build.gd")
const BridgeCompat := preload("../../core/compat.gd")

## The sweeps' setup: the examples' meshes (main.tscn has none), as mesh.add and mesh.from_arrays' examples make them.
const WALL := {"method": "mesh.add", "params": {"shape": "box", "name": "Wall", "mesh": {"size": [4, 2, 0.5]}, "position": [0, 1, -3]}}
const RAMP := {"method": "mesh.from_arrays", "params": {"name": "Ramp", "vertices": [[0, 0, 0], [2, 0, 0], [0, 1, 2], [2, 1, 2]],
		"indices": [0, 2, 1, 1, 2, 3]}}


func commands() -> Array:
	return [
		{
			"method": "mesh.info",
			"summary": "A mesh's AABB, surfaces (vertex and index counts, primitive, material), vertex and triangle totals: from a node (MeshInstance3D/2D, CSG) or a file.",
			"params": [
				node_param("node_path", "Node holding the mesh (a CSG shape reports its generated mesh)", false),
				file_param("path", "Or: a mesh file", [], true, false, "Mesh", "mesh file"),
			],
			"example": {"node_path": "/root/Main/Wall"},
			"example_setup": [WALL],
			# a node adds where it is; a file is described alone
			"returns": BridgeBuild.DESCRIBED.merged({"node_path?": "string", "global_aabb?": {"position": "Vector3", "size": "Vector3", "end": "Vector3"}}),
			"read_only": true,
			"handler": _info,
		},
		{
			"method": "mesh.save",
			"idempotent": true,
			"summary": "Save a node's mesh as a file (.tres/.res/.mesh) and make the node use that file (undoable relink).",
			"params": [
				node_param("node_path", "MeshInstance3D (or other node with a mesh property)"),
				file_param("path", "File to write, e.g. res://meshes/wall.tres", ["tres", "res", "mesh"], false),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"node_path": "/root/Main/Wall", "path": "res://meshes/wall.tres"},
			"example_setup": [WALL],
			# the file is written (it stays on undo); the node's switch to it is the scene's undo step
			"returns": {"node_path": "string", "path": "string", "class": "string"},
			"undo": "scene",
			"handler": _save,
		},
		{
			"method": "mesh.merge",
			"summary": "Merge MeshInstance3D nodes into one new MeshInstance3D (transforms baked, one surface per source surface with its material); optionally remove the sources.",
			"params": [
				nodes_param("nodes", "MeshInstance3D node paths", true, "MeshInstance3D"),
				node_param("parent", "Parent of the merged node (default: the root)", false, ""),
				new_name_param("name", "Name of the merged node", "Merged"),
				opt("remove_sources", "bool", "Remove the source nodes in the same action", false),
			],
			"example": {"nodes": ["/root/Main/Wall", "/root/Main/Ramp"], "name": "Merged"},
			"example_setup": [WALL, RAMP],
			"answer_size": "the merged mesh described (surfaces with their materials, bounds) and every source it merged",
			"returns": BridgeBuild.DESCRIBED.merged({"path": "string", "merged": ["string"]}),
			"undo": "scene",
			"handler": _merge,
		},
	]


func _info(c: BridgeCall) -> Variant:
	var p := c.params
	if p.has("path") == p.has("node_path"):
		return c.invalid("give node_path or path (one of them)", {"param": "node_path"})
	if p.has("path"):
		return BridgeMeshDescribe.describe(load(p.path))
	var node: Node = p.node_path
	var mesh: Mesh = null
	if node is CSGShape3D:
		if not node.is_root_shape():
			return c.invalid("%s is inside a CSG tree; ask its root shape" % BridgeSceneAccess.path_of(node), {"param": "node_path"})
		if not BridgeCompat.at_least("4.4"):  # CSGShape3D.bake_static_mesh
			return c.error(BridgeError.UNAVAILABLE, "reading a CSG shape's mesh needs Godot 4.4 or newer (this editor runs %s)"
					% BridgeCompat.version().string, {"since": "4.4", "engine_version": BridgeCompat.version().string})
		mesh = BridgeCompat.csg_bake_mesh(node)
	elif "mesh" in node and node.get("mesh") is Mesh:
		mesh = node.mesh
	if mesh == null:
		return c.failed("%s (%s) has no mesh" % [BridgeSceneAccess.path_of(node), node.get_class()])
	var out := BridgeMeshDescribe.describe(mesh)
	out["node_path"] = BridgeSceneAccess.path_of(node)
	if node is Node3D:
		out["global_aabb"] = BridgeMeshDescribe.aabb(node.global_transform * mesh.get_aabb())
	return out


func _save(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	if not "mesh" in node or not node.get("mesh") is Mesh:
		return c.failed("%s (%s) has no mesh to save" % [BridgeSceneAccess.path_of(node), node.get_class()])
	var copy: Mesh = node.mesh.duplicate()
	var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(p.path.get_base_dir()))
	if err == OK:
		err = ResourceSaver.save(copy, p.path)
	if err != OK:
		return c.failed("could not write %s: %s" % [p.path, error_string(err)], {"path": p.path})
	copy.take_over_path(p.path)
	EditorInterface.get_resource_filesystem().update_file(p.path)
	var ur := BridgeSceneAccess.action(c.step, "save mesh of %s" % node.name)
	ur.add_do_property(node, "mesh", copy)
	ur.add_undo_property(node, "mesh", node.mesh)
	ur.commit_action()
	return {"node_path": BridgeSceneAccess.path_of(node), "path": node.mesh.resource_path, "class": copy.get_class()}


func _merge(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var sources: Array = []
	for node: MeshInstance3D in p.nodes:
		if node.mesh == null:
			return c.failed("%s has no mesh to merge" % BridgeSceneAccess.path_of(node), {"param": "nodes"})
		if node in sources:
			return c.invalid("%s is listed twice" % BridgeSceneAccess.path_of(node), {"param": "nodes"})
		if p.remove_sources and node.is_ancestor_of(parent):
			return c.invalid("cannot remove %s, the new node's parent is inside it" % BridgeSceneAccess.path_of(node), {"param": "nodes"})
		sources.append(node)
	var to_parent: Transform3D = parent.global_transform.affine_inverse() if parent is Node3D else Transform3D.IDENTITY
	var merged := ArrayMesh.new()
	for node: MeshInstance3D in sources:
		var xf: Transform3D = to_parent * node.global_transform
		for s in node.mesh.get_surface_count():
			var st := SurfaceTool.new()
			st.append_from(node.mesh, s, xf)
			st.set_material(node.get_active_material(s))
			st.commit(merged)
	var out_node := MeshInstance3D.new()
	out_node.mesh = merged
	if p.name != "":
		out_node.name = p.name
	var ur := BridgeSceneAccess.action(c.step, "merge %d meshes" % sources.size())
	ur.add_do_method(parent, "add_child", out_node, true)
	ur.add_do_method(out_node, "set_owner", BridgeSceneAccess.root())
	ur.add_do_reference(out_node)
	if p.remove_sources:
		for node: Node in sources:
			ur.add_do_method(node.get_parent(), "remove_child", node)
		var ordered := sources.duplicate()
		ordered.sort_custom(func(a: Node, b: Node) -> bool: return a.get_index() < b.get_index())
		for node: Node in ordered:
			ur.add_undo_method(node.get_parent(), "add_child", node, true)
			ur.add_undo_method(node.get_parent(), "move_child", node, node.get_index())
			BridgeSceneAccess.add_owner_ops(ur, BridgeSceneAccess.owner_pairs(node), true)
			ur.add_undo_reference(node)
	ur.add_undo_method(parent, "remove_child", out_node)
	ur.commit_action()
	var out := BridgeMeshDescribe.describe(merged)
	out["path"] = BridgeSceneAccess.path_of(out_node)
	out["merged"] = p.nodes
	return out
