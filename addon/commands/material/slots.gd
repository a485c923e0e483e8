@tool
extends "../../core/command_group.gd"
## material.*, materials on nodes: put a material (a file, or a new one with properties) into a node's
## slot, change the properties of the material a node uses, and save a node's own material as a file
## the node then uses. Each change to the scene is one undoable action.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeObjectProps := preload("../../lib/object_props.gd")
const BridgeMaterialSlots := preload("lib/material_slots.gd")

## The sweeps' setup: the examples' Crate (main.tscn has none), a MeshInstance3D with a box.
const CRATE := {"method": "node.add", "params": {"type": "MeshInstance3D", "name": "Crate", "properties": {"mesh": {"class": "BoxMesh"}}}}
const CRATE_MATERIAL := {"method": "material.assign", "params": {"node_path": "/root/Main/Crate", "properties": {"roughness": 0.5}}}


func commands() -> Array:
	var slot_params := [
		choice("slot", BridgeMaterialSlots.SLOTS, "auto (CanvasItem: material; MeshInstance3D: surface override; CSG: material; else material_override), override, overlay, surface, mesh (the mesh's own surface), canvas", "auto"),
		opt("surface", "int", "Surface index for slots surface and mesh", 0, {"min": 0}),
	]
	return [
		{
			"method": "material.assign",
			"idempotent": true,
			"summary": "Put a material into a node's slot: a material file, or a new material of a type with properties (\"\" clears the slot).",
			"params": [node_param("node_path", "Node that gets the material")] + slot_params + [
				opt("material", "string", "Material file to use, or \"\" to clear (default: a new material)"),
				choice("type", ["auto"] + BridgeMaterialSlots.TYPES.keys(), "Type of a new material (auto: canvas_item for 2D nodes, else standard)", "auto"),
				properties_param("properties", "Properties of a new material"),
			],
			"example": {"node_path": "/root/Main/Crate", "type": "standard", "properties": {"albedo_color": "#c0392b"}},
			"example_setup": [CRATE],
			# a material's render_priority stays within -128..127: the engine logs an error and keeps 0
			"example_refused": {"properties": {"render_priority": 999}},
			"returns": {"node_path": "string", "slot": "string", "material": "Dictionary|null"},
			"undo": "scene",
			"handler": _assign,
		},
		{
			"method": "material.set",
			"idempotent": true,
			"summary": "Change properties of the material in a node's slot (undoable); returns the values read back.",
			"params": [node_param("node_path", "Node whose material to change")] + slot_params + [
				properties_param("properties", "Properties, e.g. {\"emission_enabled\": true, \"emission\": \"#ffaa00\"}", true),
			],
			"example": {"node_path": "/root/Main/Crate", "properties": {"roughness": 0.3, "metallic": 0.8}},
			"example_setup": [CRATE, CRATE_MATERIAL],
			"example_refused": {"properties": {"render_priority": 999}},
			"returns": {"node_path": "string", "slot": "string", "class": "string", "path": "string", "values": "Dictionary"},
			"undo": "scene",
			"handler": _set_props,
		},
		{
			"method": "material.save",
			"idempotent": true,
			"summary": "Save the material in a node's slot as a .tres file, and make the slot use that file (so other nodes can share it).",
			"params": [node_param("node_path", "Node whose material to save")] + slot_params + [
				file_param("path", "File to write, e.g. res://materials/crate.tres", ["tres", "res", "material"], false),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"node_path": "/root/Main/Crate", "path": "res://materials/crate.tres"},
			"example_setup": [CRATE, CRATE_MATERIAL],
			# the file is written (it stays on undo); the slot's switch to it is the scene's undo step
			"returns": {"node_path": "string", "slot": "string", "path": "string"},
			"undo": "scene",
			"handler": _save,
		},
	]


