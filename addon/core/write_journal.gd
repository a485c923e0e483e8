@tool
extends RefCounted
## Who wrote each file last through bridge: the router notes every file a writing command declared
## (`writes_path`) with the command, the client and the text's MD5, so an undo or redo that finds its file
## changed since (lib/text_step.gd) can name the write — "project.write_file by bridge cli" — or say the file
## was changed outside bridge when no noted write left the text it finds.

## Notes kept per file, newest last.
const KEEP := 8

static var _notes: Dictionary = {}  # path -> [{md5, command, client, msec}]


## After a command that wrote: each file among `paths` (folders and missing files are skipped) as it is now.
static func note(method: String, client: String, paths: Array) -> void:
	for raw: Variant in paths:
		var path := str(raw).simplify_path()
		if not FileAccess.file_exists(path):
			continue
		var list: Array = _notes.get(path, [])
		list.append({"md5": FileAccess.get_md5(path), "command": method, "client": client, "msec": Time.get_ticks_msec()})
		if list.size() > KEEP:
			list.pop_front()
		_notes[path] = list


## The noted write that left `text` in `path`: {command, client, msec}, or {} when none did (another program,
## the editor's own save, a bridge command that does not declare the file).
static func writer_of(path: String, text: String) -> Dictionary:
	var md5 := text.md5_text()
	var list: Array = _notes.get(path.simplify_path(), [])
	for i in range(list.size() - 1, -1, -1):
		var n: Dictionary = list[i]
		if n.md5 == md5:
			return {"command": n.command, "client": n.client, "msec": n.msec}
	return {}


## writer_of() in words: "project.write_file by bridge cli", or "a write outside bridge".
static func describe(path: String, text: String) -> String:
	var w := writer_of(path, text)
	if w.is_empty():
		return "a write outside bridge (another program, the editor, or a command that does not name the file)"
	return "%s by %s" % [w.command, w.client]
