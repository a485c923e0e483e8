@tool
extends "../../core/command_group.gd"
## material.*, materials as files: write a new StandardMaterial3D / ORMMaterial3D / CanvasItemMaterial /
## ShaderMaterial .tres with its properties, edit a material file, and describe a material (file or slot).

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeObjectProps := preload("../../lib/object_props.gd")
const BridgeMaterialSlots := preload("lib/material_slots.gd")

## What _describe returns.
const DESCRIBED := {"class": "string", "path": "string", "properties": "Dictionary"}
## The sweeps' setup for the commands that read or change the example material file.
const ROCK := {"method": "material.create", "params": {"path": "res://materials/rock.tres", "properties": {"roughness": 0.9}}}


func commands() -> Array:
	return [
		{
			"method": "material.create",
			"summary": "Write a new material file (.tres) of a type with its properties, each checked against the material's property types.",
			"params": [
				file_param("path", "New file, e.g. res://materials/rock.tres", ["tres", "res", "material"], false),
				choice("type", BridgeMaterialSlots.TYPES.keys(), "Material class", "standard"),
				properties_param("properties", "Properties, e.g. {\"albedo_color\": \"#808080\", \"roughness\": 0.9, \"albedo_texture\": \"res://rock.png\"}"),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://materials/rock.tres", "type": "standard", "properties": {"albedo_color": "#7a6a58", "roughness": 0.9}},
			# a material's render_priority stays within -128..127: the engine logs an error and keeps 0
			"example_refused": {"properties": {"render_priority": 999}},
			"returns": DESCRIBED,
			"undo": "none",
			"handler": _create,
		},
		{
			"method": "material.edit_file",
			"summary": "Change properties of a material file and save it (every scene using it sees the change; the file is written, not undoable).",
			"params": [
				req("path", "string", "Material file", {"writes_path": true}),
				properties_param("properties", "Properties to set", true),
			],
			"example": {"path": "res://materials/rock.tres", "properties": {"metallic": 0.2}},
			"example_setup": [ROCK],
			"example_refused": {"properties": {"render_priority": 999}},
			"returns": {"class": "string", "path": "string", "properties": "Dictionary", "set": "Dictionary"},
			"undo": "none",
			"handler": _edit_file,
		},
		{
			"method": "material.info",
			"summary": "Describe a material — its class, file and every property that differs from the default — from a file or a node's slot.",
			"params": [
				opt("path", "string", "Material file"),
				node_param("node_path", "Or: a node whose material to describe", false),
				choice("slot", BridgeMaterialSlots.SLOTS, "Slot on the node (auto: the one the node type uses)",
						"auto"),
				opt("surface", "int", "Surface index for slots surface and mesh", 0, {"min": 0}),
			],
			"example": {"path": "res://materials/rock.tres"},
			"example_setup": [ROCK],
			# a file: the material itself; a node: its slot and the material in it (null when empty)
			"returns": {"class?": "string", "path?": "string", "properties?": "Dictionary", "node_path?": "string", "slot?": "string",
					"material?": "Dictionary|null"},
			"read_only": true,
			"handler": _info,
		},
	]


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var mat: Material = ClassDB.instantiate(BridgeMaterialSlots.TYPES[p.type])
	var bad: Variant = BridgeObjectProps.apply_new(mat, p.properties, "material.create")
	if bad:
		return bad
	var err: Variant = _save(mat, p.path)
	if err:
		return err
	return _describe(ResourceLoader.load(p.path, "", ResourceLoader.CACHE_MODE_REPLACE))


func _edit_file(c: BridgeCall) -> Variant:
	var p := c.params
	var mat: Variant = _load(p.path)
	if mat is BridgeError:
		return mat
	var values: Variant = BridgeObjectProps.coerce_all(mat, p.properties, "material.edit_file")
	if values is BridgeError:
		return values
	for key: String in values:
		mat.set(key, values[key])
	var err: Variant = _save(mat, p.path)
	if err:
		return err
	var out := _describe(mat)
	out["set"] = BridgeObjectProps.read(mat, values.keys())
	return out


func _info(c: BridgeCall) -> Variant:
	var p := c.params
	if p.has("path") == p.has("node_path"):
		return c.invalid("give path or node_path (one of them)", {"param": "path"})
	if p.has("path"):
		var loaded: Variant = _load(p.path)
		return loaded if loaded is BridgeError else _describe(loaded)
	var node: Node = p.node_path
	var slot: Variant = BridgeMaterialSlots.resolve(node, p.slot, p.surface)
	if slot is BridgeError:
		return slot
	var mat := BridgeMaterialSlots.current(slot)
	var out := {"node_path": BridgeSceneAccess.path_of(node), "slot": slot.label, "material": null}
	if mat:
		out["material"] = _describe(mat)
	return out


func _load(path: String) -> Variant:
	if not path.begins_with("res://") or not ResourceLoader.exists(path):
		return BridgeError.not_found("no material file at %s" % path, {"param": "path"})
	var res: Resource = load(path)
	if not res is Material:
		return BridgeError.invalid("%s is a %s, not a material" % [path, res.get_class() if res else "broken resource"], {"param": "path"})
	return res


func _save(mat: Material, path: String) -> Variant:
	var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	if err == OK:
		err = ResourceSaver.save(mat, path)
	if err != OK:
		return BridgeError.failed("could not write %s: %s" % [path, error_string(err)], {"path": path})
	EditorInterface.get_resource_filesystem().update_file(path)
	return null


func _describe(mat: Material) -> Dictionary:
	return {"class": mat.get_class(), "path": mat.resource_path,
			"properties": BridgeMaterialSlots.changed_properties(mat)}
