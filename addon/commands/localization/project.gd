@tool
extends "../../core/command_group.gd"
## localization.*, the project side: which translations the game loads (internationalization/locale/
## translations in project.godot, undoable and saved) and what a key or a node's text reads as in a locale.

const BridgeCsv := preload("lib/translation_csv.gd")
const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeProject := preload("../../lib/project_settings.gd")
const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeCompat := preload("../../core/compat.gd")

const SETTING := "internationalization/locale/translations"


func commands() -> Array:
	return [
		{
			"method": "localization.list",
			"summary": "The project's registered translations (path, locale, source CSV), the locales they cover, and the fallback and test locales.",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"count": "int", "locales": ["string"], "fallback": "string", "test_locale": "string",
					"translations": [{"path": "string", "exists": "bool", "locale?": "string", "class?": "string", "source?": "string"}]},
			"handler": _list,
		},
		{
			"method": "localization.project_add",
			"summary": "Register translations with the project so the game loads them: .translation/.tres/.po files, or a CSV for all the files it imports to (undoable, saved).",
			"params": [req("paths", "Array", "Translation files or translation CSVs, e.g. [\"res://i18n/texts.csv\"]", {"items": "string"})],
			"example": {"paths": ["res://i18n/texts.csv"]},
			# none registered, whatever an earlier example left in the editor's memory (the sweeps put files back,
			# not the settings held in memory)
			"example_setup": [BridgeCsv.SETUP_CSV, {"method": "project.settings_set", "params": {"key": SETTING, "value": [], "create": true}}],
			# saved: project.godot is written with the change (and again on undo)
			"returns": {"added": ["string"], "already": ["string"], "translations": ["string"], "saved": "bool"},
			"undo": "global",
			"handler": _project_add,
		},
		{
			"method": "localization.project_remove",
			"summary": "Unregister translations (files or a CSV's imported files) from the project; the files stay (undoable, saved).",
			"params": [req("paths", "Array", "Registered translation files, or a CSV", {"items": "string"})],
			"example": {"paths": ["res://i18n/texts.csv"]},
			# the CSV's translations registered, written as the setting so that the setup works whether or not
			# localization.project_add's example left them in the editor's memory
			"example_setup": [BridgeCsv.SETUP_CSV, {"method": "project.settings_set", "params": {"key": SETTING,
					"value": ["res://i18n/texts.en.translation", "res://i18n/texts.fr.translation"], "create": true}}],
			"destructive": true,
			"returns": {"removed": ["string"], "translations": ["string"], "saved": "bool"},
			"undo": "global",
			"handler": _project_remove,
		},
		{
			"method": "localization.translate",
			"since": "4.5",  # TranslationDomain.set_locale_override
			"summary": "What a key — or a node's text, e.g. a Label whose text is a key — reads as in each locale, with the project's translations and fallback.",
			"params": [
				req("locales", "Array", "Locales to test, e.g. [\"en\", \"fr\"]", {"items": "string"}),
				opt("key", "string", "The message key to translate"),
				node_param("node_path", "Or a node of the edited scene whose text is the key", false),
				opt("property", "string", "The node's property holding the key", "text"),
				opt("translations", "Array", "Translation files to use instead of the registered ones", null, {"items": "string"}),
			],
			"example": {"key": "HELLO", "locales": ["en", "fr"], "translations": ["res://i18n/texts.csv"]},
			"example_setup": [BridgeCsv.SETUP_CSV],
			"read_only": true,
			"returns": {"key": "string", "node?": "string", "auto_translate?": "bool",
					"results": [{"locale": "string", "text": "string", "translated": "bool", "fallback": "bool"}]},
			"handler": _translate,
		},
	]


func _list(_c: BridgeCall) -> Variant:
	var out: Array = []
	var locales := {}
	for path: String in ProjectSettings.get_setting(SETTING, PackedStringArray()):
		var entry := {"path": path, "exists": ResourceLoader.exists(path)}
		var t: Variant = load(path) if entry.exists else null
		if t is Translation:
			entry["locale"] = t.locale
			entry["class"] = t.get_class()
			locales[t.locale] = true
		var dir := path.get_base_dir()
		for file in DirAccess.get_files_at(dir):
			if file.ends_with(".csv") and path in BridgeFileOps.imported_files(dir.path_join(file)):
				entry["source"] = dir.path_join(file)
		out.append(entry)
	var sorted := locales.keys()
	sorted.sort()
	return {"count": out.size(), "translations": out, "locales": sorted,
			"fallback": ProjectSettings.get_setting("internationalization/locale/fallback", "en"),
			"test_locale": ProjectSettings.get_setting("internationalization/locale/test", "")}


