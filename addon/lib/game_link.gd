@tool
extends Node
## The editor's end of the game mailbox (game/ipc.gd): sends runtime.* and input.* requests to the game
## the editor is playing and hands each caller its own reply (by id). Checked every editor frame:
## replies, deadlines, and whether the game stopped, crashed or is paused at a breakpoint, so a caller
## gets a clear error within a frame or two instead of a bare timeout. Callers await; the editor loop
## and other clients carry on meanwhile. One per server: BridgeGameLink.of(server).

const BridgeIpc := preload("../game/ipc.gd")
const BridgeProcessInfo := preload("../game/process_info.gd")
const BridgeError := preload("../core/bridge_error.gd")
const BridgeCallContext := preload("../core/call_context.gd")
## How long a cancelled request may take to stop in the game before the editor stops waiting for it.
const CANCEL_GRACE_MS := 2000
const BridgeSettings := preload("../core/settings.gd")
const BridgeGameLink := preload("game_link.gd")
const BridgeGamePause := preload("game_pause.gd")
const BridgeCompat := preload("../core/compat.gd")

const NODE_NAME := "GameLink"
## How long a late reply's id is remembered so the file is deleted, never read as another call's answer.
const ABANDONED_TTL_MS := 120_000
## After a snippet's error is continued: frames without a stop (within SETTLE_MS) before its caller is answered.
const SETTLE_FRAMES := 10
const SETTLE_MS := 1000
## The commands whose code runs in the game as a compiled snippet (game/eval.gd): an error of the snippet's own
## breaks into the debugger, is continued, and is that call's error.
const SNIPPET_METHODS := ["runtime.eval", "runtime.wait_until", "runtime.step", "runtime.record"]

## The game's hello (game.json): pid, session, display server, ...; empty until the game answered.
var game: Dictionary = {}
## This editor's mailbox key; the games it launches get it on their command line (game/ipc.gd).
var key := BridgeIpc.editor_key()
## Where its games write their log (scene.play passes --log-file; commands/scene/lib/game_exit.gd reads it):
## a folder of its own in the temp dir (the engine keeps rotated older logs beside the file), removed with
## the editor; "" when the path has a space, as the editor splits the run args at spaces.
var log_path := _log_path(key)
var _dir := BridgeIpc.dir(key)
var _seq := 0
var _pending: Dictionary = {}  # id -> {method, deadline, done, reply}
var _abandoned: Dictionary = {}  # id -> forget-after msec
var _debugger: EditorDebuggerPlugin
var _stop_reason := ""  # set by scene.stop, so callers hear "stopped by scene.stop"
## Where the game held in the debugger stopped (lib/game_pause.gd); watching from the link's creation.
var pause: BridgeGamePause
## The parameters of the last scene.play (debug.restart plays them again).
var last_play: Dictionary = {}
var _holding := false  # a held game is being described (and a snippet's error continued) right now


## The server's link, created on first use.
static func of(server: Node) -> BridgeGameLink:
	var link := server.get_node_or_null(NODE_NAME) as BridgeGameLink
	if link == null:
		link = BridgeGameLink.new()
		link.name = NODE_NAME
		server.add_child(link)
		var plugin: EditorPlugin = server.get("plugin")
		if plugin:
			link._debugger = EditorDebuggerPlugin.new()
			plugin.add_debugger_plugin(link._debugger)
		link.pause = BridgeGamePause.new(link.active_session)
		link.add_child(link.pause)
		link.pause.watch()
	return link


func _exit_tree() -> void:
	var plugin: EditorPlugin = get_parent().get("plugin") if get_parent() else null
	if plugin and _debugger:
		plugin.remove_debugger_plugin(_debugger)
	# the games' log folder goes with the link (scene.play makes it again); the mailbox stays: a link made
	# again (the plugin re-enabled) talks to the same game through it
	var logs := log_path.get_base_dir() if log_path != "" else ""
	if logs != "" and DirAccess.dir_exists_absolute(logs):
		for file: String in DirAccess.get_files_at(logs):
			DirAccess.remove_absolute(logs.path_join(file))
		DirAccess.remove_absolute(logs)


static func _log_path(editor_key: String) -> String:
	var path := BridgeCompat.temp_dir().path_join("bridge-game-%s" % editor_key).path_join("game.log")
	return "" if path.contains(" ") else path


## Empties the mailbox before a new game starts: nothing from an earlier run can be taken for its.
func reset_for_play() -> void:
	_fail_all(_stopped_error("a new game was started with scene.play"))
	game = {}
	_stop_reason = ""
	pause.reload_pending = false
	BridgeIpc.reset(key)


func note_stopping(reason: String) -> void:
	_stop_reason = reason


## The game's hello once its autoload is up, else {}. Read from game.json again whenever the cached
## game is gone (a game restarted from the editor's own Play button writes a new one).
func hello() -> Dictionary:
	if not EditorInterface.is_playing_scene():
		game = {}
	elif game.is_empty() or not pid_alive(_pid(game)):
		var g: Variant = BridgeIpc.read_json(_dir.path_join(BridgeIpc.GAME_FILE))
		var written: Dictionary = g if g is Dictionary else {}
		game = written if written.has("pid") and written.get("key") == key and pid_alive(_pid(written)) else {}
	return game


