@tool
extends RefCounted
## One rule for the text files the editor holds open (scripts, shaders): the Script Editor or Shader Editor
## tab, the loaded resource and the file on disk hold the same text — after any write, an undo, or a change
## made by another program — so no later save or play writes an older copy back over the file. The one
## text-writing helper (file_ops.gd write_text) calls sync() on each file it writes; the router calls settle()
## around every command that is not read-only (undo and redo included). Proved by
## test/e2e/commands/script/stale-text.e2e.test.ts.

const BridgeSettings := preload("../core/settings.gd")
const BridgeCompat := preload("../core/compat.gd")

## The text resources the editor keeps loaded and shows in a tab of its own.
const TEXT_EXTENSIONS := ["gd", "gdshader", "gdshaderinc"]

## What the last sync() of each path did (a writer reads whether the script it wrote compiles).
static var _last: Dictionary = {}


## After a command that can write: every open tab whose file changed on disk takes the file's text, and
## so does each file (or every text file under each folder) in `written`. Before one: the tabs only, so a
## file changed by another program (a `git checkout`) is picked up before the editor saves.
static func settle(written: Array = []) -> void:
	var done := {}
	for path: String in _tab_paths():
		done[path] = true
		sync(path)
	for raw: Variant in written:
		for path: String in _text_files(str(raw)):
			if not done.has(path):
				done[path] = true
				sync(path)


## Makes the editor's copies of one file equal to the file: its open tab and its loaded resource. A
## script that does not compile keeps the new text (it then fails, and says so, until it is fixed) —
## never the old one, which the next save would write back. {path, reloaded?, compiles?, error?}: reloaded when
## the loaded resource took the file's text; compiles then, for a script.
static func sync(path: String) -> Dictionary:
	var out := {"path": path}
	_last[path] = out
	if not _is_file(path) or not path.get_extension() in TEXT_EXTENSIONS or not FileAccess.file_exists(path) or _is_bridge(path):
		return out
	var disk := FileAccess.get_file_as_string(path)
	var res: Resource = BridgeCompat.cached_resource(path)
	var held := _text_of(res)
	_sync_script_tabs(path, disk)
	if res is Shader or res is ShaderInclude:
		_sync_shader_tabs(held, disk)
	if res == null or held == disk:
		return out
	# set through the method, not the property: a property set marks the resource edited, and the editor
	# saves edited resources (from memory) whenever it saves a scene
	if res is Script:
		var script: Script = res
		script.set_source_code(disk)
		var err := script.reload(true)
		out["compiles"] = err == OK
		if err != OK:
			out["error"] = error_string(err)
	elif res is Shader:
		(res as Shader).set_code(disk)
	elif res is ShaderInclude:
		(res as ShaderInclude).set_code(disk)
	out["reloaded"] = true
	return out


## What the last sync() of `path` did ({path} alone when it changed nothing loaded).
static func last_sync(path: String) -> Dictionary:
	return _last.get(path, {"path": path})


## The res:// paths of the scripts open in the Script Editor.
static func _tab_paths() -> Array:
	var out: Array = []
	var editor := EditorInterface.get_script_editor()
	if editor == null:
		return out
	for script: Script in editor.get_open_scripts():
		if script != null and _is_file(script.resource_path) and not script.resource_path in out:
			out.append(script.resource_path)
	return out


## Each Script Editor tab showing `path` shows `text`, saved (so the editor's save and its "apply before
## run" push this text, not the tab's older one). A tab with unsaved typing keeps it while the file is
## what its script last loaded; once the file changed under it, the file wins.
static func _sync_script_tabs(path: String, text: String) -> void:
	var editor := EditorInterface.get_script_editor()
	if editor == null:
		return
	var scripts := editor.get_open_scripts()
	# get_open_script_editors() lists the text-file tabs too; get_open_scripts() only the scripts, in tab order
	var editors := editor.get_open_script_editors().filter(func(e: ScriptEditorBase) -> bool: return e.get_class() != "TextEditor")
	if editors.size() != scripts.size():
		push_warning("bridge: the Script Editor's tabs and scripts do not line up (%d/%d); %s's tab was not refreshed" % [
				editors.size(), scripts.size(), path])
		return
	for i in scripts.size():
		var script: Script = scripts[i]
		if script == null or script.resource_path != path:
			continue
		var tab: ScriptEditorBase = editors[i]
		var code := tab.get_base_editor() as CodeEdit
		if code == null:
			continue
		var dirty := code.get_version() != code.get_saved_version()
		if dirty and script.source_code == text:
			continue  # someone's unsaved typing over an unchanged file: the editor's save is theirs to make
		if code.text != text:
			_set_text(code, text)
		code.tag_saved_version()


## The Shader Editor's tabs that showed the shader's previous code, unedited, show `text`.
static func _sync_shader_tabs(previous: String, text: String) -> void:
	if previous == text:
		return
	for shader_editor: Node in EditorInterface.get_base_control().find_children("*", "TextShaderEditor", true, false):
		for node: Node in shader_editor.find_children("*", "CodeEdit", true, false):
			var code: CodeEdit = node
			if code.text == previous and code.get_version() == code.get_saved_version():
				_set_text(code, text)
				code.tag_saved_version()


## Replaces a tab's text keeping the caret and scroll where they were, as the editor's own reload does.
static func _set_text(code: CodeEdit, text: String) -> void:
	var line := code.get_caret_line()
	var column := code.get_caret_column()
	var scroll := code.scroll_vertical
	code.text = text
	code.set_caret_line(mini(line, code.get_line_count() - 1))
	code.set_caret_column(column)
	code.scroll_vertical = scroll


## `path` when it is a text file, or every text file under it when it is a folder.
static func _text_files(path: String) -> Array:
	if not _is_file(path):
		return []
	if not DirAccess.dir_exists_absolute(path):
		return [path] if path.get_extension() in TEXT_EXTENSIONS else []
	var out: Array = []
	for f in DirAccess.get_files_at(path):
		if f.get_extension() in TEXT_EXTENSIONS:
			out.append(path.path_join(f))
	for d in DirAccess.get_directories_at(path):
		if not d.begins_with("."):
			out.append_array(_text_files(path.path_join(d)))
	return out


static func _text_of(res: Resource) -> String:
	if res is Script:
		return (res as Script).source_code
	if res is Shader:
		return (res as Shader).code
	if res is ShaderInclude:
		return (res as ShaderInclude).code
	return ""


static func _is_file(path: String) -> bool:
	return path.begins_with("res://") and not path.contains("::")


## The bridge's own scripts: reloading them under the running plugin would swap its code mid-call.
static func _is_bridge(path: String) -> bool:
	return path.to_lower().begins_with(BridgeSettings.addon_dir().to_lower() + "/")
