@tool
extends "../../core/command_group.gd"
## localization.csv_*: translation CSV files (keys × locales), written or merged and imported by the
## editor into one .translation file per locale, and read back with the cells still missing. Writing a
## file is not undoable (like project.write_file); the result names every file the import produced.

const BridgeCsv := preload("lib/translation_csv.gd")
const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeScan := preload("../../lib/filesystem_scan.gd")


func commands() -> Array:
	return [
		{
			"method": "localization.csv_write",
			"summary": "Write or merge a translation CSV (keys × locales; new keys appended alphabetically) and import it: returns the .translation file made for each locale, checked by reading every message back.",
			"params": [
				req("path", "string", "The CSV file, e.g. res://i18n/texts.csv", {"writes_path": true}),
				req("rows", "Dictionary", "Messages by key, then locale: {\"HELLO\": {\"en\": \"Hello\", \"fr\": \"Bonjour\"}}"),
				opt("locales", "Array", "Locale columns in this order (default: the file's, then new ones as met)", null, {"items": "string"}),
				opt("replace", "bool", "Write only these rows (default: merge into the file's rows and cells)", false),
			],
			"example": {"path": "res://i18n/texts.csv", "rows": {"HELLO": {"en": "Hello", "fr": "Bonjour"},
					"BYE": {"en": "Goodbye", "fr": "Au revoir"}}},
			"destructive": true,
			"timeout_ms": 120_000,
			"returns": {"path": "string", "created": "bool", "locales": ["string"], "keys": "int",
					"translations": [{"path": "string", "locale": "string"}]},
			"undo": "none",
			"handler": _csv_write,
		},
		{
			"method": "localization.csv_read",
			"summary": "Read a translation CSV: its locales, messages by key, the empty cells (untranslated keys) and the .translation files it imports to.",
			"params": [req("path", "string", "The CSV file"), opt("keys", "bool", "Include every message (false: only counts and gaps)", true)],
			"example": {"path": "res://i18n/texts.csv"},
			"example_setup": [BridgeCsv.SETUP_CSV],
			"read_only": true,
			"returns": {"path": "string", "locales": ["string"], "keys": "int", "missing": [{"key": "string", "locale": "string"}],
					"importer": "string", "translations": ["string"], "rows?": "Dictionary"},
			"handler": _csv_read,
		},
	]


func _csv_write(c: BridgeCall) -> Variant:
	var p := c.params
	var path: Variant = BridgeFileOps.checked(p.path)
	if path is BridgeError:
		return path
	if path.get_extension().to_lower() != "csv":
		return c.invalid("path must end in .csv, got %s" % path, {"param": "path"})
	var existed := FileAccess.file_exists(path)
	var current: Variant = BridgeCsv.read(path) if existed and not p.replace else {"locales": [], "rows": {},
			"order": []}
	if current is BridgeError:
		return current
	var locales: Array = current.locales.duplicate()
	for loc: Variant in p.get("locales", []):
		if not loc is String or BridgeCsv.bad_locale(loc) != null:
			return c.invalid("locales: %s" % (BridgeCsv.bad_locale(loc) if loc is String else
					"%s is not a string" % JSON.stringify(loc)), {"param": "locales"})
		if not loc in locales:
			locales.append(loc)
	if p.rows.is_empty():
		return c.invalid("rows is empty", {"param": "rows"})
	var rows: Dictionary = current.rows.duplicate(true)
	var new_keys: Array = p.rows.keys()
	new_keys.sort()  # JSON objects carry no order: new keys go after the file's, alphabetically
	for key: Variant in new_keys:
		var cells: Variant = p.rows[key]
		if str(key).strip_edges() == "" or str(key).begins_with("_"):
			return c.invalid("'%s' is not a usable key (empty, or starts with _)" % key, {"param": "rows"})
		if not cells is Dictionary:
			return c.invalid("rows.%s must be {locale: text}, got %s" % [key, JSON.stringify(cells)],
					{"param": "rows"})
		var row: Dictionary = rows.get(key, {})
		for loc: Variant in cells:
			var why: Variant = BridgeCsv.bad_locale(str(loc))
			if why != null:
				return c.invalid("rows.%s: %s" % [key, why], {"param": "rows"})
			if not cells[loc] is String:
				return c.invalid("rows.%s.%s must be a string, got %s" % [key, loc,
						JSON.stringify(cells[loc])], {"param": "rows"})
			if not loc in locales:
				locales.append(loc)
			row[loc] = cells[loc]
		rows[key] = row
	var order: Array = current.order + new_keys.filter(func(k: String) -> bool: return not k in current.order)
	var err := BridgeFileOps.write_text(path, BridgeCsv.render(locales, rows, order, BridgeCsv.delimiter(path)))
	if err != OK:
		return c.failed("writing %s failed: %s" % [path, error_string(err)], {"path": path})
	var scanned: Variant = await BridgeFileOps.refresh(server, [path])
	if scanned is BridgeError:
		return scanned
	if BridgeFileOps.import_config(path) == null:
		# the editor still listed an earlier file at this path, deleted with its .import since: only a scan
		# sees this one as new and imports it
		scanned = await BridgeScan.scan_and_wait(server)
		if scanned is BridgeError:
			return scanned
	var made: Variant = _check_import(path, rows, locales)
	if made is BridgeError:
		return made
	return {"path": path, "created": not existed, "locales": locales, "keys": rows.size(), "translations": made}


