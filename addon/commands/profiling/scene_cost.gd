@tool
extends "../../core/command_group.gd"
## profiling.scene_cost: what a scene will cost to render and simulate, counted statically in the editor
## (no game needed): nodes, meshes, surfaces, triangles, materials, lights and shadows, particles,
## physics shapes, scripts, and the heaviest nodes. Instanced scenes are counted inside.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")


func commands() -> Array:
	return [
		{
			"method": "profiling.scene_cost",
			"summary": "Static render/physics cost of a scene (the open one or a file): nodes, visible meshes, surfaces (≈ draw calls), triangles, unique materials, lights and shadow casters, particles, shapes, scripts; heaviest nodes first.",
			"params": [
				opt("path", "string", "Scene file (default: the open scene, as it is now)", ""),
				opt("top", "int", "How many of the heaviest mesh nodes to list", 10, {"min": 0, "max": 100}),
			],
			"example": {"path": "res://scenes/main.tscn", "top": 3},
			"read_only": true,
			"returns": {"scene": "string", "counts": {"nodes": "int", "scripts": "int", "canvas_items_visible": "int", "meshes_visible": "int",
					"surfaces": "int", "triangles": "int", "multimesh_instances": "int", "lights": "int", "shadow_casting_lights": "int",
					"particle_systems": "int", "particles": "int", "collision_shapes": "int", "physics_bodies": "int", "max_depth": "int"},
					"unique_materials": "int", "draw_calls_estimate": "int", "note": "string",
					"heaviest": [{"node": "string", "type": "string", "triangles": "int", "surfaces": "int", "copies": "int"}]},
			"handler": _scene_cost,
		},
	]


func _scene_cost(bc: BridgeCall) -> Variant:
	var p := bc.params
	var root: Node
	var free := false
	if p.path == "":
		var r: Variant = BridgeSceneAccess.require_root()
		if r is BridgeError:
			return r
		root = r
	else:
		if not p.path.begins_with("res://") or not p.path.get_extension() in ["tscn", "scn"] or not ResourceLoader.exists(p.path):
			return bc.not_found("no scene file at '%s'" % p.path, {"param": "path"})
		var packed := load(p.path) as PackedScene
		root = packed.instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE) if packed else null
		if root == null:
			return bc.failed("%s cannot be instantiated" % p.path)
		free = true
	var c := {"nodes": 0, "scripts": 0, "canvas_items_visible": 0, "meshes_visible": 0, "surfaces": 0, "triangles": 0,
			"multimesh_instances": 0, "lights": 0, "shadow_casting_lights": 0, "particle_systems": 0, "particles": 0,
			"collision_shapes": 0, "physics_bodies": 0, "max_depth": 0}
	var materials := {}
	var heavy: Array = []
	_visit(root, root, 0, c, materials, heavy)
	heavy.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.triangles > b.triangles)
	var out := {"scene": root.scene_file_path if p.path == "" else p.path, "counts": c, "unique_materials": materials.size(),
			"draw_calls_estimate": c.surfaces + c.canvas_items_visible + c.particle_systems,
			"heaviest": heavy.slice(0, p.top),
			"note": "counted from the scene as saved/edited, before culling and batching; profiling.monitors reads the live numbers"}
	if free:
		root.free()
	return out


func _visit(root: Node, node: Node, depth: int, c: Dictionary, materials: Dictionary, heavy: Array) -> void:
	c.nodes += 1
	c.max_depth = maxi(c.max_depth, depth)
	if node.get_script():
		c.scripts += 1
	var visible: bool = node.is_visible_in_tree() if (node is CanvasItem or node is Node3D) and node.is_inside_tree() \
			else _visible_apart(node)
	if node is CanvasItem and visible and not node is CanvasLayer:
		c.canvas_items_visible += 1
	if node is GeometryInstance3D and visible:
		_geometry(root, node, c, materials, heavy)
	if node is Light3D or node is Light2D:
		c.lights += 1
		if node.shadow_enabled:
			c.shadow_casting_lights += 1
	if node is GPUParticles2D or node is GPUParticles3D or node is CPUParticles2D or node is CPUParticles3D:
		c.particle_systems += 1
		c.particles += node.amount
	if node is CollisionShape2D or node is CollisionShape3D or node is CollisionPolygon2D or node is CollisionPolygon3D:
		c.collision_shapes += 1
	if node is PhysicsBody2D or node is PhysicsBody3D or node is Area2D or node is Area3D:
		c.physics_bodies += 1
	for child in node.get_children():
		_visit(root, child, depth + 1, c, materials, heavy)


func _geometry(root: Node, node: GeometryInstance3D, c: Dictionary, materials: Dictionary, heavy: Array) -> void:
	var mesh: Mesh = null
	var copies := 1
	if node is MeshInstance3D:
		mesh = node.mesh
	elif node is MultiMeshInstance3D and node.multimesh:
		mesh = node.multimesh.mesh
		copies = node.multimesh.visible_instance_count if node.multimesh.visible_instance_count >= 0 else node.multimesh.instance_count
		c.multimesh_instances += copies
	if node.material_override:
		materials[node.material_override] = true
	if mesh == null:
		return
	c.meshes_visible += 1
	c.surfaces += mesh.get_surface_count()
	var tris := 0
	for s in mesh.get_surface_count():
		var m: Material = node.material_override
		if m == null and node is MeshInstance3D:
			m = node.get_surface_override_material(s)
		if m == null:
			m = mesh.surface_get_material(s)
		if m:
			materials[m] = true
		tris += _surface_triangles(mesh, s)
	tris *= copies
	c.triangles += tris
	heavy.append({"node": "." if node == root else str(root.get_path_to(node)), "type": node.get_class(), "triangles": tris,
			"surfaces": mesh.get_surface_count(), "copies": copies})


static func _surface_triangles(mesh: Mesh, s: int) -> int:
	if mesh is ArrayMesh or mesh is PrimitiveMesh:
		var arrays: Array = mesh.surface_get_arrays(s)
		var indices: Variant = arrays[Mesh.ARRAY_INDEX]
		var count: int = indices.size() if indices != null and indices.size() > 0 else (arrays[Mesh.ARRAY_VERTEX].size() if arrays[Mesh.ARRAY_VERTEX] != null else 0)
		return floori(count / 3.0)
	return 0


## Visibility of a node outside the tree (a scene file instantiated apart): its own flag and its parents'.
static func _visible_apart(node: Node) -> bool:
	var n: Node = node
	while n:
		if (n is CanvasItem or n is Node3D) and not n.visible:
			return false
		n = n.get_parent()
	return true
