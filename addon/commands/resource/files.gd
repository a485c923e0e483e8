@tool
extends "../../core/command_group.gd"
## resource.create / duplicate / extract / find: resource files made, copied (a fresh UID), pulled out of
## a node into a file of their own, and found by type. Written paths go through the router's path jail.

const BridgeResources := preload("lib/resource_files.gd")
const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgePropertyPath := preload("../../lib/property_path.gd")
const BridgeClassTypes := preload("../../core/class_types.gd")

## The sweeps' setup for the commands that read, copy or change the examples' resource file.
const RED := {"method": "resource.create", "params": {"path": "res://materials/red.tres", "type": "StandardMaterial3D",
		"properties": {"albedo_color": "#ff0000"}}}


func commands() -> Array:
	return [
		{
			"method": "resource.create",
			"summary": "Create a resource of any Resource class (or class_name resource script) with properties, save it and read it back.",
			"params": [
				req("path", "string", "File to create, .tres (text) or .res (binary)", {"writes_path": true}),
				class_param("type", "Resource", "Resource class, e.g. StandardMaterial3D, Gradient, LabelSettings",
						true, true),
				properties_param("properties", "Property values, coerced like resource.set"),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://materials/red.tres", "type": "StandardMaterial3D", "properties": {"albedo_color": "#ff0000", "roughness": 0.25}},
			# a material's render_priority stays within -128..127: the engine logs an error and keeps 0
			"example_refused": {"properties": {"render_priority": 999}},
			"returns": {"path": "string", "class": "string", "uid": "string", "values": "Dictionary", "adjusted?": ["string"]},
			"undo": "none",
			"handler": _create,
		},
		{
			"method": "resource.duplicate",
			"summary": "Save a copy of a resource under a new path with a fresh UID (deep: its embedded sub-resources copied too); .tres ↔ .res converts.",
			"params": [
				req("path", "string", "Resource to copy"),
				req("to", "string", "New file, .tres or .res", {"writes_path": true}),
				opt("deep", "bool", "Copy embedded sub-resources instead of sharing them", true),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://materials/red.tres", "to": "res://materials/red_copy.res"},
			"example_setup": [RED],
			"returns": {"path": "string", "source": "string", "class": "string", "uid": "string", "source_uid": "string"},
			"undo": "none",
			"handler": _duplicate,
		},
		{
			"method": "resource.extract",
			"summary": "Save a node's embedded resource (a material, shape, theme…) to its own file and point the property at that file (undoable; the file stays).",
			"params": [
				node_param("node_path", "Node of the edited scene"),
				req("property", "string", "Property holding the embedded resource, e.g. shape"),
				req("path", "string", "File to save it to, .tres or .res", {"writes_path": true}),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"node_path": "/root/Main/Player/Shape", "property": "shape", "path": "res://shapes/player_shape.tres"},
			# the file is written (it stays on undo); the property's switch to it is the scene's undo step
			"returns": {"node": "string", "property": "string", "path": "string", "class": "string", "uid": "string"},
			"undo": "scene",
			"handler": _extract,
		},
		{
			"method": "resource.find",
			"summary": "Project resource files of a type (subclasses count: Texture2D finds CompressedTexture2D), by folder and name.",
			"params": [
				class_param("type", "Resource", "Resource class, e.g. Material, PackedScene, Texture2D (default: any)",
						false),
				opt("under", "string", "Folder to search", "res://"),
				opt("name", "string", "Only files whose name contains this"),
				opt("limit", "int", "At most this many", 200, {"min": 1, "max": 10000}),
			],
			"example": {"type": "PackedScene", "under": "res://scenes"},
			"returns": {"count": "int", "total": "int", "truncated": "bool", "resources": [{"path": "string", "type": "string", "uid": "string"}]},
			"read_only": true,
			"handler": _find,
		},
	]


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var res: Variant = BridgeClassTypes.make(p.type, "Resource")  # the router checked the name (kind "class")
	if res is BridgeError:
		return res
	var refused: Variant = BridgePropertyPath.apply_new(res, p.properties, "resource.create",
			{"resource_path": "the path parameter", "script": "a script resource type"})
	if refused != null:
		return refused
	var values := {}  # what the resource holds before saving, to compare with the file
	for key: Variant in p.properties:
		values[str(key).get_slice(":", 0)] = res.get(str(key).get_slice(":", 0))
	var saved: Variant = await _save_new(res, p.path, p.overwrite)
	if saved is BridgeError:
		return saved
	var back: Resource = saved
	var now := {}
	for key: String in values:
		now[key] = back.get(key)
	var out := {"path": back.resource_path, "class": back.get_class(), "uid": _uid(back.resource_path), "values": now}
	var adjusted := BridgeResources.adjusted(values, back)
	if not adjusted.is_empty():
		out["adjusted"] = adjusted  # what the file holds differs from what was asked: the values show what it holds
	return out


func _duplicate(c: BridgeCall) -> Variant:
	var p := c.params
	var res: Variant = BridgeResources.load_at(p.path)
	if res is BridgeError:
		return res
	if res is Script:
		return c.invalid("copy scripts with filesystem.copy", {"param": "path"})
	var copy: Resource = res.duplicate(p.deep)
	var saved: Variant = await _save_new(copy, p.to, p.overwrite)
	if saved is BridgeError:
		return saved
	var uid := _uid(saved.resource_path)
	if uid == _uid(res.resource_path):
		return c.failed("the copy %s got the same UID as %s" % [saved.resource_path, res.resource_path])
	return {"path": saved.resource_path, "source": res.resource_path, "class": saved.get_class(), "uid": uid,
			"source_uid": _uid(res.resource_path)}


func _extract(c: BridgeCall) -> Variant:
	var p := c.params
	var node: Node = p.node_path
	var info: Variant = BridgeSceneAccess.property_info(node, p.property)
	if info is BridgeError:
		return info
	var res: Variant = node.get(p.property)
	if not res is Resource:
		return c.invalid("%s.%s holds no resource" % [BridgeSceneAccess.path_of(node), p.property],
				{"param": "property"})
	if res.resource_path != "" and not res.resource_path.contains("::"):
		return c.failed("%s.%s is already the file %s" % [BridgeSceneAccess.path_of(node), p.property,
				res.resource_path],
				{"path": res.resource_path})
	var saved: Variant = await _save_new(res.duplicate(true), p.path, p.overwrite)
	if saved is BridgeError:
		return saved
	var file_res: Resource = load(saved.resource_path)
	var ur := BridgeSceneAccess.action(c.step, "extract %s.%s to %s" % [node.name, p.property, saved.resource_path.get_file()])
	ur.add_do_property(node, p.property, file_res)
	ur.add_undo_property(node, p.property, res)
	ur.commit_action()
	if node.get(p.property) != file_res:
		return c.failed("%s.%s did not take the file %s" % [BridgeSceneAccess.path_of(node), p.property,
				saved.resource_path])
	return {"node": BridgeSceneAccess.path_of(node), "property": p.property, "path": saved.resource_path, "class": file_res.get_class(),
			"uid": _uid(saved.resource_path)}


func _find(c: BridgeCall) -> Variant:
	var p := c.params
	var type: String = p.get("type", "")
	# a class_name: files of its native base (or below) whose resource carries that script (or a subclass of it)
	var script_class := type != "" and not ClassDB.class_exists(type)
	var native := str(BridgeClassTypes.find(type, "Resource", false, "type").native) if script_class else type
	var under: String = p.under.trim_suffix("/") + "/" if p.under != "res://" else "res://"
	var fs := EditorInterface.get_resource_filesystem()
	var out: Array = []
	var total := 0
	for path: String in BridgeFileOps.all_files():
		if not path.begins_with(under) or (p.has("name") and not p.name.to_lower() in path.get_file().to_lower()):
			continue
		var t := fs.get_file_type(path)
		if t == "" or (native != "" and t != native and not ClassDB.is_parent_class(t, native)):
			continue
		if script_class and not BridgeClassTypes.is_of(load(path) as Resource, type):
			continue
		total += 1
		if out.size() < p.limit:
			out.append({"path": path, "type": t, "uid": _uid(path)})
	return {"count": out.size(), "total": total, "truncated": total > out.size(), "resources": out}


## Saves a resource that has no file yet to `raw_path`, lets the editor import it, and returns it loaded
## back from disk (fresh, not cached); or a BridgeError.
func _save_new(res: Resource, raw_path: String, overwrite: bool) -> Variant:
	var path: Variant = BridgeFileOps.checked(raw_path, "path")
	if path is BridgeError:
		return path
	var why: Variant = BridgeResources.bad_save_path(res, path)
	if why != null:
		return BridgeError.invalid(str(why), {"path": path})
	if FileAccess.file_exists(path) and not overwrite:
		return BridgeError.failed("%s already exists; pass overwrite: true to replace it" % path, {"path": path})
	var err := DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	if err == OK:
		err = ResourceSaver.save(res, path)
	if err != OK:
		return BridgeError.failed("saving %s failed: %s" % [path, error_string(err)], {"path": path})
	await BridgeFileOps.refresh(server, [path])
	var back: Resource = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_REPLACE)
	if back == null:
		return BridgeError.failed("%s was written but does not load" % path, {"path": path})
	return back


static func _uid(path: String) -> String:
	var id := ResourceLoader.get_resource_uid(path)
	return ResourceUID.id_to_text(id) if id != ResourceUID.INVALID_ID else ""
