extends RefCounted
## runtime.record: every input the game receives — from its window, from input.* and runtime.step, from a
## replay — with the physics tick it was first seen on, written as it comes to a JSON-lines file
## (game/recording.gd has the format); marks add the watched values and a frame at a tick. Events are
## taken from the root Window's window_input signal, which the engine emits for every event it routes to
## the game's viewport, whoever sent it and whether or not a node handles it.
## Start it from a frozen start (scene.play frozen) and drive the game with runtime.step: runtime.replay
## then repeats it bit for bit. Started on a running game it records too, with the ticks as they came.

const BridgeIpc := preload("ipc.gd")
const BridgeRecording := preload("recording.gd")

var _tree: SceneTree
var _clock: RefCounted  # game/clock.gd
var _eval: RefCounted  # game/eval.gd: the watch expressions
var _file: FileAccess
var _path := ""
var _counter: Node  # game/tick_counter.gd: the ticks the game ran
var _from := 0  # the counter's ticks when the recording started
var _events := 0
var _marks: Array = []
var _watch: Array = []
var _frames := true
var _frozen_start := false  # the game was played frozen (scene.play frozen)


func _init(game: Node) -> void:  # game/inspector.gd, typed by its engine class (the rule atop inspector.gd)
	_tree = game.get_tree()
	_clock = game.clock
	_eval = game.part("eval.gd")
	_counter = game.ticks
	_frozen_start = game.frozen_at >= 0


func handlers() -> Dictionary:
	return {"runtime.record": record}


## Whether a recording is being written (a replay records into it too).
func recording() -> bool:
	return _file != null


func record(p: Dictionary, _call_id: String = "") -> Variant:
	match str(p.get("mode", "start")):
		"start":
			return _start(p)
		"mark":
			return await _mark_reply(p)
		"stop":
			return await _stop()
	return BridgeIpc.error(BridgeIpc.INVALID, "mode must be start, mark or stop")


func _start(p: Dictionary) -> Variant:
	if _file != null:
		return BridgeIpc.error(BridgeIpc.FAILED, "already recording to %s; stop it first (mode stop)" % _path)
	var path := str(p.get("path", ""))
	if path == "":
		return BridgeIpc.error(BridgeIpc.INVALID, "start needs path, the file to write (res:// or user://, e.g. user://runs/jump.jsonl)")
	var watch: Array = p.get("watch", [])
	if not watch.is_empty():  # compiled and read once now, so a typo or a failing read fails the start and not the stop
		var check: Dictionary = _eval.compile_expressions("watch", watch)
		if check.has("error"):
			return check
		var first: Dictionary = _eval.evaluate(check)
		_eval.release(check.runner)
		if first.has("error"):
			first.error.message += "; nothing was recorded"
			return first
	DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	var file := FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		return BridgeIpc.error(BridgeIpc.FAILED, "cannot write %s: %s" % [path,
				error_string(FileAccess.get_open_error())])
	# the game's global generator (randi(), randf(), …) starts from a known seed, which the replay sets again
	var game_seed: int = p.get("seed", -1)
	if game_seed < 0:
		game_seed = int(Time.get_ticks_usec() % 2147483647)
	seed(game_seed)
	_from = _counter.get("ticks")
	var header := {"bridge_recording": BridgeRecording.FORMAT, "from_tick": _from,
			"frozen_start": _clock.frozen and _frozen_start and _from == 0,
			"ticks_per_second": Engine.physics_ticks_per_second, "time_scale": Engine.time_scale, "seed": game_seed,
			"generators": BridgeRecording.generators(_tree), "watch": watch, "frames": bool(p.get("frames", true)),
			"renders": DisplayServer.get_name() != "headless", "started_unix": Time.get_unix_time_from_system()}
	header.merge(BridgeRecording.fingerprint(_tree))
	file.store_line(BridgeRecording.line(header))
	file.flush()
	_file = file
	_path = path
	_events = 0
	_marks = []
	_watch = watch
	_frames = header.frames
	_tree.root.window_input.connect(_on_input)
	return {"recording": true, "path": path, "ticks": 0, "events": 0, "header": header}


## One event, the moment the game's window takes it.
func _on_input(event: InputEvent) -> void:
	# the engine's own copies (a mouse event made from a touch, or the reverse) come again from their source
	if event.device == InputEvent.DEVICE_ID_EMULATION and (event is InputEventMouse or event is InputEventScreenTouch or event is InputEventScreenDrag):
		return
	var tick: int = _counter.get("ticks") - _from + 1
	_file.store_line(BridgeRecording.line({"tick": tick, "event": BridgeRecording.event_to_dict(event),
			"text": event.as_text()}))
	_file.flush()
	_events += 1


func _mark_reply(p: Dictionary) -> Variant:
	if _file == null:
		return BridgeIpc.error(BridgeIpc.FAILED, "not recording; start with mode start and a path")
	var name := str(p.get("mark", ""))
	if name == "" or name == "end":
		return BridgeIpc.error(BridgeIpc.INVALID,
				"mode mark needs mark, the mark's name (not 'end', which stop writes)")
	if _marks.any(func(m: Dictionary) -> bool: return m.mark == name):
		return BridgeIpc.error(BridgeIpc.INVALID, "there is a mark '%s' already; give each mark its own name" % name)
	var mark: Variant = await _mark(name)
	if mark is Dictionary and mark.has("error"):
		return mark
	return {"recording": true, "path": _path, "ticks": mark.tick, "events": _events, "marks": _marks}


## Writes {mark, tick, watched, exact, frame?, frame_md5?}: the state after the ticks run so far.
func _mark(name: String) -> Variant:
	var mark := {"mark": name, "tick": _counter.get("ticks") - _from}
	if not _watch.is_empty():
		var compiled: Dictionary = _eval.compile_expressions("watch", _watch)
		if compiled.has("error"):
			return compiled
		var read: Dictionary = _eval.evaluate(compiled)
		_eval.release(compiled.runner)
		if read.has("error"):
			return read
		mark.merge(BridgeRecording.watched(_watch, read.values))
	if _frames and DisplayServer.get_name() != "headless":
		await RenderingServer.frame_post_draw  # a frame drawn after the request: the state as it stands
		var image := BridgeRecording.frame(_tree)
		var png := BridgeRecording.frame_path(_path, name)
		var err := image.save_png(png)
		if err != OK:
			return BridgeIpc.error(BridgeIpc.FAILED, "cannot write the frame %s: %s" % [png, error_string(err)])
		mark["frame"] = png
		mark["frame_md5"] = BridgeRecording.image_md5(image)
	if _file == null:
		return BridgeIpc.error(BridgeIpc.FAILED, "the recording was stopped meanwhile")
	_file.store_line(BridgeRecording.line(mark))
	_file.flush()
	_marks.append(mark)
	return mark


func _stop() -> Variant:
	if _file == null:
		return BridgeIpc.error(BridgeIpc.FAILED, "not recording; nothing to stop")
	var mark: Variant = await _mark("end")
	if mark is Dictionary and mark.has("error"):
		_close()
		return mark
	var ticks: int = mark.tick
	_file.store_line(BridgeRecording.line({"end": true, "ticks": ticks, "events": _events}))
	var out := {"recording": false, "path": _path, "ticks": ticks, "events": _events, "marks": _marks}
	_close()
	return out


func _close() -> void:
	if _tree.root.window_input.is_connected(_on_input):
		_tree.root.window_input.disconnect(_on_input)
	_file.close()
	_file = null
