@tool
extends "../../core/command_group.gd"
## import.*: an asset's import settings (its .import file, what the Import dock shows), changed with type
## checks against the options its importer wrote, and reimported. Like the Import dock's Reimport button,
## a change is not undoable; import.set returns the previous values to set them back.

const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeParams := preload("../../core/params.gd")


## What the examples need: an imported asset. The scan first, so that the editor has forgotten a CSV of the
## same name deleted behind its back (it would not import the new one).
const SETUP := [
	{"method": "project.scan"},
	{"method": "localization.csv_write", "params": {"path": "res://i18n/texts.csv", "rows": {"HELLO": {"en": "Hello", "fr": "Bonjour"}}}},
]


func commands() -> Array:
	return [
		{
			"method": "import.settings",
			"summary": "An imported asset's import settings: importer, resource type, UID, every option with its value, and the files the import made.",
			"params": [req("path", "string", "The source asset, e.g. res://icon.png or res://i18n/texts.csv")],
			"example": {"path": "res://i18n/texts.csv"},
			"read_only": true,
			"returns": {"path": "string", "importer": "string", "type": "string", "uid": "string", "options": "Dictionary",
					"imported_files": ["string"], "imported": "bool"},
			"example_setup": SETUP,
			"handler": _settings,
		},
		{
			"method": "import.set",
			"idempotent": true,
			"summary": "Change import options of an asset (each checked against the options its importer has and their types), then reimport it and read the settings back.",
			"params": [
				req("path", "string", "The source asset", {"writes_path": true}),
				req("options", "Dictionary", "Options to change, e.g. {\"compress/mode\": 2, \"mipmaps/generate\": true}"),
				opt("reimport", "bool", "Reimport now (false: only write the .import file)", true),
			],
			"example": {"path": "res://i18n/texts.csv", "options": {"compress": 0}},
			"timeout_ms": 120_000,
			"returns": {"path": "string", "changed": "Dictionary", "reimported": "bool", "imported_files": ["string"]},
			"example_setup": SETUP,
			# the .import file is written and reimported like the Import dock does: not undoable
			"undo": "none",
			"handler": _set_options,
		},
		{
			"method": "import.reimport",
			"idempotent": true,
			"summary": "Reimport assets with their current settings (after their source changed outside the editor, or to rebuild them); reports what each import produced.",
			"params": [req("paths", "Array", "Source assets to reimport", {"items": "string"})],
			"example": {"paths": ["res://i18n/texts.csv"]},
			"timeout_ms": 120_000,
			"returns": {"count": "int", "reimported": [{"path": "string", "imported_files": ["string"], "ok": "bool"}]},
			"example_setup": SETUP,
			"undo": "none",
			"handler": _reimport,
		},
	]


func _settings(c: BridgeCall) -> Variant:
	var p := c.params
	var cfg: Variant = _config(p.path)
	if cfg is BridgeError:
		return cfg
	var options := {}
	if cfg.has_section("params"):
		for key: String in cfg.get_section_keys("params"):
			options[key] = cfg.get_value("params", key)
	var uid: String = cfg.get_value("remap", "uid", "")
	var made := BridgeFileOps.imported_files(p.path)
	return {"path": p.path, "importer": cfg.get_value("remap", "importer", ""), "type": cfg.get_value("remap", "type", ""),
			"uid": uid, "options": options, "imported_files": made,
			"imported": made.all(func(f: String) -> bool: return FileAccess.file_exists(f))}


