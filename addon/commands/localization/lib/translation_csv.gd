@tool
extends RefCounted
## Translation CSV files as Godot's csv_translation importer reads them: a "keys" column, one column per
## locale (columns starting with "_" are comments), one row per message key. Read, merge and write.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeFileOps := preload("../../../lib/file_ops.gd")

const DELIMITERS := [",", ";", "\t"]

## example_setup for the localization examples: localization.csv_write's example (the CSV they name).
const SETUP_CSV := {"method": "localization.csv_write", "params": {"path": "res://i18n/texts.csv",
		"rows": {"HELLO": {"en": "Hello", "fr": "Bonjour"}, "BYE": {"en": "Goodbye", "fr": "Au revoir"}}}}


## {locales: Array, rows: {key: {locale: text}}, order: Array (keys in file order), header: Array} or a BridgeError.
static func read(path: String) -> Variant:
	var f := FileAccess.open(path, FileAccess.READ)
	if f == null:
		return BridgeError.failed("cannot read %s: %s" % [path, error_string(FileAccess.get_open_error())], {"path": path})
	var delim := delimiter(path)
	var header := Array(f.get_csv_line(delim))
	if header.is_empty() or header == [""]:
		return {"locales": [], "rows": {}, "order": [], "header": ["keys"]}
	var locales: Array = []
	for i in range(1, header.size()):
		locales.append(str(header[i]).strip_edges())
	var rows := {}
	var order: Array = []
	while not f.eof_reached():
		var line := Array(f.get_csv_line(delim))
		if line.is_empty() or (line.size() == 1 and str(line[0]).strip_edges() == ""):
			continue
		var key := str(line[0])
		var cells := {}
		for i in locales.size():
			cells[locales[i]] = str(line[i + 1]) if i + 1 < line.size() else ""
		if not rows.has(key):
			order.append(key)
		rows[key] = cells
	return {"locales": locales, "rows": rows, "order": order, "header": header}


## The CSV text for locales and rows (keys in `order`, then any others), quoting what needs it.
static func render(locales: Array, rows: Dictionary, order: Array, delim: String = ",") -> String:
	var lines: PackedStringArray = [_line(["keys"] + locales, delim)]
	var keys := order.duplicate()
	for k: String in rows:
		if not k in keys:
			keys.append(k)
	for k: String in keys:
		if not rows.has(k):
			continue
		var cells: Array = [k]
		for loc: String in locales:
			cells.append(rows[k].get(loc, ""))
		lines.append(_line(cells, delim))
	return "\n".join(lines) + "\n"


## The delimiter the file's import settings name (comma unless set otherwise).
static func delimiter(path: String) -> String:
	var cfg := BridgeFileOps.import_config(path)
	var index: int = cfg.get_value("params", "delimiter", 0) if cfg else 0
	return DELIMITERS[clampi(index, 0, 2)]


## Null when `locale` is a locale code Godot knows (en, fr, pt_BR, zh_Hans_CN…), else why not.
static func bad_locale(locale: String) -> Variant:
	var lang := locale.get_slice("_", 0)
	if locale == "" or TranslationServer.standardize_locale(locale) != locale or not lang in TranslationServer.get_all_languages():
		var std := TranslationServer.standardize_locale(locale)
		return "'%s' is not a locale code Godot knows%s" % [locale, " (did you mean '%s'?)" % std if std != locale and std != "" else ""]
	return null


static func _line(cells: Array, delim: String) -> String:
	var out: PackedStringArray = []
	for c: Variant in cells:
		var s := str(c)
		if s.contains(delim) or s.contains("\"") or s.contains("\n") or s.begins_with(" ") or s.ends_with(" "):
			s = "\"%s\"" % s.replace("\"", "\"\"")
		out.append(s)
	return delim.join(out)
