@tool
extends RefCounted
## The file mailbox between the editor and the game it launched, in the game's user:// area (which the
## editor shares: same project, same user data dir). Shared by both sides; it knows no commands.
## One mailbox per editor, user://bridge_ipc/<key>/: two projects with the same config/name (git worktrees of
## one game) share user://, so the editor tells its game its key on the command line (--bridge-key=<key>
## after `--`) and each side reads only its own folder; a game another editor started is never answered.
##
##   game.json               the game is up: {pid, session, renderer, ...}; removed on a clean exit
##   run.json                the game's run: its hello when it started, {running: true} once it lived through its
##                           first two frames, then {ended: "quit", frames} when it ended
##                           through its scene tree (quit(), window closed); kept after it exits, so the
##                           editor tells a game that finished from one that never started
##   req-<seq>-<id>.json     one request {id, method, params}; the game deletes it when it takes it
##   res-<id>.json           its reply {id, result} or {id, error: {code, message, data}}
##   prog-<id>.json          how far a request that waits has got {progress, total, message} (overwritten)
##   cancel-<id>             the editor's client cancelled that request: the game stops waiting
##   output.jsonl            everything the game logged (prints, errors, warnings), a JSON line each, written
##                           as it happens (core/output_log.gd write_to); the editor reads it (lib/game_output.gd)
## Every file is written as `tmp-<name>` and renamed, so a reader never sees half a file.

const BridgeProcessInfo := preload("process_info.gd")
const DIR := "user://bridge_ipc"
const KEY_ARG := "--bridge-key="
const FROZEN_ARG := "--bridge-frozen"
const GAME_FILE := "game.json"
const RUN_FILE := "run.json"
const OUTPUT_FILE := "output.jsonl"
const REQUEST_PREFIX := "req-"
const REPLY_PREFIX := "res-"
const TMP_PREFIX := "tmp-"
const PROGRESS_PREFIX := "prog-"
const CANCEL_PREFIX := "cancel-"
## Game side: this game's own mailbox (set by reset() when the inspector starts), where a waiting handler's
## progress goes and its cancel comes from.
static var game_dir := ""

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


## The mailbox of the editor (or game) holding `key`.
static func dir(key: String) -> String:
	return ProjectSettings.globalize_path(DIR).path_join(key)


## The key this editor gives the games it launches: its own pid, unique among the editors on one machine.
static func editor_key() -> String:
	return "editor-%d" % OS.get_process_id()


## The key the editor gave this game: --bridge-key=<key> among the user args (scene.play); else the editor's
## pid from the engine's own --editor-pid argument (a game started with the editor's Play button; Linux
## and macOS, where the full command line is readable); else BRIDGE_GAME_KEY, else "unkeyed" (no editor reads it).
static func game_key() -> String:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with(KEY_ARG):
			return arg.substr(KEY_ARG.length())
	var args := BridgeProcessInfo.own_cmdline()
	var at := args.find("--editor-pid")
	if at >= 0 and at + 1 < args.size() and args[at + 1].is_valid_int():
		return "editor-%s" % args[at + 1]
	var env := OS.get_environment("BRIDGE_GAME_KEY")
	return env if env != "" else "unkeyed"


## Whether the editor asked for a frozen start (scene.play frozen: true).
static func frozen_start() -> bool:
	return FROZEN_ARG in OS.get_cmdline_user_args()


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
	write_atomic(game_dir, progress_name(id), JSON.stringify({"progress": done, "total": total, "message": message}))


## Game side: whether the editor's client cancelled request `id`.
static func cancelled(id: String) -> bool:
	return id != "" and game_dir != "" and FileAccess.file_exists(game_dir.path_join(cancel_name(id)))


## Game side: forgets a request's progress and cancel files once it has answered.
static func finish(id: String) -> void:
	for name: String in [progress_name(id), cancel_name(id)]:
		if FileAccess.file_exists(game_dir.path_join(name)):
			DirAccess.remove_absolute(game_dir.path_join(name))


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


## Creates the mailbox of `key` and removes what an earlier run left in it (requests, replies, temp
## files, game.json). Returns the absolute directory.
static func reset(key: String) -> String:
	var d := dir(key)
	DirAccess.make_dir_recursive_absolute(d)
	for name in DirAccess.get_files_at(d):
		DirAccess.remove_absolute(d.path_join(name))
	game_dir = d
	return d


static func error(code: int, message: String, data: Dictionary = {}) -> Dictionary:
	var e := {"code": code, "message": message}
	if not data.is_empty():
		e["data"] = data
	return {"error": e}
