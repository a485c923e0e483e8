@tool
extends "../../core/command_group.gd"
## gridmap.*, the MeshLibrary and the GridMap node: build a library from meshes (given, or the
## MeshInstance3D children of a node, like Scene → Export As → MeshLibrary), and add a GridMap that uses one.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeCoerce := preload("../../core/value_coercion.gd")

## One item of describe_items().
const ITEM := {"id": "int", "name": "string", "mesh": "string|null", "shapes": "int"}


func commands() -> Array:
	return [
		{
			"method": "gridmap.meshlib_create",
			"summary": "Build a MeshLibrary from meshes (primitive specs or mesh files) or from a node's MeshInstance3D children, with optional colliders; save it and/or give it to a GridMap.",
			"params": [
				opt("items", "Array", "Items in id order: [{name, mesh: \"res://m.tres\" or {\"class\": \"BoxMesh\", \"size\": [2, 2, 2]}}]", null, {"items": "Dictionary"}),
				node_param("from_node", "Or: a node whose MeshInstance3D children become items (named after them)", false),
				opt("collision", "bool", "Give each item a convex collision shape made from its mesh", false),
				file_param("path", "Save the library here (.tres/.res/.meshlib)", ["tres", "res", "meshlib"], false, false),
				opt("overwrite", "bool", "Replace an existing file at path", false),
				node_param("node_path", "GridMap that gets the library (undoable)", false, null, "GridMap"),
			],
			"example": {"items": [{"name": "floor", "mesh": {"class": "BoxMesh", "size": [2, 0.2, 2]}},
					{"name": "wall", "mesh": {"class": "BoxMesh", "size": [2, 2, 0.2]}}], "node_path": "/root/Main/Grid"},
			"example_setup": [{"method": "gridmap.create", "params": {"parent": "/root/Main", "name": "Grid"}}],
			# the GridMap's library is a scene edit; a library only saved to `path` is a file written (undoable: false)
			"undo": "scene",
			"returns": {"path": "string", "items": [ITEM], "node_path?": "string"},
			"handler": _meshlib_create,
		},
		{
			"method": "gridmap.create",
			"summary": "Add a GridMap with a MeshLibrary file (or none yet) and a cell size.",
			"params": [
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: GridMap, made unique)", ""),
				opt("mesh_library", "string", "MeshLibrary file"),
				opt("cell_size", "Vector3", "Cell size", [2, 2, 2]),
			],
			"example": {"parent": "/root/Main", "name": "Grid", "cell_size": [2, 2, 2]},
			"undo": "scene",
			"returns": {"path": "string", "cell_size": "Vector3", "items": [ITEM]},
			"handler": _create,
		},
	]


func _meshlib_create(c: BridgeCall) -> Variant:
	var p := c.params
	if p.has("items") == p.has("from_node"):
		return c.invalid("give items or from_node (one of them)", {"param": "items"})
	if not p.has("path") and not p.has("node_path"):
		return c.invalid("give path (save it), node_path (a GridMap gets it) or both", {"param": "path"})
	var grid: GridMap = p.get("node_path")
	var entries: Variant = _entries(p)
	if entries is BridgeError:
		return entries
	var lib := MeshLibrary.new()
	for i: int in entries.size():
		lib.create_item(i)
		lib.set_item_name(i, entries[i][0])
		lib.set_item_mesh(i, entries[i][1])
		lib.set_item_mesh_transform(i, entries[i][2])
		if p.collision:
			lib.set_item_shapes(i, [entries[i][1].create_convex_shape(), entries[i][2]])
	if p.has("path"):
		var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(p.path.get_base_dir()))
		if err == OK:
			err = ResourceSaver.save(lib, p.path)
		if err != OK:
			return c.failed("could not write %s: %s" % [p.path, error_string(err)], {"path": p.path})
		lib.take_over_path(p.path)
		EditorInterface.get_resource_filesystem().update_file(p.path)
	var out := {"path": lib.resource_path, "items": describe_items(lib)}
	if grid:
		var ur := BridgeSceneAccess.action(c.step, "set MeshLibrary of %s" % grid.name)
		ur.add_do_property(grid, "mesh_library", lib)
		ur.add_undo_property(grid, "mesh_library", grid.mesh_library)
		ur.commit_action()
		out["node_path"] = BridgeSceneAccess.path_of(grid)
	return out


## [[name, mesh, mesh transform], …] from items or from_node, or a BridgeError.
func _entries(p: Dictionary) -> Variant:
	var out: Array = []
	if p.has("from_node"):
		var node: Node = p.from_node
		for child: Node in node.get_children():
			if child is MeshInstance3D and child.mesh:
				out.append([str(child.name), child.mesh, Transform3D(child.transform.basis, Vector3.ZERO)])
		if out.is_empty():
			return BridgeError.failed("%s has no MeshInstance3D children with a mesh" % BridgeSceneAccess.path_of(node), {"param": "from_node"})
		return out
	if p.items.is_empty():
		return BridgeError.invalid("items is empty", {"param": "items"})
	for i: int in p.items.size():
		var item: Variant = p.items[i]
		if not item is Dictionary or not item.has("mesh"):
			return BridgeError.invalid("items[%d] must be {name, mesh}" % i, {"param": "items"})
		var mesh: Variant = BridgeCoerce.coerce(item.mesh, {"name": "items[%d].mesh" % i, "type": TYPE_OBJECT,
				"hint": PROPERTY_HINT_RESOURCE_TYPE, "hint_string": "Mesh"})
		if mesh is BridgeError:
			return mesh
		if mesh == null:
			return BridgeError.invalid("items[%d] has no mesh" % i, {"param": "items"})
		out.append([str(item.get("name", "item_%d" % i)), mesh, Transform3D.IDENTITY])
	return out


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var lib: Resource = null
	if p.has("mesh_library"):
		lib = load(p.mesh_library) if p.mesh_library.begins_with("res://") and ResourceLoader.exists(p.mesh_library) else null
		if not lib is MeshLibrary:
			return c.not_found("no MeshLibrary at %s" % p.mesh_library, {"param": "mesh_library"})
	if p.cell_size.x <= 0 or p.cell_size.y <= 0 or p.cell_size.z <= 0:
		return c.invalid("cell_size must be positive, got %s" % p.cell_size, {"param": "cell_size"})
	var grid := GridMap.new()  # made once the parameters are known good: nothing to free on a refusal
	grid.mesh_library = lib
	grid.cell_size = p.cell_size
	BridgeSceneEdit.add(c.step, "add GridMap", parent, grid, p.name)
	return {"path": BridgeSceneAccess.path_of(grid), "cell_size": grid.cell_size,
			"items": describe_items(grid.mesh_library) if grid.mesh_library else []}


static func describe_items(lib: MeshLibrary) -> Array:
	var out: Array = []
	for id in lib.get_item_list():
		var mesh := lib.get_item_mesh(id)
		out.append({"id": id, "name": lib.get_item_name(id), "mesh": mesh.get_class() if mesh else null,
				"shapes": lib.get_item_shapes(id).size() >> 1})
	return out
