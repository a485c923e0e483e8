@tool
extends "../../core/command_group.gd"
## csg.*: build constructive solid geometry — add CSG shapes (or a combiner) with their operation, size
## and transform, group shapes under a new combiner, and bake a CSG tree into a static mesh (plus an
## optional collider) for shipping.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeObjectProps := preload("../../lib/object_props.gd")
const BridgeMeshDescribe := preload("../../lib/mesh_describe.gd")
const BridgeCompat := preload("../../core/compat.gd")

const SHAPES := {"box": "CSGBox3D", "sphere": "CSGSphere3D", "cylinder": "CSGCylinder3D", "torus": "CSGTorus3D",
		"polygon": "CSGPolygon3D", "mesh": "CSGMesh3D", "combiner": "CSGCombiner3D"}
const OPERATIONS := ["union", "intersection", "subtraction"]


func commands() -> Array:
	return [
		{
			"method": "csg.add",
			"summary": "Add a CSG shape (box, sphere, cylinder, torus, polygon, mesh) or combiner with its operation on its parent shape, size properties and position.",
			"params": [
				choice("shape", SHAPES.keys(), "Shape"),
				node_param("parent", "Parent (a CSG shape to combine with, or any node for a new CSG tree)", false, ""),
				new_name_param("name", "Node name (default: the class name, made unique)"),
				choice("operation", OPERATIONS, "How it combines with the shapes before it", "union"),
				properties_param("properties", "Shape properties, e.g. {\"size\": [2, 1, 2]}, {\"radius\": 0.5}, {\"polygon\": [[0,0],[1,0],[0,1]], \"depth\": 2}"),
				opt("position", "Vector3", "Position", [0, 0, 0]),
				opt("use_collision", "bool", "Give the (root) shape a collider", false),
			],
			"example": {"shape": "box", "parent": "/root/Main", "name": "Block", "properties": {"size": [4, 2, 4]}, "use_collision": true},
			# a GeometryInstance3D's lod_bias must be >= 0: the engine logs an error and keeps 1
			"example_refused": {"properties": {"lod_bias": -1}},
			"returns": {"path": "string", "type": "string", "operation": "string", "root_shape": "bool", "properties": "Dictionary"},
			"undo": "scene",
			"handler": _add,
		},
		{
			"method": "csg.combine",
			"summary": "Group CSG shapes under a new CSGCombiner3D (keeping their global transforms), so they combine with each other first.",
			"params": [
				nodes_param("nodes", "CSG shape node paths (same parent)", true, "CSGShape3D"),
				opt("name", "string", "Combiner name", "Combiner"),
				choice("operation", OPERATIONS, "The combiner's own operation", "union"),
			],
			"example": {"nodes": ["/root/Main/Block/Hole"], "name": "Cuts", "operation": "subtraction"},
			"example_setup": [
				{"method": "csg.add", "params": {"shape": "box", "parent": "/root/Main", "name": "Block", "properties": {"size": [4, 2, 4]}}},
				{"method": "csg.add", "params": {"shape": "cylinder", "parent": "/root/Main/Block", "name": "Hole", "operation": "subtraction",
						"properties": {"radius": 1, "height": 3}}},
			],
			"returns": {"path": "string", "operation": "string", "children": ["string"]},
			"undo": "scene",
			"handler": _combine,
		},
		{
			"method": "csg.bake",
			"since": "4.4",  # CSGShape3D.bake_static_mesh
			"summary": "Bake a CSG tree into a MeshInstance3D with a static mesh (and optionally a StaticBody3D collider); optionally save the mesh and remove the CSG tree.",
			"params": [
				node_param("node_path", "Root CSG shape of the tree", true, null, "CSGShape3D"),
				opt("name", "string", "Name of the baked node (default: <name>Baked)", ""),
				opt("collision", "bool", "Also add a StaticBody3D with the baked collision shape", false),
				opt("path", "string", "Also save the baked mesh to this file", null, {"writes_path": true, "also": ["mesh_path"]}),
				opt("replace", "bool", "Remove the CSG tree in the same action", false),
			],
			"example": {"node_path": "/root/Main/Block", "collision": true},
			"example_setup": [{"method": "csg.add", "params": {"shape": "box", "parent": "/root/Main", "name": "Block",
					"properties": {"size": [4, 2, 4]}}}],
			"returns": {"path": "string", "collision": "string|null", "replaced": "bool", "class": "string", "resource_path": "string",
					"aabb": {"position": "Array", "size": "Array", "end": "Array"}, "surface_count": "int", "vertex_count": "int",
					"triangle_count": "int", "surfaces": "Array"},
			# the scene edit is one undo step; a path file, when asked for, is written outside it
			"undo": "scene",
			"handler": _bake,
		},
	]


