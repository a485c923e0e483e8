@tool
extends RefCounted
## The file mailbox between the editor and the game it launched, in the game's user:// area (which the
## editor shares: same project, same user data dir). Shared by both sides; it knows no commands.
##
##   game.json               the game is up: {pid, session, renderer, ...}; removed on a clean exit
##   req-<seq>-<id>.json     one request {id, method, params}; the game deletes it when it takes it
##   res-<id>.json           its reply {id, result} or {id, error: {code, message, data}}
##   prog-<id>.json          how far a request that waits has got {progress, total, message} (overwritten)
##   cancel-<id>             the editor's client cancelled that request: the game stops waiting
## Every file is written as `tmp-<name>` and renamed, so a reader never sees half a file.

const DIR := "user://bridge_ipc"
const GAME_FILE := "game.json"
const REQUEST_PREFIX := "req-"
const REPLY_PREFIX := "res-"
const TMP_PREFIX := "tmp-"
const PROGRESS_PREFIX := "prog-"
const CANCEL_PREFIX := "cancel-"
## The request being served now (set by the inspector right before its handler runs): a handler that
## waits reads it before its first await, for progress() and cancelled().
static var current_id := ""

## Error codes shared with the editor's BridgeError (docs/errors.md).
const FAILED := -32000
const NOT_FOUND := -32001
const INVALID := -32602
const TIMEOUT := -32006
const CANCELLED := -32007


## Whether the game side runs: in a game the editor launched (its debugger is attached), or with
## BRIDGE_GAME_IPC=1 for a game started by hand; never in an export template.
static func enabled() -> bool:
	if OS.has_feature("template"):
		return false
	return EngineDebugger.is_active() or OS.get_environment("BRIDGE_GAME_IPC") == "1"


static func dir() -> String:
	return ProjectSettings.globalize_path(DIR)


static func request_name(seq: int, id: String) -> String:
	return "%s%09d-%s.json" % [REQUEST_PREFIX, seq, id]


static func reply_name(id: String) -> String:
	return "%s%s.json" % [REPLY_PREFIX, id]


static func progress_name(id: String) -> String:
	return "%s%s.json" % [PROGRESS_PREFIX, id]


static func cancel_name(id: String) -> String:
	return "%s%s" % [CANCEL_PREFIX, id]


## Game side: tells the editor how far request `id` has got (it forwards it to the client that asked).
static func progress(id: String, done: float, total: float = -1.0, message: String = "") -> void:
	if id == "":
		return
	write_atomic(dir(), progress_name(id), JSON.stringify({"progress": done, "total": total, "message": message}))


## Game side: whether the editor's client cancelled request `id`.
static func cancelled(id: String) -> bool:
	return id != "" and FileAccess.file_exists(dir().path_join(cancel_name(id)))


## Game side: forgets a request's progress and cancel files once it has answered.
static func finish(id: String) -> void:
	for name: String in [progress_name(id), cancel_name(id)]:
		if FileAccess.file_exists(dir().path_join(name)):
			DirAccess.remove_absolute(dir().path_join(name))


## Writes `text` to dir/name atomically: a temporary file first, then a rename over the final name.
static func write_atomic(dir_path: String, name: String, text: String) -> Error:
	var tmp := dir_path.path_join(TMP_PREFIX + name)
	var f := FileAccess.open(tmp, FileAccess.WRITE)
	if f == null:
		return FileAccess.get_open_error()
	f.store_string(text)
	f.close()
	return DirAccess.rename_absolute(tmp, dir_path.path_join(name))


## The parsed JSON of a file, or null when it is missing or not JSON.
static func read_json(path: String) -> Variant:
	var text := FileAccess.get_file_as_string(path)
	if text == "":
		return null
	return JSON.parse_string(text)


## Creates the mailbox and removes what an earlier run left in it (requests, replies, temp files,
## game.json). Returns the absolute directory.
static func reset() -> String:
	var d := dir()
	DirAccess.make_dir_recursive_absolute(d)
	for name in DirAccess.get_files_at(d):
		DirAccess.remove_absolute(d.path_join(name))
	return d


static func error(code: int, message: String, data: Dictionary = {}) -> Dictionary:
	var e := {"code": code, "message": message}
	if not data.is_empty():
		e["data"] = data
	return {"error": e}