func game_alive() -> bool:
	if not EditorInterface.is_playing_scene():
		return false
	var pid := _pid(game)
	return pid == 0 or pid_alive(pid)


## A hello's pid (JSON numbers arrive as floats), 0 when it has none.
static func _pid(hello_file: Dictionary) -> int:
	var pid: int = hello_file.get("pid", 0)
	return pid


## Whether process `pid` still runs, without reaping it (game/process_info.gd has each platform's way).
static func pid_alive(pid: int) -> bool:
	return BridgeProcessInfo.pid_alive(pid)


## Whether a debugger session of a game is still open. The editor ends a game's session a few frames
## after the game's process ends; a game started before that can be stopped by it.
func debugger_session_open() -> bool:
	if _debugger == null:
		return false
	for s: EditorDebuggerSession in _debugger.get_sessions():
		if s.is_active():
			return true
	return false


## The debugger session of the game being played, or null.
func active_session() -> EditorDebuggerSession:
	if _debugger == null:
		return null
	for s: EditorDebuggerSession in _debugger.get_sessions():
		if s.is_active():
			return s
	return null


func paused_at_breakpoint() -> bool:
	if _debugger == null:
		return false
	for s: EditorDebuggerSession in _debugger.get_sessions():
		if s.is_breaked():
			return true
	return false


## Sends one request and awaits its reply: the result, or a BridgeError. `context` (core/call_context.gd):
## the game's progress for it (prog-<id>.json) goes to the client, and a cancel is passed on to the game
## (cancel-<id>), which stops where it stands and answers; past CANCEL_GRACE_MS the wait ends anyway.
func request(method: String, params: Dictionary, timeout_ms: int, context: BridgeCallContext = null) -> Variant:
	var problem: Variant = await _check_ready(method)
	if problem != null:
		return problem
	_seq += 1
	var id := "%d-%d" % [Time.get_ticks_usec(), _seq]
	var entry := {"method": method, "deadline": Time.get_ticks_msec() + timeout_ms, "timeout_ms": timeout_ms, "done": false, "reply": null}
	_pending[id] = entry
	var err := BridgeIpc.write_atomic(_dir, BridgeIpc.request_name(_seq, id), JSON.stringify({"id": id, "method": method, "params": params}))
	if err != OK:
		_pending.erase(id)
		return BridgeError.failed("cannot write to the game mailbox %s: %s" % [_dir, error_string(err)])
	var cancel_sent := -1
	var last_progress := ""
	while not entry.done:
		await get_tree().process_frame
		if context == null or entry.done:
			continue
		if context.wants_progress():
			var text := FileAccess.get_file_as_string(_dir.path_join(BridgeIpc.progress_name(id)))
			if text != "" and text != last_progress:
				last_progress = text
				var parsed: Variant = JSON.parse_string(text)
				if parsed is Dictionary:
					var said: Dictionary = parsed
					var done: float = said.get("progress", 0.0)
					var total: float = said.get("total", -1.0)
					context.progress(done, total, str(said.get("message", "")))
		if context.cancelled and cancel_sent < 0:
			cancel_sent = Time.get_ticks_msec()
			BridgeIpc.write_atomic(_dir, BridgeIpc.cancel_name(id), "cancel")
		elif cancel_sent >= 0 and Time.get_ticks_msec() - cancel_sent > CANCEL_GRACE_MS:
			_abandon(id)
			_finish(id, BridgeCallContext.cancelled_error(
					"the game did not stop within %d ms; runtime.status shows what it is doing" % CANCEL_GRACE_MS))
	if cancel_sent >= 0 and FileAccess.file_exists(_dir.path_join(BridgeIpc.cancel_name(id))):
		DirAccess.remove_absolute(_dir.path_join(BridgeIpc.cancel_name(id)))  # answered before the game saw it
	return entry.reply


func _process(_delta: float) -> void:
	if _pending.is_empty() and _abandoned.is_empty():
		return
	var now := Time.get_ticks_msec()
	for id: String in _pending.keys():
		var path := _dir.path_join(BridgeIpc.reply_name(id))
		var waiting: Dictionary = _pending[id]
		if _holding and waiting.has("snippet_errors"):
			continue  # answered once the debugger has settled after the snippet's error (_on_held)
		if FileAccess.file_exists(path):
			var reply: Variant = BridgeIpc.read_json(path)
			DirAccess.remove_absolute(path)
			var entry: Dictionary = _pending[id]
			var method: String = entry.method
			var decoded: Variant = _decode(reply)
			if entry.has("snippet_errors"):
				var caught: Array = entry.snippet_errors
				decoded = BridgeGamePause.snippet_failure(method, decoded, caught)
			_finish(id, decoded)
		elif now > _pending[id].deadline:
			var e: Dictionary = _pending[id]
			_abandon(id)
			_finish(id, BridgeError.new(BridgeError.TIMEOUT, ("the game did not answer within %d ms; it still runs (busy, or " +
					"blocked in its own code); runtime.status checks it") % e.timeout_ms, {"timeout_ms": e.timeout_ms}))
	if not _pending.is_empty():
		if paused_at_breakpoint():
			if not _holding:
				@warning_ignore("missing_await")
				_on_held()  # runs on by itself; _holding keeps a second one from starting meanwhile
		elif not game_alive():
			_fail_all(_stopped_error())
	for id: String in _abandoned.keys():
		var path := _dir.path_join(BridgeIpc.reply_name(id))
		if FileAccess.file_exists(path):
			DirAccess.remove_absolute(path)  # a late reply: its caller has gone
			_abandoned.erase(id)
		elif now > _abandoned[id]:
			_abandoned.erase(id)


