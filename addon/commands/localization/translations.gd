@tool
extends "../../core/command_group.gd"
## localization.translation_*: Translation resources kept as files of their own (.tres, .res,
## .translation) rather than imported from a CSV: create one for a locale, set or erase its messages.
## Edits are one undoable action in the editor's global history that saves the file on do and undo.

const BridgeCsv := preload("lib/translation_csv.gd")
const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeUndoStep := preload("../../core/undo_step.gd")
const BridgeTextStep := preload("../../lib/text_step.gd")

const EXTENSIONS := ["tres", "res", "translation"]


func commands() -> Array:
	return [
		{
			"method": "localization.translation_create",
			"summary": "Create a Translation resource file for one locale with its messages (saved, then read back).",
			"params": [
				req("path", "string", "File to create: .tres, .res or .translation", {"writes_path": true}),
				req("locale", "string", "Locale code, e.g. de or pt_BR"),
				opt("messages", "Dictionary", "Messages {key: text}", {}),
				opt("overwrite", "bool", "Replace an existing file", false),
			],
			"example": {"path": "res://i18n/de.tres", "locale": "de", "messages": {"HELLO": "Hallo"}},
			"returns": {"path": "string", "locale": "string", "messages": "int", "class": "string"},
			"undo": "none",
			"handler": _create,
		},
		{
			"method": "localization.messages_set",
			"idempotent": true,
			"summary": "Set messages of a Translation resource file, or erase them with null (undoable, saved); CSV-made ones are refused with the CSV to edit.",
			"params": [
				req("path", "string", "The Translation file", {"writes_path": true}),
				req("messages", "Dictionary", "{key: text} to set, {key: null} to erase"),
			],
			"example": {"path": "res://i18n/de.tres", "messages": {"BYE": "Tschüss"}},
			"example_setup": [{"method": "localization.translation_create", "params": {"path": "res://i18n/de.tres", "locale": "de",
					"messages": {"HELLO": "Hallo"}}}],
			"returns": {"path": "string", "locale": "string", "set": "int", "erased": ["string"], "messages": "int"},
			# an action in the global history (the Translation is no scene's) that saves the file on do and undo
			"undo": "global",
			"handler": _messages_set,
		},
	]


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var path: Variant = BridgeFileOps.checked(p.path)
	if path is BridgeError:
		return path
	if not path.get_extension().to_lower() in EXTENSIONS:
		return c.invalid("path must end in .tres, .res or .translation, got %s" % path,
				{"param": "path"})
	var why: Variant = BridgeCsv.bad_locale(p.locale)
	if why != null:
		return c.invalid("locale %s" % why, {"param": "locale"})
	if FileAccess.file_exists(path) and not p.overwrite:
		return c.failed("%s already exists; pass overwrite: true to replace it" % path, {"path": path})
	var bad := _bad_messages(p.messages, false)
	if bad != "":
		return c.invalid("" + bad, {"param": "messages"})
	var t := Translation.new()
	t.locale = p.locale
	for key: String in p.messages:
		t.add_message(key, p.messages[key])
	DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	var err := ResourceSaver.save(t, path)
	if err != OK:
		return c.failed("saving %s failed: %s" % [path, error_string(err)], {"path": path})
	await BridgeFileOps.refresh(server, [path])
	var back: Translation = ResourceLoader.load(path, "Translation", ResourceLoader.CACHE_MODE_REPLACE)
	if back == null or back.locale != p.locale or back.get_message_count() != p.messages.size():
		return c.failed("%s was saved but does not read back as a %s translation with %d messages" % [path, p.locale,
				p.messages.size()], {"path": path})
	return {"path": path, "locale": back.locale, "messages": back.get_message_count(), "class": back.get_class()}


func _messages_set(c: BridgeCall) -> Variant:
	var p := c.params
	var path: Variant = BridgeFileOps.checked(p.path)
	if path is BridgeError:
		return path
	if not FileAccess.file_exists(path):
		return BridgeFileOps.missing(path)
	var source := _csv_source(path)
	if source != "":
		return c.failed("%s is made by importing %s; change the CSV with localization.csv_write" % [path, source],
				{"path": path, "source": source})
	var t: Variant = load(path)
	if not t is Translation or t is OptimizedTranslation:
		return c.invalid("%s is a %s, not an editable Translation" % [path,
				t.get_class() if t else "file that does not load"], {"param": "path"})
	var bad := _bad_messages(p.messages, true)
	if bad != "":
		return c.invalid("" + bad, {"param": "messages"})
	var before: Dictionary = t.get("messages").duplicate(true)
	var scratch := Translation.new()  # applies the change without knowing how messages are stored
	scratch.set("messages", before.duplicate(true))
	var erased: Array = []
	for key: String in p.messages:
		if p.messages[key] == null:
			if str(scratch.get_message(key)) == "":
				return c.not_found("%s has no message '%s' to erase" % [path, key], {"key": key})
			scratch.erase_message(key)
			erased.append(key)
		else:
			scratch.add_message(key, p.messages[key])
	var after: Dictionary = scratch.get("messages")
	if BridgeTextStep.is_text_resource(path):  # a text step: its undo never writes over a change made since
		t.set("messages", after)
		if BridgeTextStep.commit_save(c.step, "Bridge: set messages of %s" % path.get_file(), t, path) != OK:
			return c.failed("saving %s failed" % path, {"path": path})
	else:
		var ur := BridgeUndoStep.action_for(c.step, "Bridge: set messages of %s" % path.get_file(), t)
		ur.add_do_property(t, "messages", after)
		ur.add_do_method(ResourceSaver, "save", t, path)
		ur.add_undo_property(t, "messages", before)
		ur.add_undo_method(ResourceSaver, "save", t, path)
		ur.commit_action()
	var back: Translation = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	for key: String in p.messages:
		if p.messages[key] != null and str(back.get_message(key)) != p.messages[key]:
			return c.failed("%s did not save message '%s'" % [path, key], {"path": path})
	return {"path": path, "locale": back.locale, "set": p.messages.size() - erased.size(), "erased": erased,
			"messages": back.get_message_count()}


## The CSV a .translation file was imported from, or "".
static func _csv_source(path: String) -> String:
	var dir := path.get_base_dir()
	for file in DirAccess.get_files_at(dir):
		if file.ends_with(".csv") and path in BridgeFileOps.imported_files(dir.path_join(file)):
			return dir.path_join(file)
	return ""


static func _bad_messages(messages: Dictionary, allow_null: bool) -> String:
	for key: Variant in messages:
		if str(key) == "":
			return "a message key is empty"
		if not messages[key] is String and not (allow_null and messages[key] == null):
			return "messages.%s must be a string%s, got %s" % [key, " or null" if allow_null else "", JSON.stringify(messages[key])]
	return ""
