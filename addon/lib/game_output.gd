@tool
extends Node
## What the game printed and logged, read into the editor's log (core/output_log.gd) as entries of source
## "game": the game's own log writes every entry to output.jsonl in its mailbox as it happens (game/ipc.gd),
## and this reads what is new there — every quarter second while a game runs, once more after it ended, and
## before every read (collect). The file is written by the game and read by the editor, so it answers while the
## game is held at an error in the debugger (its loop stopped) and after it exited, crashed or was killed,
## where the mailbox's requests cannot. One per server, made when the server starts: BridgeGameOutput.of(server).
##
## Each game is a play of its own (core/output_log.gd begin_play): scene.play begins one right before it launches
## the game (begin_play here) and the first output file header read after that (the game's session and pid) is
## that play's; a header of another session with no play waiting for it is a game the editor's own Play button
## started, and begins a play of its own. What a file holds is ingested under its play, so runtime.errors answers
## for the play running now and never for the one before it.

const BridgeIpc := preload("../game/ipc.gd")
const BridgeOutputLog := preload("../core/output_log.gd")
const BridgeGameOutput := preload("game_output.gd")
const BridgeProjectSettings := preload("project_settings.gd")

const NODE_NAME := "GameOutput"
const POLL_MS := 250

var _log: RefCounted  # core/output_log.gd (filled by a Logger from Godot 4.5)
var _key := BridgeIpc.editor_key()  # the mailbox of this editor's games (lib/game_link.gd uses the same)
var _session := ""  # the header of the run being read: a new game starts the file again
var _pid := 0
var _offset := 0
var _play := 0  # the play (core/output_log.gd begin_play) the file being read belongs to; 0 before any
var _play_waiting := false  # begin_play made a play whose game's header is not read yet
var _next_poll := 0
var _was_playing := false


static func of(server: Node) -> BridgeGameOutput:
	var live := server.get_node_or_null(NODE_NAME) as BridgeGameOutput
	if live == null:
		live = BridgeGameOutput.new()
		live.name = NODE_NAME
		live._log = BridgeOutputLog.of(server)
		server.add_child(live)
	return live


func _process(_delta: float) -> void:
	var playing := EditorInterface.is_playing_scene()
	if not playing and not _was_playing:
		return
	var now := Time.get_ticks_msec()
	if playing and now < _next_poll:
		return
	_next_poll = now + POLL_MS
	_was_playing = playing
	collect()


## Reads what the game wrote since the last read into the editor's log. Cheap when nothing is new.
func collect() -> void:
	if _log == null:
		return
	var path := BridgeIpc.dir(_key).path_join(BridgeIpc.OUTPUT_FILE)
	var file := FileAccess.open(path, FileAccess.READ)
	if file == null:
		return
	var header: Variant = _parse(file.get_line())
	if not header is Dictionary:
		return  # the game is writing its first line
	var session := str(header.get("session", ""))
	if session != _session:
		_session = session
		_pid = int(header.get("pid", 0))
		_offset = file.get_position()
		if not _play_waiting:  # a game bridge did not start (the editor's Play button): a play of its own
			_play = _log.call("begin_play", EditorInterface.get_playing_scene(), _pid)
		_play_waiting = false
		_log.call("set_play_pid", _play, _pid)
	var length := file.get_length()
	if length <= _offset:
		return
	file.seek(_offset)
	var text := file.get_buffer(length - _offset).get_string_from_utf8()
	var end := text.rfind("\n")
	if end < 0:
		return  # a line still being written
	_offset += text.substr(0, end + 1).to_utf8_buffer().size()
	for line in text.substr(0, end).split("\n", false):
		var entry: Variant = _parse(line)
		if entry is Dictionary and entry.has("type"):
			entry["pid"] = _pid
			_log.call("ingest", entry, "game", _play)


## A line's value, or null: JSON.parse_string would log each line being written as an error of the editor's.
static func _parse(line: String) -> Variant:
	var json := JSON.new()
	return json.data if json.parse(line) == OK else null


## A new play of `scene` (res://) is about to start (scene.play, right before it launches the game, once the last
## game's output was read and its mailbox emptied): what the next output file holds is this play's. Returns its id.
func begin_play(scene: String) -> int:
	if _log == null:
		return 0
	collect()  # whatever of the last game is still unread stays the last play's
	_play = _log.call("begin_play", BridgeProjectSettings.scene_path(scene))  # run/main_scene may be a uid://
	_play_waiting = true
	_session = ""
	_pid = 0
	_offset = 0
	return _play


## The play running now, or the last one: {id, pid, scene, started_unix}, or {} before any. Its pid is the
## game's hello's while its output file has not said it yet (a game that logged nothing and has not flushed).
func current_play() -> Dictionary:
	if _log == null or _play == 0:
		return {}
	var play: Dictionary = _log.call("play_info", _play)
	if int(play.get("pid", 0)) == 0 and EditorInterface.is_playing_scene():
		var hello: Variant = BridgeIpc.read_json(BridgeIpc.dir(_key).path_join(BridgeIpc.GAME_FILE))
		if hello is Dictionary and hello.get("key", "") == _key and int(hello.get("pid", 0)) > 0:
			play["pid"] = int(hello.pid)
			_log.call("set_play_pid", _play, play.pid)
	return play


## The id of the play running now, or the last one (0 before any).
func current_play_id() -> int:
	return _play


## The pid of the play running now, or the last one (0 before any, or while not known).
func last_pid() -> int:
	return int(current_play().get("pid", 0))

