@tool
extends RefCounted
## One file's text change as an action of an undo history — (path, text before, text after) — whose undo and
## redo never write over a change they did not make. A move finds the file as the step left it and writes its
## text; or finds it changed since (a non-undoable command, another client, another program) and carries only
## its own change onto the current text (a line-level three-way merge, lib/text_merge.gd) when the two touch
## different lines; otherwise it keeps the current text and says so: editor.undo / editor.redo refuse then,
## naming the write and the lines that would be lost, unless forced; the editor's own Ctrl+Z, which cannot be
## refused, keeps the file and logs a warning. Used by every command that writes a text file undoably
## (script.edit, script.function_set, resource.set, localization.messages_set, export.preset_*); proved by test/e2e/commands/editor/undo-text.e2e.test.ts.

const BridgeFileOps := preload("file_ops.gd")
const BridgeSettings := preload("../core/settings.gd")
const BridgeTextMerge := preload("text_merge.gd")
const BridgeUndoStep := preload("../core/undo_step.gd")
const BridgeWriteJournal := preload("../core/write_journal.gd")

## How a move that meets a conflicting change acts: "" (the editor's own undo: keep the file, warn),
## "refuse" (editor.undo / editor.redo: keep the file and report, so the command refuses), "force" (write the
## step's text over the change).
static var policy := ""
## What each move did while editor.undo / editor.redo ran ([] otherwise): [{path, move, outcome, since?, lost?}].
static var moves: Array = []
## The lines a refusal lists at most.
const LOST_SHOWN := 20

var path: String
var before: String
var after: String
## The last move kept the file as it found it (a conflict): the next move, its reverse, leaves it too.
var _kept := false


func _init(p_path: String, p_before: String, p_after: String) -> void:
	path = p_path
	before = p_before
	after = p_after


## Writes `new_text` over `old_text` as an undoable action in the editor's global history (the open step of the
## command when there is one); OK when the file then holds `new_text`.
static func commit(undo_step: RefCounted, action: String, file: String, old_text: String, new_text: String) -> int:
	var me: GDScript = load(BridgeSettings.addon_dir().path_join("lib/text_step.gd"))  # this file: no class_name
	var step: RefCounted = me.new(file, old_text, new_text)
	var ur := BridgeUndoStep.action_for(undo_step, action, ProjectSettings)
	ur.add_do_method(step, "redo")
	ur.add_undo_method(step, "undo")
	ur.commit_action()
	return OK if FileAccess.file_exists(file) and FileAccess.get_file_as_string(file) == new_text else ERR_FILE_CANT_WRITE


## Saves a loaded resource to its text file (.tres) as a text step: the file's text before and after the save
## are the step, and each move reloads the resource from the file, so the editor holds what the file holds.
## Set the resource's new values first. OK when saved.
static func commit_save(undo_step: RefCounted, action: String, res: Resource, file: String) -> int:
	var old_text := FileAccess.get_file_as_string(file)
	var err := ResourceSaver.save(res, file)
	if err != OK:
		return err
	return commit(undo_step, action, file, old_text, FileAccess.get_file_as_string(file))


## Whether commit_save() can make a text step of `file` (a binary resource has no lines to merge).
static func is_text_resource(file: String) -> bool:
	return file.get_extension() == "tres"


## Starts a bridge undo or redo: moves report what they did, and act by `how` ("refuse" or "force").
static func begin(how: String) -> void:
	policy = how
	moves = []


## Ends it: the moves made, and the editor's own undo acts as before.
static func end() -> Array:
	var out := moves
	policy = ""
	moves = []
	return out


func redo() -> void:
	_move(before, after, "redo")


func undo() -> void:
	_move(after, before, "undo")


func _move(from: String, to: String, verb: String) -> void:
	if _kept:
		_kept = false  # the reverse of a move that kept the file: the file is as that move found it
		_report(verb, "kept", {})
		return
	var exists := FileAccess.file_exists(path)
	var current := FileAccess.get_file_as_string(path) if exists else ""
	# a missing file is the empty text a step that made the file starts from (export_presets.cfg)
	if current == to and (exists or to == ""):
		_report(verb, "applied", {})
		return
	if current == from and (exists or from == ""):
		_write(to)
		_report(verb, "applied", {})
		return
	var merged: Dictionary = BridgeTextMerge.merge3(from, current, to) if exists else {"ok": false}
	if merged.ok:
		_write(merged.text)
		_report(verb, "merged", {"since": BridgeWriteJournal.describe(path, current)})
		return
	var found := {"since": BridgeWriteJournal.describe(path, current) if exists else "the file was deleted",
			"lost": _lost(from, current)}
	if policy == "force":
		_write(to)
		_report(verb, "forced", found)
		return
	_kept = true
	_report(verb, "kept", found)
	if policy == "":
		push_warning(("bridge: the editor's %s left %s as it is: it was changed since the step was made (%s) on the " +
				"lines the step changed, so the step's change was not %s (editor.%s with force: true writes it)") % [
				verb, path, found.since, "undone" if verb == "undo" else "redone", verb])


## The lines of `current` that the write since put there (what writing the step's text would lose):
## [{line, text}], 1-based lines of `current`, at most LOST_SHOWN.
static func _lost(from: String, current: String) -> Array:
	var out: Array = []
	var found: Variant = BridgeTextMerge.hunks(from.split("\n"), current.split("\n"))
	if found == null:
		return [{"line": 1, "text": current.left(200)}]
	var shift := 0
	for h: Dictionary in found:
		for k: int in h.lines.size():
			if out.size() < LOST_SHOWN:
				out.append({"line": h.start + shift + k + 1, "text": h.lines[k]})
		shift += h.lines.size() - (h.end - h.start)
	return out


func _write(text: String) -> void:
	if BridgeFileOps.write_text(path, text) != OK or not path.begins_with("res://"):
		return
	var fs := EditorInterface.get_resource_filesystem()
	if fs.get_file_type(path) != "":
		fs.update_file(path)
	# a loaded text resource takes the file's values in place (scripts and shaders: FileOps.write_text's sync)
	if is_text_resource(path) and ResourceLoader.has_cached(path):
		ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_REPLACE)


func _report(verb: String, outcome: String, found: Dictionary) -> void:
	if policy == "":  # the editor's own undo: nobody reads the moves (a kept one logs its warning)
		return
	var entry := {"path": path, "move": verb, "outcome": outcome}
	entry.merge(found)
	moves.append(entry)
