@tool
extends RefCounted
## Keeps the editor's recent errors and warnings (push_error/push_warning, engine errors, script and
## shader errors, printerr) in a bounded ring, each with a sequence number, for editor.errors; and plain
## print() lines in a ring of their own (so chatty output never pushes errors out), for editor.output.
## The same class runs in the game (game/inspector.gd), where it also writes every entry to a file in the
## mailbox the moment it is logged (write_to): lib/game_output.gd reads that file into the editor's log
## (ingest), as entries of source "game" in rings of their own, so a chatty game never pushes out the
## editor's entries, and the game's output stays readable while it is held in the debugger and after it exited.
## Every entry names the play it came from (`play`: {id, pid, scene, started_unix}; null for the editor's own):
## the editor numbers each play it starts (begin_play, by lib/game_output.gd for scene.play and for a game the
## editor's Play button started) and ingest tags what that game logged, so an earlier play's errors are never
## read as this one's. One sequence covers every play, so a cursor (since) pages across them.
## What fills it is lib/output_capture.gd, a Logger (Godot 4.5+) that core/compat.gd installs where the engine
## has one; before 4.5 nothing is captured (`capturing` is false) and the commands that read it declare since 4.5.

const BridgeCompat := preload("../core/compat.gd")

const TYPES := ["error", "warning", "script", "shader"]
## Every entry type: the error ones above, printerr lines ("stderr") and print lines ("print").
const KINDS := ["print", "stderr", "error", "warning", "script", "shader"]
const META := &"bridge_output_log"
const SOURCES := ["editor", "game"]
## Entries each ring keeps (errors and prints apart, per source).
const CAPACITY := 1000
## Plays remembered (begin_play): the oldest are forgotten with what they logged long gone from the rings.
const PLAYS_KEPT := 100
## What a game may write to its output file: past this only errors and warnings go on, past twice this nothing.
const FILE_CAP := 8 << 20

## Godot calls loggers from any thread: every access to the ring holds this lock.
var _mutex := Mutex.new()
var _entries: Array[Dictionary] = []
var _prints: Array[Dictionary] = []
## Entries another process logged (the game's, by ingest), each source in rings of its own: {source: [errors, prints]}.
var _ingested: Dictionary = {}
var _next_seq := 1
var _capacity: int
## The plays begun in this log (begin_play), oldest first: {id, pid, scene, started_unix}.
var _plays: Array[Dictionary] = []
var _next_play := 1
## Who logs the entries this logger captures itself: "editor", or "game" in the game.
var source := "editor"
var _sink: FileAccess  # the game's output file (write_to), or null
var _sink_capped := false
## The addon's folder (res://addons/bridge/), to tell bridge's own GDScript frames.
static var _addon_dir := ""
## The log of the running server (null before one is installed): lets static helpers such as
## lib/property_path.gd quote what the engine logged while a value was set.
static var active: RefCounted
## The engine logger feeding this log (lib/output_capture.gd), or null where the engine has none (before 4.5).
var _capture: RefCounted
## Whether this log receives what the engine logs: false before Godot 4.5, which has no Logger API.
var capturing: bool:
	get:
		return _capture != null


## The server's log, its capture installed on first use and removed when the server leaves the tree. Null
## without a server (e.g. a group instantiated only to read its declarations).
static func of(server: Node) -> RefCounted:
	if server == null:
		return null
	if server.has_meta(META):
		return server.get_meta(META)
	var logger: RefCounted = new()
	server.set_meta(META, logger)
	logger.call("start_capture")
	active = logger
	server.tree_exiting.connect(func() -> void:
		logger.call("stop_capture")
		if active == logger:
			active = null, CONNECT_ONE_SHOT)
	return logger


## Starts feeding this log from the engine's logging (Compat.add_logger: a no-op before 4.5). Returns whether it does.
func start_capture() -> bool:
	if _capture == null:
		var own: Script = get_script()
		_capture = BridgeCompat.add_logger(self, own.resource_path.get_base_dir().path_join("output_capture.gd"))
	return _capture != null


