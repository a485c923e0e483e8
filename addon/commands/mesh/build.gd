@tool
extends "../../core/command_group.gd"
## mesh.*, making meshes: a MeshInstance3D with a primitive mesh (box, sphere, …) sized by its properties,
## or with a mesh generated from vertex arrays through SurfaceTool (normals generated when not given).

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgeObjectProps := preload("../../lib/object_props.gd")
const BridgeMeshDescribe := preload("../../lib/mesh_describe.gd")

const SHAPES := {"box": "BoxMesh", "sphere": "SphereMesh", "capsule": "CapsuleMesh", "cylinder": "CylinderMesh",
		"plane": "PlaneMesh", "prism": "PrismMesh", "torus": "TorusMesh", "quad": "QuadMesh"}
const PRIMITIVES := {"triangles": Mesh.PRIMITIVE_TRIANGLES, "triangle_strip": Mesh.PRIMITIVE_TRIANGLE_STRIP,
		"lines": Mesh.PRIMITIVE_LINES, "line_strip": Mesh.PRIMITIVE_LINE_STRIP, "points": Mesh.PRIMITIVE_POINTS}
## lib/mesh_describe.gd's description of a mesh (a new mesh node's result adds its "path").
const DESCRIBED := {"class": "string", "resource_path": "string",
		"aabb": {"position": "Vector3", "size": "Vector3", "end": "Vector3"}, "surface_count": "int", "vertex_count": "int",
		"triangle_count": "int", "surfaces": [{"vertices": "int", "indices": "int", "primitive": "string", "material": "Dictionary|null"}]}


func commands() -> Array:
	return [
		{
			"method": "mesh.add",
			"summary": "Add a MeshInstance3D with a primitive mesh (box, sphere, capsule, cylinder, plane, prism, torus, quad) sized by its properties.",
			"params": [
				choice("shape", SHAPES.keys(), "Primitive"),
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: MeshInstance3D, made unique)"),
				_mesh_map(),
				opt("position", "Vector3", "Position", [0, 0, 0]),
				opt("material", "string", "Material file for the mesh"),
			],
			"example": {"shape": "box", "parent": "/root/Main", "name": "Wall", "mesh": {"size": [4, 2, 0.5]}, "position": [0, 1, -3]},
			# a BoxMesh has no negative subdivisions: the engine keeps 0
			"example_refused": {"mesh": {"subdivide_width": -5}},
			"returns": DESCRIBED.merged({"path": "string", "mesh_properties": "Dictionary"}),
			"undo": "scene",
			"handler": _add,
		},
		{
			"method": "mesh.from_arrays",
			"summary": "Add a MeshInstance3D with a mesh generated from vertices (and optional indices, normals, UVs, colours) via SurfaceTool.",
			"params": [
				req("vertices", "Array", "Vertices [[x, y, z], …] (clockwise triangles face you)", {"items": ["float"]}),
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: MeshInstance3D, made unique)"),
				opt("indices", "Array", "Vertex indices (3 per triangle for triangles)", null, {"items": "int"}),
				opt("normals", "Array", "One normal per vertex (default: generated for triangles)", null, {"items": ["float"]}),
				opt("uvs", "Array", "One [u, v] per vertex", null, {"items": ["float"]}),
				opt("colors", "Array", "One colour per vertex", null, {"items": "any"}),
				choice("primitive", PRIMITIVES.keys(), "Primitive type", "triangles"),
				opt("position", "Vector3", "Position", [0, 0, 0]),
			],
			"example": {"parent": "/root/Main", "name": "Ramp", "vertices": [[0, 0, 0], [2, 0, 0], [0, 1, 2], [2, 1, 2]],
					"indices": [0, 2, 1, 1, 2, 3]},
			"returns": DESCRIBED.merged({"path": "string"}),
			"undo": "scene",
			"handler": _from_arrays,
		},
	]


