@tool
extends RefCounted
## Where a node keeps a material, named the way the inspector shows it: a CanvasItem's material, a
## GeometryInstance3D's material_override or material_overlay, a MeshInstance3D's per-surface override,
## a CSG shape's material, or the material stored on the mesh's own surface.
## `const BridgeMaterialSlots := preload("lib/material_slots.gd")`.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeSceneAccess := preload("../../../lib/scene_access.gd")

const SLOTS := ["auto", "override", "overlay", "surface", "mesh", "canvas"]
const TYPES := {"standard": "StandardMaterial3D", "orm": "ORMMaterial3D", "canvas_item": "CanvasItemMaterial",
		"shader": "ShaderMaterial"}


## {object, property, label, base: the Material class that fits} for the slot, or a BridgeError.
## The object is the node, or the mesh for slot "mesh" (property "surface:<n>": use get/set helpers below).
static func resolve(node: Node, slot: String, surface: int) -> Variant:
	var where := BridgeSceneAccess.path_of(node)
	if slot == "auto":
		if node is CanvasItem:
			slot = "canvas"
		elif node is MeshInstance3D:
			slot = "surface"
		elif node is CSGShape3D:
			slot = "csg"
		else:
			slot = "override"
	match slot:
		"canvas":
			if node is CanvasItem:
				return {"object": node, "property": "material", "label": "material", "base": "Material"}
		"csg":
			if node is CSGPrimitive3D or node is CSGPolygon3D or node is CSGMesh3D:
				return {"object": node, "property": "material", "label": "material", "base": "Material"}
			return BridgeError.invalid("%s (%s) has no material of its own; use slot override" % [where, node.get_class()],
					{"param": "slot"})
		"override", "overlay":
			if node is GeometryInstance3D:
				var prop := "material_override" if slot == "override" else "material_overlay"
				return {"object": node, "property": prop, "label": prop, "base": "Material"}
		"surface", "mesh":
			if node is MeshInstance3D:
				if node.mesh == null:
					return BridgeError.failed("%s has no mesh, so no surface %d" % [where, surface], {"param": "surface"})
				if surface >= node.mesh.get_surface_count():
					return BridgeError.invalid("%s's mesh has %d surfaces; there is no surface %d" % [where,
							node.mesh.get_surface_count(), surface], {"param": "surface"})
				if slot == "surface":
					var prop := "surface_material_override/%d" % surface
					return {"object": node, "property": prop, "label": prop, "base": "Material"}
				if node.mesh is PrimitiveMesh:
					return {"object": node.mesh, "property": "material", "label": "mesh material", "base": "Material"}
				return {"object": node.mesh, "surface": surface, "label": "mesh surface %d" % surface, "base": "Material"}
	return BridgeError.invalid("%s (%s) has no '%s' material slot" % [where, node.get_class(), slot], {"param": "slot"})


## The material in a resolved slot.
static func current(slot: Dictionary) -> Material:
	if slot.has("surface"):
		return slot.object.surface_get_material(slot.surface)
	return slot.object.get(slot.property)


## Adds do/undo operations putting `mat` (null: none) into a resolved slot.
static func add_set_ops(ur: EditorUndoRedoManager, slot: Dictionary, mat: Material) -> void:
	if slot.has("surface"):
		ur.add_do_method(slot.object, "surface_set_material", slot.surface, mat)
		ur.add_undo_method(slot.object, "surface_set_material", slot.surface, current(slot))
	else:
		ur.add_do_property(slot.object, slot.property, mat)
		ur.add_undo_property(slot.object, slot.property, current(slot))
	if mat:
		ur.add_do_reference(mat)


## A new material of a TYPES key, or of the kind that suits the node (2D: CanvasItemMaterial).
static func new_material(type: String, node: Node) -> Material:
	if type == "auto":
		type = "canvas_item" if node is CanvasItem else "standard"
	return ClassDB.instantiate(TYPES[type])


## The editor-visible properties of a material whose value differs from a fresh one of its class.
static func changed_properties(mat: Material) -> Dictionary:
	var fresh: Object = ClassDB.instantiate(mat.get_class())
	var out := {}
	for info: Dictionary in mat.get_property_list():
		if not info.usage & PROPERTY_USAGE_EDITOR or info.usage & (PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP):
			continue
		if info.name.begins_with("resource_"):
			continue
		var v: Variant = mat.get(info.name)
		if typeof(v) != typeof(fresh.get(info.name)) or v != fresh.get(info.name):
			out[info.name] = v
	return out