func _set_options(c: BridgeCall) -> Variant:
	var p := c.params
	var cfg: Variant = _config(p.path)
	if cfg is BridgeError:
		return cfg
	if p.options.is_empty():
		return c.invalid("options is empty", {"param": "options"})
	var known: Array = Array(cfg.get_section_keys("params")) if cfg.has_section("params") else []
	var changes := {}
	for key: Variant in p.options:
		if not str(key) in known:
			var guess := BridgeParams.did_you_mean(str(key), known)
			return c.invalid("the %s importer has no option '%s'%s; it has: %s" % [
					cfg.get_value("remap", "importer", ""), key, " (did you mean '%s'?)" % guess if guess != "" else "",
					", ".join(PackedStringArray(known))], {"param": "options", "suggestion": guess})
		var current: Variant = cfg.get_value("params", key)
		var value: Variant = _convert(p.options[key], current)
		if value is BridgeError:
			value.message = "option '%s' %s" % [key, value.message]
			return value
		changes[str(key)] = {"from": current, "to": value}
	for key: String in changes:
		cfg.set_value("params", key, changes[key].to)
	var err := BridgeFileOps.write_text(p.path + ".import", cfg.encode_to_text())
	if err != OK:
		return c.failed("writing %s.import failed: %s" % [p.path, error_string(err)])
	if p.reimport:
		EditorInterface.get_resource_filesystem().reimport_files(PackedStringArray([p.path]))
		await server.get_tree().process_frame
	var back := BridgeFileOps.import_config(p.path)
	for key: String in changes:
		if back == null or back.get_value("params", key) != changes[key].to:
			return c.failed("%s did not keep %s = %s after the reimport" % [p.path, key, JSON.stringify(changes[key].to)])
	return {"path": p.path, "changed": changes, "reimported": p.reimport, "imported_files": BridgeFileOps.imported_files(p.path)}


func _reimport(c: BridgeCall) -> Variant:
	var p := c.params
	if p.paths.is_empty():
		return c.invalid("paths is empty", {"param": "paths"})
	var paths := PackedStringArray()
	for raw: Variant in p.paths:
		var cfg: Variant = _config(str(raw))
		if cfg is BridgeError:
			return cfg
		paths.append(str(raw))
	var stamps := {}
	for path in paths:
		for f: String in BridgeFileOps.imported_files(path):
			stamps[f] = FileAccess.get_modified_time(f)
	var fs := EditorInterface.get_resource_filesystem()
	var done := {}
	var on_reimport := func(list: PackedStringArray) -> void:
		for f in list:
			done[f] = true
	fs.resources_reimported.connect(on_reimport)
	fs.reimport_files(paths)
	await server.get_tree().process_frame
	fs.resources_reimported.disconnect(on_reimport)
	var out: Array = []
	for path in paths:
		var made := BridgeFileOps.imported_files(path)
		out.append({"path": path, "imported_files": made,
				"ok": not made.is_empty() and made.all(func(f: String) -> bool: return FileAccess.file_exists(f))})
	return {"count": out.size(), "reimported": out}


## The parsed .import file of an asset, or why there is none.
func _config(path: String) -> Variant:
	var checked: Variant = BridgeFileOps.checked(path)
	if checked is BridgeError:
		return checked
	if not FileAccess.file_exists(checked):
		return BridgeFileOps.missing(checked)
	var cfg := BridgeFileOps.import_config(checked)
	if cfg == null:
		var type := EditorInterface.get_resource_filesystem().get_file_type(checked)
		return BridgeError.failed("%s is not an imported asset (%s); only files with a .import file have import settings"
				% [checked, type if type != "" else "unknown type"], {"path": checked})
	return cfg


## The JSON value in the type of the option's current value, or a BridgeError saying what it expects.
static func _convert(value: Variant, current: Variant) -> Variant:
	var t := typeof(current)
	match t:
		TYPE_BOOL:
			if value is bool:
				return value
		TYPE_INT:
			if (value is int or value is float) and not value is bool and float(value) == floorf(float(value)):
				return int(value)
		TYPE_FLOAT:
			if (value is int or value is float) and not value is bool:
				return float(value)
		TYPE_STRING, TYPE_STRING_NAME:
			if value is String:
				return value
		TYPE_NIL:
			return value
		_:
			if value is Array or value is Dictionary:
				var converted: Variant = type_convert(value, t)
				if typeof(converted) == t:
					return converted
			if value is String:
				var parsed: Variant = str_to_var(value)
				if typeof(parsed) == t:
					return parsed
	return BridgeError.invalid("expects %s like %s, got %s" % [type_string(t), var_to_str(current), JSON.stringify(value)])
