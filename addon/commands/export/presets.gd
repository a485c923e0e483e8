@tool
extends "../../core/command_group.gd"
## export.preset*: the export presets in res://export_presets.cfg — listed, added, changed, removed.
## A change rewrites the file as one undoable action in the editor's global history (undo writes the
## previous text back). The editor's Export dialog reads the file when the editor starts.

const BridgePresets := preload("lib/export_presets.gd")
const BridgeTextStep := preload("../../lib/text_step.gd")
const BridgeParams := preload("../../core/params.gd")

## A preset's export template in export.presets: the file a build needs, and whether it is there.
const TEMPLATE := {"file": "string", "installed": "bool"}


func commands() -> Array:
	return [
		{
			"method": "export.presets",
			"summary": "The project's export presets: name, platform, export path, filters, options, and whether this machine has the export templates each needs.",
			"params": [opt("options", "bool", "Include each preset's platform options", false)],
			"example": {},
			"example_setup": [BridgePresets.SETUP_PRESET],
			"read_only": true,
			"returns": {"count": "int", "file": "string", "templates_dir": "string", "presets": [{"name": "string", "platform": "string",
					"runnable": "bool", "export_path": "string", "export_filter": "string", "options?": "Dictionary",
					"templates": {"debug": TEMPLATE, "release": TEMPLATE}}]},
			"handler": _presets,
		},
		{
			"method": "export.preset_add",
			"summary": "Add an export preset for a platform (undoable); options left out take the platform's defaults at export.",
			"params": [
				req("name", "string", "Preset name, e.g. Linux"),
				choice("platform", BridgePresets.PLATFORMS, "Target platform"),
				req("path", "string", "Where a full export goes, relative to the project, e.g. build/game.x86_64", {"also": ["export_path"]}),
				opt("runnable", "bool", "The preset One-click Deploy and the run button use for this platform", true),
				choice("filter", BridgePresets.FILTERS, "What to export: all_resources, scenes (with dependencies), resources (with dependencies), exclude", "all_resources"),
				opt("include_filter", "string", "Extra non-resource files to include, e.g. *.json, data/*", ""),
				opt("exclude_filter", "string", "Files to leave out, e.g. test/*", ""),
				opt("options", "Dictionary", "Platform options, e.g. {\"binary_format/embed_pck\": true}", {}),
			],
			"example": {"name": "Linux", "platform": "Linux", "path": "build/linux/game.x86_64", "exclude_filter": "test/*"},
			"returns": BridgePresets.PRESET.merged({"section": "string"}),
			"undo": "global",
			"handler": _add,
		},
		{
			"method": "export.preset_set",
			"idempotent": true,
			"summary": "Change fields or options of an export preset (undoable); returns the previous values.",
			"params": [
				req("name", "string", "Preset to change"),
				opt("fields", "Dictionary", "Preset fields: name, export_path, runnable, export_filter, include_filter, exclude_filter, custom_features…", {}),
				opt("options", "Dictionary", "Platform options, e.g. {\"binary_format/architecture\": \"arm64\"}", {}),
			],
			"example": {"name": "Linux", "fields": {"custom_features": "demo"}, "options": {"binary_format/embed_pck": true}},
			"example_setup": [BridgePresets.SETUP_PRESET],
			"returns": BridgePresets.PRESET.merged({"section": "string", "previous": {"fields": "Dictionary", "options": "Dictionary"}}),
			"undo": "global",
			"handler": _set_preset,
		},
		{
			"method": "export.preset_remove",
			"summary": "Remove an export preset (undoable).",
			"params": [req("name", "string", "Preset to remove")],
			"example": {"name": "Linux"},
			"example_setup": [BridgePresets.SETUP_PRESET],
			"destructive": true,
			"returns": {"removed": "string", "count": "int"},
			"undo": "global",
			"handler": _remove,
		},
	]


func _presets(c: BridgeCall) -> Variant:
	var p := c.params
	var cfg: Variant = BridgePresets.load_file()
	if cfg is BridgeError:
		return cfg
	var out: Array = []
	for s: String in BridgePresets.sections(cfg):
		var preset := BridgePresets.to_json(cfg, s)
		if not p.options:
			preset.erase("options")
		var templates := {}
		for build: String in ["debug", "release"]:
			var file := BridgePresets.template_for(cfg, s, build)
			templates[build] = {"file": file, "installed": file != "" and FileAccess.file_exists(file)}
		preset["templates"] = templates
		out.append(preset)
	return {"count": out.size(), "presets": out, "file": BridgePresets.FILE,
			"templates_dir": BridgePresets.templates_dir()}


func _add(c: BridgeCall) -> Variant:
	var p := c.params
	var cfg: Variant = BridgePresets.load_file()
	if cfg is BridgeError:
		return cfg
	if p.name.strip_edges() == "":
		return c.invalid("name is empty", {"param": "name"})
	if not BridgePresets.find(cfg, p.name) is BridgeError:
		return c.failed("a preset named '%s' already exists; export.preset_set changes it" % p.name,
				{"name": p.name})
	var bad := _bad_options(p.options)
	if bad != "":
		return c.invalid("" + bad, {"param": "options"})
	var s := "preset.%d" % BridgePresets.sections(cfg).size()
	var fields := {"name": p.name, "platform": p.platform, "runnable": p.runnable, "dedicated_server": false,
			"custom_features": "", "export_filter": p.filter, "include_filter": p.include_filter,
			"exclude_filter": p.exclude_filter, "export_path": p.path, "encryption_include_filters": "",
			"encryption_exclude_filters": "", "encrypt_pck": false, "encrypt_directory": false}
	for key: String in fields:
		cfg.set_value(s, key, fields[key])
	for key: String in p.options:
		cfg.set_value(s + ".options", key, p.options[key])
	if not cfg.has_section(s + ".options"):
		cfg.set_value(s + ".options", "custom_template/debug", "")
		cfg.set_value(s + ".options", "custom_template/release", "")
	var err := _commit(c.step, "Add export preset %s" % p.name, cfg)
	if err != OK:
		return c.failed("writing %s failed: %s" % [BridgePresets.FILE, error_string(err)])
	return _read_back(p.name)