func _add(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var node: CSGShape3D = ClassDB.instantiate(SHAPES[p.shape])
	var bad: Variant = BridgeObjectProps.apply_new(node, p.properties, "csg.add")
	if bad:
		node.free()
		return bad
	node.operation = OPERATIONS.find(p.operation) as CSGShape3D.Operation
	node.position = p.position
	node.use_collision = p.use_collision
	BridgeSceneEdit.add(c.step, "add %s" % node.get_class(), parent, node, p.name)
	return {"path": BridgeSceneAccess.path_of(node), "type": node.get_class(), "operation": OPERATIONS[node.operation],
			"root_shape": node.is_root_shape(), "properties": BridgeObjectProps.read(node, p.properties.keys())}


func _combine(bc: BridgeCall) -> Variant:
	var p := bc.params
	var nodes: Array = []
	for node: CSGShape3D in p.nodes:
		if not nodes.is_empty() and node.get_parent() != nodes[0].get_parent():
			return bc.invalid("%s and %s have different parents" % [BridgeSceneAccess.path_of(nodes[0]),
					BridgeSceneAccess.path_of(node)], {"param": "nodes"})
		if node in nodes:
			return bc.invalid("%s is listed twice" % BridgeSceneAccess.path_of(node), {"param": "nodes"})
		nodes.append(node)
	var parent: Node = nodes[0].get_parent()
	var bad: Variant = BridgeSceneEdit.check_name(parent, p.name)
	if bad is BridgeError:
		return bad
	nodes.sort_custom(func(a: Node, b: Node) -> bool: return a.get_index() < b.get_index())
	var combiner := CSGCombiner3D.new()
	combiner.name = p.name
	combiner.operation = OPERATIONS.find(p.operation) as CSGShape3D.Operation
	var ur := BridgeSceneAccess.action(bc.step, "combine %d CSG shapes" % nodes.size())
	# undo takes the combiner out first, so the shapes go back to their old indices among their old siblings only
	BridgeSceneEdit.add_to_action(ur, parent, combiner)
	ur.add_do_method(parent, "move_child", combiner, nodes[0].get_index())
	for node: Node3D in nodes:
		var owners := BridgeSceneAccess.owner_pairs(node)
		ur.add_do_method(parent, "remove_child", node)
		ur.add_do_method(combiner, "add_child", node, true)
		BridgeSceneAccess.add_owner_ops(ur, owners, false)
		ur.add_do_property(node, "transform", node.transform)
	for node: Node3D in nodes:
		ur.add_undo_method(combiner, "remove_child", node)
	for node: Node3D in nodes:
		ur.add_undo_method(parent, "add_child", node, true)
		ur.add_undo_method(parent, "move_child", node, node.get_index())
		BridgeSceneAccess.add_owner_ops(ur, BridgeSceneAccess.owner_pairs(node), true)
	ur.commit_action()
	return {"path": BridgeSceneAccess.path_of(combiner), "operation": p.operation,
			"children": combiner.get_children().map(func(c: Node) -> String: return BridgeSceneAccess.path_of(c))}


func _bake(c: BridgeCall) -> Variant:
	var p := c.params
	var node: CSGShape3D = p.node_path
	if not node.is_root_shape():
		return c.invalid("%s is inside a CSG tree; bake its root shape" % BridgeSceneAccess.path_of(node), {"param": "node_path"})
	var name: String = p.name if p.name != "" else str(node.name) + "Baked"
	if node == BridgeSceneAccess.root():
		# the baked node goes beside the tree, and the root has no parent in the scene
		return c.invalid("%s is the scene's root; the baked node needs a parent in the scene" % BridgeSceneAccess.path_of(node),
				{"param": "node_path"})
	var parent: Node = node.get_parent()
	var bad: Variant = BridgeSceneEdit.check_name(parent, name)
	if bad is BridgeError:
		return bad
	if p.has("path") and not p.path.get_extension() in ["tres", "res", "mesh"]:
		return c.invalid("path must end in .tres, .res or .mesh", {"param": "path"})
	var mesh: ArrayMesh = BridgeCompat.csg_bake_mesh(node)
	if mesh == null or mesh.get_surface_count() == 0:
		return c.failed("%s produced no geometry to bake (is every shape subtracted away?)" % BridgeSceneAccess.path_of(node))
	var shape: Shape3D = BridgeCompat.csg_bake_collision(node) if p.collision else null
	if p.collision and shape == null:
		return c.failed("%s produced no collision shape" % BridgeSceneAccess.path_of(node))
	if p.has("path"):
		var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(p.path.get_base_dir()))
		if err == OK:
			err = ResourceSaver.save(mesh, p.path)
		if err != OK:
			return c.failed("could not write %s: %s" % [p.path, error_string(err)], {"path": p.path})
		mesh.take_over_path(p.path)
		EditorInterface.get_resource_filesystem().update_file(p.path)
	var baked := MeshInstance3D.new()
	baked.name = name
	baked.mesh = mesh
	baked.transform = node.transform
	if shape:
		var body := StaticBody3D.new()
		body.name = "StaticBody3D"
		var col := CollisionShape3D.new()
		col.name = "CollisionShape3D"
		col.shape = shape
		body.add_child(col)
		baked.add_child(body)
	var root := BridgeSceneAccess.root()
	var ur := BridgeSceneAccess.action(c.step, "bake %s" % node.name)
	BridgeSceneEdit.add_to_action(ur, parent, baked)
	ur.add_do_method(parent, "move_child", baked, node.get_index() + 1)
	if p.replace and node != root:
		ur.add_do_method(parent, "remove_child", node)
		ur.add_undo_method(parent, "add_child", node, true)
		ur.add_undo_method(parent, "move_child", node, node.get_index())
		BridgeSceneAccess.add_owner_ops(ur, BridgeSceneAccess.owner_pairs(node), true)
		ur.add_undo_reference(node)
	ur.commit_action()
	var out := BridgeMeshDescribe.describe(mesh)
	out.merge({"path": BridgeSceneAccess.path_of(baked), "collision": shape.get_class() if shape else null,
			"replaced": p.replace and node != root})
	return out