func _csv_read(c: BridgeCall) -> Variant:
	var p := c.params
	var path: Variant = BridgeFileOps.checked(p.path)
	if path is BridgeError:
		return path
	if not FileAccess.file_exists(path):
		return BridgeFileOps.missing(path)
	var csv: Variant = BridgeCsv.read(path)
	if csv is BridgeError:
		return csv
	var missing: Array = []
	for key: String in csv.order:
		for loc: String in csv.locales:
			if not loc.begins_with("_") and csv.rows[key].get(loc, "") == "":
				missing.append({"key": key, "locale": loc})
	var cfg := BridgeFileOps.import_config(path)
	var out := {"path": path, "locales": csv.locales.filter(func(l: String) -> bool: return not l.begins_with("_")),
			"keys": csv.order.size(), "missing": missing, "importer": cfg.get_value("remap", "importer", "") if cfg else "",
			"translations": BridgeFileOps.imported_files(path)}
	if p.keys:
		out["rows"] = csv.rows
	return out


## The .translation files the import made, [{path, locale}], after checking each message reads back; or why not.
func _check_import(path: String, rows: Dictionary, locales: Array) -> Variant:
	var cfg := BridgeFileOps.import_config(path)
	var importer: String = cfg.get_value("remap", "importer", "") if cfg else ""
	if importer != "csv_translation":
		return BridgeError.failed(("%s was written, but the editor imports it with '%s', not as translations; set its importer " +
				"with import.set (importer: csv_translation)") % [path, importer if importer != "" else "nothing"], {"path": path})
	var out: Array = []
	for file: String in BridgeFileOps.imported_files(path):
		var t: Translation = ResourceLoader.load(file, "", ResourceLoader.CACHE_MODE_REPLACE)
		if t == null:
			return BridgeError.failed("the import of %s did not produce a loadable %s" % [path, file], {"path": file})
		for key: String in rows:
			var want: String = rows[key].get(t.locale, "")
			if want != "" and str(t.get_message(key)) != want.c_unescape():
				return BridgeError.failed("the import of %s gives '%s' for %s in %s, not '%s'" % [path, t.get_message(key), key,
						t.locale, want], {"path": file, "key": key})
		out.append({"path": file, "locale": t.locale})
	if out.size() != locales.filter(func(l: String) -> bool: return not l.begins_with("_")).size():
		return BridgeError.failed("the import of %s made %d translation file(s) for %d locale(s)" % [path, out.size(), locales.size()],
				{"path": path, "translations": out})
	return out