func stop_capture() -> void:
	if _capture != null:
		BridgeCompat.remove_logger(_capture)
		_capture = null


func _init(capacity: int = CAPACITY) -> void:
	_capacity = capacity
	var own: Script = get_script()
	_addon_dir = own.resource_path.get_base_dir().get_base_dir() + "/"


## The text without terminal colour codes (print_rich, the editor's progress lines) and other control
## characters but tab and newline: JSON.stringify would pass them through raw, and no client parses that.
static func plain(text: String) -> String:
	if text.contains(char(27)):
		text = RegEx.create_from_string("\u001b\\[[0-9;?]*[ -/]*[@-~]").sub(text, "", true)
	for c in range(1, 32):  # a String never holds NUL (char(0) itself logs a Unicode error)
		if c != 9 and c != 10 and text.contains(char(c)):
			text = text.replace(char(c), "")
	return text


## One entry the engine logged (lib/output_capture.gd calls this from any thread).
func append(entry: Dictionary, is_print: bool = false) -> void:
	entry["time_ms"] = Time.get_ticks_msec()
	entry["source"] = source
	_mutex.lock()
	entry["seq"] = _next_seq
	_next_seq += 1
	var ring := _prints if is_print else _entries
	ring.append(entry)
	if ring.size() > _capacity:
		ring.remove_at(0)
	if _sink != null:
		_write(entry, is_print)
	_mutex.unlock()


## Game side: from now on every entry is also written to `path` as a line of JSON and flushed at once, so the
## editor reads it while the game is held in the debugger and after it exited or was killed. The file starts
## with a header line {"session", "pid"} and what was logged before this call. Returns the open error.
func write_to(path: String, header: Dictionary) -> Error:
	var file := FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		return FileAccess.get_open_error()
	_mutex.lock()
	file.store_line(JSON.stringify(header))
	var earlier: Array[Dictionary] = _entries + _prints
	earlier.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.seq < b.seq)
	_sink = file
	for e in earlier:
		_write(e, e.type == "print")
	file.flush()  # the header at once: a game that logs nothing is still known (its pid) to the editor
	_mutex.unlock()
	return OK


## One entry to the sink (the mutex held). Past FILE_CAP a chatty game's print lines stop (one warning says
## so); past twice that, everything.
func _write(entry: Dictionary, is_print: bool) -> void:
	var size := _sink.get_position()
	if size > FILE_CAP * 2 or (is_print and size > FILE_CAP):
		if not _sink_capped:
			_sink_capped = true
			_sink.store_line(JSON.stringify({"type": "warning", "message": "bridge: the game logged more than %d MB; its later print lines are not captured" % (FILE_CAP >> 20),
					"seq": entry.seq, "time_ms": entry.time_ms, "source": source}))
			_sink.flush()
		return
	_sink.store_line(JSON.stringify(entry))
	_sink.flush()


## Editor side: an entry another process logged (lib/game_output.gd reads the game's), under its own source,
## with a sequence number of this log (its own "seq" is kept as "game_seq"), so one cursor pages both; `play`
## is the id of the play that logged it (begin_play), 0 for none.
func ingest(entry: Dictionary, from: String, play: int = 0) -> void:
	var e := entry.duplicate()
	if e.has("seq"):
		e["game_seq"] = e.seq
	e["source"] = from
	e["play"] = play
	var is_print: bool = e.get("type", "") == "print"
	_mutex.lock()
	e["seq"] = _next_seq
	_next_seq += 1
	if not _ingested.has(from):
		var errors_ring: Array[Dictionary] = []
		var prints_ring: Array[Dictionary] = []
		_ingested[from] = [errors_ring, prints_ring]
	var ring: Array[Dictionary] = _ingested[from][1 if is_print else 0]
	ring.append(e)
	if ring.size() > _capacity:
		ring.remove_at(0)
	_mutex.unlock()