func _set_preset(c: BridgeCall) -> Variant:
	var p := c.params
	var cfg: Variant = BridgePresets.load_file()
	if cfg is BridgeError:
		return cfg
	var s: Variant = BridgePresets.find(cfg, p.name)
	if s is BridgeError:
		return s
	if p.fields.is_empty() and p.options.is_empty():
		return c.invalid("give fields, options or both", {"param": "fields"})
	var previous := {"fields": {}, "options": {}}
	for key: Variant in p.fields:
		var known: Array = Array(cfg.get_section_keys(s))
		if not str(key) in known or key == "platform":
			var guess := BridgeParams.did_you_mean(str(key), known)
			return c.invalid("'%s' is not a preset field you can set%s; fields: %s" % [key,
					" (did you mean '%s'?)" % guess if guess != "" else "", ", ".join(PackedStringArray(known))], {"param": "fields"})
		var current: Variant = cfg.get_value(s, key)
		if typeof(p.fields[key]) != typeof(current) and not (current is int and p.fields[key] is float):
			return c.invalid("field '%s' is %s, got %s" % [key, type_string(typeof(current)),
					JSON.stringify(p.fields[key])], {"param": "fields"})
		if key == "export_filter" and not p.fields[key] in BridgePresets.FILTERS:
			return c.invalid("export_filter must be one of %s" % ", ".join(PackedStringArray(BridgePresets.FILTERS)))
		if key == "name" and not BridgePresets.find(cfg, p.fields[key]) is BridgeError:
			return c.failed("a preset named '%s' already exists" % p.fields[key])
		previous.fields[key] = current
	var bad := _bad_options(p.options)
	if bad != "":
		return c.invalid("" + bad, {"param": "options"})
	for key: String in p.fields:
		cfg.set_value(s, key, int(p.fields[key]) if cfg.get_value(s, key) is int else p.fields[key])
	for key: String in p.options:
		previous.options[key] = cfg.get_value(s + ".options", key, null)
		cfg.set_value(s + ".options", key, p.options[key])
	var err := _commit(c.step, "Change export preset %s" % p.name, cfg)
	if err != OK:
		return c.failed("writing %s failed: %s" % [BridgePresets.FILE, error_string(err)])
	var out: Variant = _read_back(p.fields.get("name", p.name))
	if out is Dictionary:
		out["previous"] = previous
	return out


func _remove(c: BridgeCall) -> Variant:
	var p := c.params
	var cfg: Variant = BridgePresets.load_file()
	if cfg is BridgeError:
		return cfg
	var s: Variant = BridgePresets.find(cfg, p.name)
	if s is BridgeError:
		return s
	var kept := ConfigFile.new()  # presets are numbered in order: renumber the ones after it
	var n := 0
	for section: String in BridgePresets.sections(cfg):
		if section == s:
			continue
		for suffix: String in ["", ".options"]:
			if cfg.has_section(section + suffix):
				for key: String in cfg.get_section_keys(section + suffix):
					kept.set_value("preset.%d%s" % [n, suffix], key, cfg.get_value(section + suffix, key))
		n += 1
	var err := _commit(c.step, "Remove export preset %s" % p.name, kept)
	if err != OK:
		return c.failed("writing %s failed: %s" % [BridgePresets.FILE, error_string(err)])
	var back: Variant = BridgePresets.load_file()
	if back is BridgeError or not BridgePresets.find(back, p.name) is BridgeError:
		return c.failed("%s still lists '%s'" % [BridgePresets.FILE, p.name])
	return {"removed": p.name, "count": BridgePresets.sections(back).size()}


## Writes the presets file as one undoable action (undo writes the previous text back, never over a change
## made since by someone else: lib/text_step.gd).
func _commit(undo_step: RefCounted, action: String, cfg: ConfigFile) -> int:
	var before := FileAccess.get_file_as_string(BridgePresets.FILE) if FileAccess.file_exists(BridgePresets.FILE) else ""
	return BridgeTextStep.commit(undo_step, "Bridge: " + action, BridgePresets.FILE, before, cfg.encode_to_text())


func _read_back(name: String) -> Variant:
	var cfg: Variant = BridgePresets.load_file()
	if cfg is BridgeError:
		return cfg
	var s: Variant = BridgePresets.find(cfg, name)
	if s is BridgeError:
		return BridgeError.failed("the preset '%s' is not in %s after writing it" % [name,
				BridgePresets.FILE])
	var out := BridgePresets.to_json(cfg, s)
	out["section"] = s
	return out


static func _bad_options(options: Dictionary) -> String:
	for key: Variant in options:
		if not str(key).contains("/") or options[key] is Dictionary:
			return "option '%s' is not a platform option (they look like binary_format/embed_pck, with a plain value)" % key
	return ""
