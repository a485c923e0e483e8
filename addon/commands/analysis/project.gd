@tool
extends "../../core/command_group.gd"
## analysis.*, the project: who references a file, which files nothing references, and the numbers
## (files by type, script lines, scenes, autoloads, plugins). Read straight from disk by lib/project_scan.gd.

const BridgeProjectScan := preload("../../lib/project_scan.gd")


func commands() -> Array:
	return [
		{
			"method": "analysis.references",
			"summary": "Every project file that references a resource, by res:// path or by its uid:// (before you move, rename or delete it).",
			"params": [
				req("path", "string", "The resource, e.g. res://scripts/player.gd"),
				opt("include_addons", "bool", "Look inside addons/ too", false),
			],
			"example": {"path": "res://scripts/player.gd"},
			"read_only": true,
			"returns": {"path": "string", "uid": "string", "referenced_by": ["string"], "count": "int"},
			"handler": _references,
		},
		{
			"method": "analysis.unused_resources",
			"summary": "Resource files (scenes, scripts, textures, audio, models, fonts, ...) that no other file, setting or autoload references.",
			"params": [
				opt("under", "string", "Only files in this folder", "res://"),
				opt("include_addons", "bool", "Look inside addons/ too", false),
			],
			"example": {},
			"read_only": true,
			"returns": {"unused": [{"path": "string", "bytes": "int"}], "count": "int", "checked": "int", "note": "string"},
			"handler": _unused,
		},
		{
			"method": "analysis.project_statistics",
			"summary": "Files by type, total size, script count and lines (largest first), scenes, autoloads, enabled plugins, main scene.",
			"params": [opt("include_addons", "bool", "Count addons/ too", false)],
			"example": {},
			"read_only": true,
			"returns": {"files": "int", "bytes": "int", "by_extension": "Dictionary", "scenes": "int", "scripts": "int",
					"script_lines": "int", "largest_scripts": [{"path": "string", "lines": "int"}], "autoloads": ["string"],
					"plugins": ["string"], "main_scene": "string"},
			"handler": _statistics,
		},
	]


func _references(c: BridgeCall) -> Variant:
	var p := c.params
	if not p.path.begins_with("res://") or not FileAccess.file_exists(p.path):
		return c.not_found("no file at '%s'" % p.path, {"param": "path"})
	var users: Array = BridgeProjectScan.references(p.include_addons).get(p.path, []).filter(func(f: String) -> bool: return f != p.path)
	users.sort()
	return {"path": p.path, "uid": BridgeProjectScan.uid_of(p.path), "referenced_by": users, "count": users.size()}


func _unused(c: BridgeCall) -> Variant:
	var p := c.params
	if not p.under.begins_with("res://") or not DirAccess.dir_exists_absolute(p.under):
		return c.not_found("no folder '%s'" % p.under, {"param": "under"})
	var refs: Dictionary = BridgeProjectScan.references(true)
	var out: Array = []
	var checked := 0
	for file: String in BridgeProjectScan.files(p.under, p.include_addons):
		if not file.get_extension() in BridgeProjectScan.RESOURCE_EXTS:
			continue
		checked += 1
		var users: Array = refs.get(file, []).filter(func(f: String) -> bool: return f != file and f != file + ".import")
		if users.is_empty():
			out.append({"path": file, "bytes": FileAccess.get_file_as_bytes(file).size()})
	return {"unused": out, "count": out.size(), "checked": checked,
			"note": "referenced only from code built at run time (load(\"res://\" + name)) looks unused too; check before deleting"}


func _statistics(c: BridgeCall) -> Variant:
	var p := c.params
	var by_ext := {}
	var bytes := 0
	var scripts: Array = []
	var lines := 0
	var all := BridgeProjectScan.files("res://", p.include_addons)
	for file: String in all:
		var ext := file.get_extension()
		by_ext[ext] = by_ext.get(ext, 0) + 1
		var f := FileAccess.open(file, FileAccess.READ)
		bytes += f.get_length() if f else 0
		if ext in ["gd", "cs", "gdshader"]:
			var n := FileAccess.get_file_as_string(file).split("\n").size()
			lines += n
			scripts.append({"path": file, "lines": n})
	scripts.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.lines > b.lines)
	var autoloads: Array = []
	for prop: Dictionary in ProjectSettings.get_property_list():
		if str(prop.name).begins_with("autoload/"):
			autoloads.append(str(prop.name).trim_prefix("autoload/"))
	return {"files": all.size(), "bytes": bytes, "by_extension": by_ext, "scenes": by_ext.get("tscn", 0) + by_ext.get("scn", 0),
			"scripts": scripts.size(), "script_lines": lines, "largest_scripts": scripts.slice(0, 10), "autoloads": autoloads,
			"plugins": Array(ProjectSettings.get_setting("editor_plugins/enabled", PackedStringArray())),
			"main_scene": str(ProjectSettings.get_setting("application/run/main_scene", ""))}