## Editor side: a new play starts (scene.play, or a game the editor's Play button started): returns its id, which
## ingest tags what that game logs with. `scene` is the res:// scene it plays; pid 0 until it is known (set_play_pid).
func begin_play(scene: String, pid: int = 0) -> int:
	_mutex.lock()
	var id := _next_play
	_next_play += 1
	_plays.append({"id": id, "pid": pid, "scene": scene, "started_unix": Time.get_unix_time_from_system()})
	if _plays.size() > PLAYS_KEPT:
		_plays.remove_at(0)
	_mutex.unlock()
	return id


## The pid of play `id`, once the game said it (its output file's header, or its hello).
func set_play_pid(id: int, pid: int) -> void:
	_mutex.lock()
	for play in _plays:
		if play.id == id:
			play["pid"] = pid
	_mutex.unlock()


## Play `id` as {id, pid, scene, started_unix}, or {} when it is not (or no longer) known.
func play_info(id: int) -> Dictionary:
	_mutex.lock()
	var out := {}
	for play in _plays:
		if play.id == id:
			out = play.duplicate()
	_mutex.unlock()
	return out


## Every play remembered, oldest first.
func plays() -> Array[Dictionary]:
	_mutex.lock()
	var out: Array[Dictionary] = []
	for play in _plays:
		out.append(play.duplicate())
	_mutex.unlock()
	return out


## Removes and returns this log's own entries with seq >= since: what a check that reports the engine's
## complaints itself (test.scenes_load loading a broken scene) logged, kept out of editor.errors.
func take(since: int) -> Array[Dictionary]:
	_mutex.lock()
	var out: Array[Dictionary] = []
	for ring: Array[Dictionary] in [_entries, _prints]:
		for i in range(ring.size() - 1, -1, -1):
			if ring[i].seq >= since:
				out.append(ring[i])
				ring.remove_at(i)
	_mutex.unlock()
	out.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.seq < b.seq)
	return out


## The sequence number the next entry will get: pass it as `since` to read only what comes after.
func next_seq() -> int:
	_mutex.lock()
	var n := _next_seq
	_mutex.unlock()
	return n


## A sequence number no entry of this log has, for an entry kept elsewhere and merged in when read
## (core/compile_errors.gd: the scripts that do not compile now), so one cursor pages both.
func reserve_seq() -> int:
	_mutex.lock()
	var n := _next_seq
	_next_seq += 1
	_mutex.unlock()
	return n


## This log's own errors and warnings with seq >= since, oldest first, at most `limit` (the newest ones when
## more matched): what the process logged while a check ran.
func entries(since: int = 0, limit: int = 100) -> Array[Dictionary]:
	return _read(since, limit, [source], false, [])


## Errors and warnings of `sources` (empty: all) with seq >= since, oldest first, at most `limit` (the newest),
## without what bridge's own probes logged (public): for editor.errors and runtime.errors. `of_plays` (ids; empty:
## any) keeps only what those plays logged. Each entry's `play` is its play's {id, pid, scene, started_unix}
## (null for an entry of no play: the editor's own).
func errors(since: int, limit: int, sources: Array = [], of_plays: Array = []) -> Array[Dictionary]:
	return _read(since, limit, sources, false, [], true, of_plays)


## Output of every kind (print lines too) of `sources` (empty: all) with seq >= since, oldest first, at most
## `limit` (the newest); `kinds` empty means all; without bridge's probes. For editor.output and runtime.output.
## `of_plays` and each entry's `play` as for errors().
func output(since: int = 0, limit: int = 100, kinds: Array = [], sources: Array = [], of_plays: Array = []) -> Array[Dictionary]:
	return _read(since, limit, sources, true, kinds, true, of_plays)