## Why a game call cannot be sent now, or null. Waits (up to 10 s) for a game that is starting.
func _check_ready(method: String) -> Variant:
	if not EditorInterface.is_playing_scene():
		return BridgeError.new(BridgeError.GAME_NOT_RUNNING,
				"%s needs a running game and none is running; start one with scene.play" % method, {"playing": false})
	if paused_at_breakpoint():
		return await pause.error()
	var until := Time.get_ticks_msec() + 10_000
	while hello().is_empty():
		if not EditorInterface.is_playing_scene():
			return _stopped_error()
		if Time.get_ticks_msec() > until:
			return BridgeError.failed("a game is running but its bridge autoloads never answered; is MCPGameInspector " +
					"in project.godot's [autoload]? Enable the bridge plugin again (or bridge install --enable), " +
					"then scene.play")
		await get_tree().process_frame
	return null


func _decode(raw: Variant) -> Variant:
	if not raw is Dictionary:
		return BridgeError.failed("the game wrote a reply that is not JSON")
	var reply: Dictionary = raw
	if reply.has("error") and reply.error is Dictionary:
		var e: Dictionary = reply.error
		var code: int = e.get("code", BridgeError.COMMAND_FAILED)
		var data: Dictionary = e.get("data", {}) if e.get("data") is Dictionary else {}
		return BridgeError.new(code, str(e.get("message", "failed in the game")), data)
	return reply.get("result")


func _finish(id: String, reply: Variant) -> void:
	var e: Dictionary = _pending[id]
	_pending.erase(id)
	e.reply = reply
	e.done = true


func _abandon(id: String) -> void:
	_abandoned[id] = Time.get_ticks_msec() + ABANDONED_TTL_MS
	for file in DirAccess.get_files_at(_dir):  # not taken yet: withdraw it
		if file.begins_with(BridgeIpc.REQUEST_PREFIX) and file.ends_with("-%s.json" % id):
			DirAccess.remove_absolute(_dir.path_join(file))


func _fail_all(error: BridgeError) -> void:
	for id: String in _pending.keys():
		_abandon(id)
		_finish(id, error)


func _stopped_error(reason: String = "") -> BridgeError:
	var why := reason if reason != "" else _stop_reason
	if why == "":
		var clean := not FileAccess.file_exists(_dir.path_join(BridgeIpc.GAME_FILE))
		why = "it quit" if clean and not game.is_empty() else "it exited, crashed or was killed"
	return BridgeError.new(BridgeError.GAME_NOT_RUNNING, "the game stopped (%s) before answering; start it again with scene.play" % why,
			{"playing": false, "stopped": true, "pid": game.get("pid", 0)})


## The game broke into the debugger while calls waited. A runtime.eval snippet's own error is that call's
## error: the game is continued (the snippet stops, the game goes on) and the reply carries the snippet's
## line. Any other stop fails every waiting call with where the game is held.
func _on_held() -> void:
	_holding = true
	var info: Dictionary = await pause.describe()
	var caught := BridgeGamePause.snippet_error(info)
	var evals := _pending.keys().filter(func(id: String) -> bool: return _pending[id].method in SNIPPET_METHODS)
	if not caught.is_empty() and not evals.is_empty():
		for id: String in evals:
			var entry: Dictionary = _pending[id]
			var seen: Array = entry.get("snippet_errors", [])
			seen.append(caught)
			_pending[id]["snippet_errors"] = seen
		if await pause.resume():
			# the dock can show the stop again for a few frames after the game went on: wait until it has shown
			# none for a while, so the snippet's caller and the next call do not meet a stop that is gone
			var calm := 0
			var until := Time.get_ticks_msec() + SETTLE_MS
			while calm < SETTLE_FRAMES and Time.get_ticks_msec() < until:
				await get_tree().process_frame
				calm = 0 if paused_at_breakpoint() else calm + 1
			_holding = false
			return
	if paused_at_breakpoint():
		for id: String in _pending.keys():
			# cancelled too: a step the game runs stops at its next whole tick once it goes on, so the stopped
			# line does not run again tick after tick before a reload sent meanwhile applies (in an idle frame)
			BridgeIpc.write_atomic(_dir, BridgeIpc.cancel_name(id), "cancel")
			_abandon(id)
			_finish(id, BridgeGamePause.error_from(info))
	_holding = false