func _project_add(c: BridgeCall) -> Variant:
	var p := c.params
	var files: Variant = _expand(p.paths)
	if files is BridgeError:
		return files
	var current := PackedStringArray(ProjectSettings.get_setting(SETTING, PackedStringArray()))
	var added: Array = files.filter(func(f: String) -> bool: return not f in current)
	if added.is_empty():
		return c.failed("%s already registered" % ", ".join(PackedStringArray(files)),
				{"already": files})
	var updated := current.duplicate()
	updated.append_array(PackedStringArray(added))
	var err := BridgeProject.commit_settings(c.step, "Add translations", {SETTING: updated})
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	return {"added": added, "already": files.filter(func(f: String) -> bool: return f in current),
			"translations": Array(ProjectSettings.get_setting(SETTING)), "saved": true}


func _project_remove(c: BridgeCall) -> Variant:
	var p := c.params
	var current := PackedStringArray(ProjectSettings.get_setting(SETTING, PackedStringArray()))
	var files: Array = []
	for raw: Variant in p.paths:
		var path := str(raw)
		var made := BridgeFileOps.imported_files(path) if path.get_extension() == "csv" else [path]
		var registered := made.filter(func(f: String) -> bool: return f in current)
		if registered.is_empty():
			return c.not_found("%s is not registered; registered: %s" % [path,
					", ".join(current) if not current.is_empty() else "none"], {"path": path})
		files.append_array(registered)
	var updated := PackedStringArray(Array(current).filter(func(f: String) -> bool: return not f in files))
	var err := BridgeProject.commit_settings(c.step, "Remove translations",
			{SETTING: updated if not updated.is_empty() else null})
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	return {"removed": files, "translations": Array(ProjectSettings.get_setting(SETTING, PackedStringArray())), "saved": true}


func _translate(c: BridgeCall) -> Variant:
	var p := c.params
	if p.has("key") == p.has("node_path"):
		return c.invalid("give key or node_path (one of them)", {"param": "key"})
	var key: String = p.get("key", "")
	var out := {}
	if p.has("node_path"):
		var node: Node = p.node_path
		var info: Variant = BridgeSceneAccess.property_info(node, p.property)
		if info is BridgeError:
			return info
		key = str(node.get(p.property))
		out["node"] = BridgeSceneAccess.path_of(node)
		out["auto_translate"] = BridgeCompat.can_auto_translate(node)
	var paths: Array = p.get("translations", Array(ProjectSettings.get_setting(SETTING, PackedStringArray())))
	if paths.is_empty() and not p.has("translations"):
		return c.failed("the project registers no translations; localization.project_add adds them")
	var files: Variant = _expand(paths)
	if files is BridgeError:
		return files
	var loaded: Array = []
	for f: String in files:
		loaded.append(load(f))
	var results: Array = []
	for loc: Variant in p.locales:
		var why: Variant = BridgeCsv.bad_locale(str(loc)) if loc is String else "%s is not a string" % JSON.stringify(loc)
		if why != null:
			return c.invalid("locales: %s" % why, {"param": "locales"})
		var text := str(BridgeCompat.translate_with(loaded, loc, key))
		# own: a translation of this locale (or its language) has the key; else the text is the fallback's or the key
		var own := loaded.any(func(t: Translation) -> bool: return TranslationServer.compare_locales(loc, t.locale) > 0 \
				and str(t.get_message(key)) != "")
		results.append({"locale": loc, "text": text, "translated": own, "fallback": not own and text != key})
	out.merge({"key": key, "results": results})
	return out


## Translation file paths from files and CSVs (a CSV stands for what it imports to), each checked to load
## as a Translation; or a BridgeError naming the first that does not.
func _expand(paths: Array) -> Variant:
	if paths.is_empty():
		return BridgeError.invalid("paths is empty", {"param": "paths"})
	var out: Array = []
	for raw: Variant in paths:
		if not raw is String:
			return BridgeError.invalid("%s is not a res:// path" % JSON.stringify(raw), {"param": "paths"})
		var path: String = raw
		if not FileAccess.file_exists(path) and not ResourceLoader.exists(path):
			return BridgeFileOps.missing(path)
		if path.get_extension().to_lower() == "csv":
			var made := BridgeFileOps.imported_files(path)
			if made.is_empty():
				return BridgeError.failed("%s is not imported as translations (localization.csv_write imports it)"
						% path, {"path": path})
			out.append_array(made.filter(func(f: String) -> bool: return not f in out))
			continue
		if not load(path) is Translation:
			return BridgeError.invalid("%s is not a Translation" % path, {"path": path})
		if not path in out:
			out.append(path)
	return out