func _read(since: int, limit: int, sources: Array, with_prints: bool, kinds: Array, public: bool = false,
		of_plays: Array = []) -> Array[Dictionary]:
	_mutex.lock()
	var rings: Array = []
	for from: String in ([source] + _ingested.keys()):
		if sources.is_empty() or from in sources:
			var pair: Array = [_entries, _prints] if from == source else _ingested[from]
			rings.append(pair[0])
			if with_prints:
				rings.append(pair[1])
	var out: Array[Dictionary] = []
	for ring: Array[Dictionary] in rings:
		for e in ring:
			if e.seq >= since and (kinds.is_empty() or e.type in kinds) and not (public and is_probe(e)) \
					and (of_plays.is_empty() or int(e.get("play", 0)) in of_plays):
				out.append(e.duplicate())
	if public:
		var known := {}
		for play in _plays:
			known[play.id] = play
		for e in out:  # the play it came from, as known now (its pid may have come after its first entries)
			var id := int(e.get("play", 0))
			e["play"] = known[id].duplicate() if known.has(id) else null
	_mutex.unlock()
	if rings.size() > 1:
		out.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.seq < b.seq)
	if out.size() > limit:
		out = out.slice(out.size() - limit)
	return out


## `e` (a copy errors() answered) without the frames of bridge's own code (inside the addon's folder) in its
## `stack` and `backtrace`: a call into the addon (an editor.run_script snippet, a command's handler) carries a
## dozen of them under the project's own, which tell the reader nothing; `own_frames_left_out` counts them.
static func without_own_frames(e: Dictionary) -> Dictionary:
	if _addon_dir == "" or not e.get("stack") is Array:
		return e
	var stack: Array = e.stack.filter(func(f: Variant) -> bool:
			return not (f is Dictionary and str(f.get("file", "")).begins_with(_addon_dir)))
	if stack.size() == e.stack.size():
		return e
	e["own_frames_left_out"] = e.stack.size() - stack.size()
	e["stack"] = stack
	if e.get("backtrace") is String:  # ScriptBacktrace.format(): one "[i] function (file:line)" line a frame
		e["backtrace"] = "\n".join(Array(e.backtrace.split("\n")).filter(func(line: String) -> bool:
				return not line.contains(" (" + _addon_dir)))
	return e


## Whether an entry is the finding of a compile check bridge ran, which the call that ran it answered with
## already (in editor.errors it would read as a second, unexplained error): code compiled from text, with no
## file (gdscript://<id>.gd: script.validate, a project command file, an editor.run_script or runtime.eval
## snippet that does not compile, a runtime.step until/watch expression), or a project script that bridge's own
## code compiled or loaded and found broken (a write that reloads it, node.script_attach). What such code
## raises when it runs (a snippet's push_error) and errors bridge's code raises otherwise (bugs) stay. Shader
## code bridge's code compiled (shader.check and the shader writes, lib/shader_files.gd compile(): the compiler's
## errors and its "Shader compilation failed" are that call's answer) is such a finding too.
static func is_probe(e: Dictionary) -> bool:
	var script_file := str(e.get("script_file", ""))
	var by_bridge := _addon_dir != "" and script_file.begins_with(_addon_dir)
	if by_bridge and (e.get("type", "") == "shader" or str(e.get("message", "")).begins_with("Shader compilation failed")):
		return true
	var compiling: bool = e.get("function", "") == "GDScript::reload" or str(e.get("message", "")).begins_with("Failed to load script")
	if not compiling:
		return false
	var file := str(e.get("file", ""))
	return file.begins_with("gdscript://") or script_file.begins_with("gdscript://") or by_bridge


## Forgets the entries of `from` (another process's, e.g. "game"), or this log's own when from is "".
func clear(from: String = "") -> void:
	_mutex.lock()
	if from == "" or from == source:
		_entries.clear()
		_prints.clear()
	elif _ingested.has(from):
		for ring: Array[Dictionary] in _ingested[from]:
			ring.clear()
	_mutex.unlock()
