@tool
extends RefCounted
## A mesh described for results: bounds, surfaces with vertex and index counts, primitive and material.
## Shared by the mesh, csg and gridmap commands. `const BridgeMeshDescribe := preload("../../lib/mesh_describe.gd")`.

const PRIMITIVE_NAMES := ["points", "lines", "line_strip", "triangles", "triangle_strip"]


static func describe(mesh: Mesh) -> Dictionary:
	var surfaces: Array = []
	var vertices := 0
	var triangles := 0
	for s in mesh.get_surface_count():
		var arrays := mesh.surface_get_arrays(s)
		var v: int = arrays[Mesh.ARRAY_VERTEX].size() if arrays[Mesh.ARRAY_VERTEX] != null else 0
		var idx: int = arrays[Mesh.ARRAY_INDEX].size() if arrays[Mesh.ARRAY_INDEX] != null else 0
		var prim: int = mesh.surface_get_primitive_type(s) if mesh is ArrayMesh else Mesh.PRIMITIVE_TRIANGLES
		var mat := mesh.surface_get_material(s)
		vertices += v
		if prim == Mesh.PRIMITIVE_TRIANGLES:
			triangles += floori((idx if idx > 0 else v) / 3.0)
		surfaces.append({"vertices": v, "indices": idx, "primitive": PRIMITIVE_NAMES[prim],
				"material": null if mat == null else {"class": mat.get_class(), "path": mat.resource_path}})
	return {"class": mesh.get_class(), "resource_path": mesh.resource_path, "aabb": aabb(mesh.get_aabb()),
			"surface_count": mesh.get_surface_count(), "vertex_count": vertices, "triangle_count": triangles, "surfaces": surfaces}


static func aabb(box: AABB) -> Dictionary:
	return {"position": [box.position.x, box.position.y, box.position.z], "size": [box.size.x, box.size.y, box.size.z],
			"end": [box.end.x, box.end.y, box.end.z]}