## mesh.add's `mesh`: the primitive's property map, with the primitives' own property names as its nested
## keys, so a `size` or `radius` given beside it (not inside it) is pointed inside it.
func _mesh_map() -> Dictionary:
	var spec := properties_param("mesh", "Properties of the primitive, e.g. {\"size\": [2, 1, 2]} or {\"radius\": 0.5, \"height\": 1}")
	var keys: Array = []
	for cls: String in SHAPES.values():
		for info: Dictionary in ClassDB.class_get_property_list(cls, true):
			if info.usage & PROPERTY_USAGE_EDITOR and not info.name in keys and not info.name in ["position", "material", "name"]:
				keys.append(info.name)
	spec["keys"] = keys
	return spec


func _add(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var mesh: PrimitiveMesh = ClassDB.instantiate(SHAPES[p.shape])
	var bad: Variant = BridgeObjectProps.apply_new(mesh, p.mesh, "mesh.add")
	if bad:
		bad.data["param"] = "mesh"  # the primitive's property map is this command's `mesh`
		return bad
	if p.has("material"):
		var mat: Resource = load(p.material) if p.material.begins_with("res://") and ResourceLoader.exists(p.material) else null
		if not mat is Material:
			return c.not_found("no material file at %s" % p.material, {"param": "material"})
		mesh.material = mat
	var node := MeshInstance3D.new()
	node.mesh = mesh
	node.position = p.position
	BridgeSceneEdit.add(c.step, "add %s" % SHAPES[p.shape], parent, node, p.name)
	var out := BridgeMeshDescribe.describe(mesh)
	out.merge({"path": BridgeSceneAccess.path_of(node), "mesh_properties": BridgeObjectProps.read(mesh, p.mesh.keys())})
	return out


func _from_arrays(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var count: int = p.vertices.size()
	var columns := {}
	for key: String in ["vertices", "normals", "uvs", "colors"]:
		if not p.has(key):
			continue
		var type: String = {"vertices": "Vector3", "normals": "Vector3", "uvs": "Vector2", "colors": "Color"}[key]
		if p[key].size() != count:
			return c.invalid("%s has %d entries for %d vertices" % [key, p[key].size(), count], {"param": key})
		var values: Array = []
		for i in count:
			var v: Variant = BridgeParams.convert_value({"type": type}, p[key][i])
			if v is BridgeError:
				return c.invalid("%s[%d] %s" % [key, i, v.message], {"param": key})
			values.append(v)
		columns[key] = values
	var primitive: int = PRIMITIVES[p.primitive]
	var indices: Array = p.get("indices", [])
	for i: Variant in indices:
		if not (i is int or i is float) or i != floorf(i) or i < 0 or i >= count:
			return c.invalid("index %s is not a vertex index 0..%d" % [JSON.stringify(i), count - 1], {"param": "indices"})
	var drawn: int = indices.size() if not indices.is_empty() else count
	if count == 0 or (primitive == Mesh.PRIMITIVE_TRIANGLES and drawn % 3 != 0) or (primitive == Mesh.PRIMITIVE_LINES and drawn % 2 != 0):
		return c.invalid("%d %s do not make whole %s" % [drawn, "indices" if indices else "vertices", p.primitive],
				{"param": "indices" if indices else "vertices"})
	var st := SurfaceTool.new()
	st.begin(primitive)
	for i in count:
		if columns.has("normals"):
			st.set_normal(columns.normals[i])
		if columns.has("uvs"):
			st.set_uv(columns.uvs[i])
		if columns.has("colors"):
			st.set_color(columns.colors[i])
		st.add_vertex(columns.vertices[i])
	for i: Variant in indices:
		st.add_index(int(i))
	if primitive == Mesh.PRIMITIVE_TRIANGLES and not columns.has("normals"):
		st.generate_normals()
	if columns.has("uvs") and primitive == Mesh.PRIMITIVE_TRIANGLES:
		st.generate_tangents()
	var mesh := st.commit()
	var node := MeshInstance3D.new()
	node.mesh = mesh
	node.position = p.position
	BridgeSceneEdit.add(c.step, "add generated mesh", parent, node, p.name)
	var out := BridgeMeshDescribe.describe(mesh)
	out["path"] = BridgeSceneAccess.path_of(node)
	return out
