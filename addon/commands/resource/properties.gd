@tool
extends "../../core/command_group.gd"
## resource.inspect / resource.set: a resource file's properties, read with their types and changed with
## type coercion like node.set. A change is one undoable action in the editor's global history that saves
## the file on do and undo (a .tres as a text step, lib/text_step.gd: its undo never writes over a change made
## since); scenes using the resource see it at once (it is the editor's own instance).

const BridgeResources := preload("lib/resource_files.gd")
const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeFiles := preload("files.gd")
const BridgeUndoStep := preload("../../core/undo_step.gd")
const BridgeTextStep := preload("../../lib/text_step.gd")


func commands() -> Array:
	return [
		{
			"method": "resource.inspect",
			"summary": "A resource file's class, UID, editable properties with types and values, dependencies and (on request) the files that use it.",
			"params": [
				req("path", "string", "Resource file, e.g. res://materials/red.tres"),
				opt("filter", "string", "Only properties whose name contains this"),
				opt("used_by", "bool", "Also list the project files that depend on it (scans every file)", false),
			],
			"example": {"path": "res://materials/red.tres", "filter": "color"},
			"example_setup": [BridgeFiles.RED],
			"returns": {"path": "string", "class": "string", "uid": "string", "properties": [{"name": "string", "type": "string", "value": "any"}],
					"dependencies": ["string"], "script?": "string", "imported_by?": "string", "used_by?": ["string"]},
			"read_only": true,
			"handler": _inspect,
		},
		{
			"method": "resource.set",
			"idempotent": true,
			"summary": "Set properties of a resource file, each coerced to its declared type (undoable, saved); returns the values read back from disk.",
			"params": [
				req("path", "string", "Resource file (.tres/.res)", {"writes_path": true}),
				properties_param("properties", "{property: value}: [x, y] for vectors, '#rrggbb' for colours, enum names, res:// paths or {\"class\": …} for resources", true),
			],
			"example": {"path": "res://materials/red.tres", "properties": {"albedo_color": "#3366ff", "metallic": 0.5}},
			"example_setup": [BridgeFiles.RED],
			"example_refused": {"properties": {"render_priority": 999}},
			# `saved`: the file read back from disk after the write (it is saved on do and on undo)
			"returns": {"path": "string", "values": "Dictionary", "previous": "Dictionary", "saved": "bool", "adjusted?": ["string"]},
			"undo": "global",
			"handler": _set_properties,
		},
	]


func _inspect(c: BridgeCall) -> Variant:
	var p := c.params
	var res: Variant = BridgeResources.load_at(p.path)
	if res is BridgeError:
		return res
	var path: String = res.resource_path if res.resource_path != "" else p.path
	var uid := ResourceLoader.get_resource_uid(path)
	var out := {
		"path": path,
		"class": res.get_class(),
		"uid": ResourceUID.id_to_text(uid) if uid != ResourceUID.INVALID_ID else "",
		"properties": BridgeResources.properties_json(res, p.get("filter", "")),
		"dependencies": Array(ResourceLoader.get_dependencies(path)).map(func(d: String) -> String: return d.get_slice("::", d.count("::"))),
	}
	var script: Script = res.get_script()
	if script:
		out["script"] = script.resource_path
	var cfg := BridgeFileOps.import_config(path)
	if cfg:
		out["imported_by"] = cfg.get_value("remap", "importer", "")
	if p.used_by:
		out["used_by"] = BridgeFileOps.dependents(path)
	return out


func _set_properties(c: BridgeCall) -> Variant:
	var p := c.params
	var res: Variant = BridgeResources.load_at(p.path)
	if res is BridgeError:
		return res
	var path: String = res.resource_path
	if BridgeFileOps.import_config(path) != null:
		return c.failed("%s is imported (%s): the editor regenerates it from its source; change how with import.set" % [path,
				BridgeFileOps.import_config(path).get_value("remap", "importer", "")], {"path": path})
	if path == "" or path.contains("::") or not path.get_extension() in ["tres", "res"]:
		return c.invalid("%s is not a .tres/.res resource file" % p.path, {"param": "path"})
	if p.properties.is_empty():
		return c.invalid("properties is empty", {"param": "properties"})
	var values: Variant = BridgeResources.coerce_all(res, p.properties, "resource.set")
	if values is BridgeError:
		return values
	var action := "Bridge: set %s of %s" % [", ".join(PackedStringArray(values.keys())), path.get_file()]
	var previous := {}
	for key: String in values:
		previous[key] = res.get(key)
	if BridgeTextStep.is_text_resource(path):  # a text step: its undo never writes over a change made since
		for key: String in values:
			res.set(key, values[key])
		if BridgeTextStep.commit_save(c.step, action, res, path) != OK:
			return c.failed("saving %s failed" % path, {"path": path})
	else:
		var ur := BridgeUndoStep.action_for(c.step, action, res)  # the call's step: named for its command and client
		for key: String in values:
			ur.add_do_property(res, key, values[key])
			ur.add_undo_property(res, key, res.get(key))
		ur.add_do_method(ResourceSaver, "save", res, path)
		ur.add_undo_method(ResourceSaver, "save", res, path)
		ur.commit_action()
	var back: Resource = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	var now := {}
	for key: String in values:
		now[key] = back.get(key) if back else null
	var adjusted := BridgeResources.adjusted(values, back)  # the setter changed a value, or the save lost it
	var out := {"path": path, "values": now, "previous": previous, "saved": back != null}
	if not adjusted.is_empty():
		out["adjusted"] = adjusted
	return out