func _assign(c: BridgeCall) -> Variant:
	var p := c.params
	var ctx: Variant = _slot(p)
	if ctx is BridgeError:
		return ctx
	var node: Node = ctx[0]
	var slot: Dictionary = ctx[1]
	var mat: Material = null
	if p.has("material"):
		if p.type != "auto" or not p.properties.is_empty():
			return c.invalid("type and properties make a new material; leave them out with material", {"param": "type"})
		if p.material != "":
			var res: Resource = load(p.material) if p.material.begins_with("res://") and ResourceLoader.exists(p.material) else null
			if not res is Material:
				return c.not_found("no material file at %s" % p.material, {"param": "material"})
			mat = res
	else:
		mat = BridgeMaterialSlots.new_material(p.type, node)
		if node is CanvasItem and not mat is CanvasItemMaterial and not mat is ShaderMaterial:
			return c.invalid("a %s takes a canvas_item or shader material, not %s" % [node.get_class(), p.type],
					{"param": "type"})
		var bad: Variant = BridgeObjectProps.apply_new(mat, p.properties, "material.assign")
		if bad:
			return bad
	var ur := BridgeSceneAccess.action(c.step, "assign material to %s" % node.name)
	BridgeMaterialSlots.add_set_ops(ur, slot, mat)
	ur.commit_action()
	var now := BridgeMaterialSlots.current(slot)
	if now != mat:
		return c.failed("%s did not take the material in %s" % [BridgeSceneAccess.path_of(node), slot.label])
	return {"node_path": BridgeSceneAccess.path_of(node), "slot": slot.label,
			"material": null if now == null else {"class": now.get_class(), "path": now.resource_path,
			"properties": BridgeMaterialSlots.changed_properties(now)}}


func _set_props(c: BridgeCall) -> Variant:
	var p := c.params
	var ctx: Variant = _slot(p)
	if ctx is BridgeError:
		return ctx
	var mat := BridgeMaterialSlots.current(ctx[1])
	if mat == null:
		return c.failed("%s has no material in %s: give it one with material.assign" % [BridgeSceneAccess.path_of(ctx[0]), ctx[1].label])
	var values: Variant = BridgeObjectProps.coerce_all(mat, p.properties, "material.set")
	if values is BridgeError:
		return values
	var ur := BridgeSceneAccess.action(c.step, "set material of %s" % ctx[0].name)
	BridgeObjectProps.add_ops(ur, mat, values)
	ur.commit_action()
	return {"node_path": BridgeSceneAccess.path_of(ctx[0]), "slot": ctx[1].label, "class": mat.get_class(), "path": mat.resource_path,
			"values": BridgeObjectProps.read(mat, values.keys())}


func _save(c: BridgeCall) -> Variant:
	var p := c.params
	var ctx: Variant = _slot(p)
	if ctx is BridgeError:
		return ctx
	var mat := BridgeMaterialSlots.current(ctx[1])
	if mat == null:
		return c.failed("%s has no material in %s to save" % [BridgeSceneAccess.path_of(ctx[0]), ctx[1].label])
	var copy: Material = mat.duplicate()
	var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(p.path.get_base_dir()))
	if err == OK:
		err = ResourceSaver.save(copy, p.path)
	if err != OK:
		return c.failed("could not write %s: %s" % [p.path, error_string(err)], {"path": p.path})
	copy.take_over_path(p.path)
	EditorInterface.get_resource_filesystem().update_file(p.path)
	var ur := BridgeSceneAccess.action(c.step, "save material of %s" % ctx[0].name)
	BridgeMaterialSlots.add_set_ops(ur, ctx[1], copy)
	ur.commit_action()
	return {"node_path": BridgeSceneAccess.path_of(ctx[0]), "slot": ctx[1].label, "path": BridgeMaterialSlots.current(ctx[1]).resource_path}


## [node, resolved slot] or a BridgeError.
func _slot(p: Dictionary) -> Variant:
	var node: Node = p.node_path
	var slot: Variant = BridgeMaterialSlots.resolve(node, p.slot, p.surface)
	return slot if slot is BridgeError else [node, slot]
