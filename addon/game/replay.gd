extends RefCounted
## runtime.replay: a recording (game/recording.gd) played back into the game from the frozen start it was
## made from: the same events before the same ticks (through the clock's feeders, as runtime.step's inputs
## go in), the game's global random generator seeded as it was, the game's own generators checked. At
## each mark and at the end the ticks stop, the watched values are compared with the recorded ones
## (Godot's text form: bit for bit) and the frame with the recorded frame (pixel data by MD5; a frame that
## differs is saved beside the recording as <name>.<mark>.replay.png with the count of changed pixels).
## A game on another engine version, or whose scene or the files it loads changed, is named in
## `differences`: the replay still runs, and its comparison says how far that mattered.

const BridgeIpc := preload("ipc.gd")
const BridgeRecording := preload("recording.gd")

var _tree: SceneTree
var _clock: RefCounted  # game/clock.gd
var _eval: RefCounted  # game/eval.gd
var _counter: Node  # game/tick_counter.gd: the ticks the game ran


func _init(game: Node) -> void:  # game/inspector.gd, typed by its engine class (the rule atop inspector.gd)
	_tree = game.get_tree()
	_clock = game.clock
	_eval = game.part("eval.gd")
	_counter = game.ticks


func handlers() -> Dictionary:
	return {"runtime.replay": replay}


func replay(p: Dictionary, call_id: String = "") -> Variant:
	var path := str(p.get("path", ""))
	var rec: Dictionary = BridgeRecording.read(path)
	if rec.has("error"):
		return BridgeIpc.error(BridgeIpc.NOT_FOUND if str(rec.error).begins_with("no recording") else BridgeIpc.INVALID,
				"%s" % rec.error)
	var header: Dictionary = rec.header
	var from := int(header.get("from_tick", 0))
	if _clock.stepping:
		return BridgeIpc.error(BridgeIpc.FAILED, "a runtime.step is in progress; wait for its reply")
	var ticks: int = _counter.get("ticks")
	if not _clock.frozen or ticks != from:
		return BridgeIpc.error(BridgeIpc.FAILED,
				("the recording starts after %d ticks of a frozen game; this game is %s after " +
				"%d ticks. Play it frozen first: scene.play --scene %s --frozen (runtime.replay does it itself unless play is false)") % [
				from, "frozen" if _clock.frozen else "running", ticks, header.get("scene", "")],
				{"from_tick": from, "ticks": ticks, "frozen": _clock.frozen})
	var differences: Array = BridgeRecording.differences(header, BridgeRecording.fingerprint(_tree))
	differences.append_array(_generator_differences(header.get("generators", []), BridgeRecording.generators(_tree)))
	if int(header.get("ticks_per_second", Engine.physics_ticks_per_second)) != Engine.physics_ticks_per_second:
		differences.append({"what": "physics ticks per second (set to the recorded value)", "recorded": header.ticks_per_second,
				"now": Engine.physics_ticks_per_second})
		Engine.physics_ticks_per_second = int(header.ticks_per_second)
	seed(int(header.get("seed", 0)))
	var schedule := {}
	for e: Dictionary in rec.events:
		if not schedule.has(e.tick):
			schedule[e.tick] = []
		schedule[e.tick].append(e)
	var checkpoints: Array = rec.marks.duplicate()
	checkpoints.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return int(a.tick) < int(b.tick))
	var end_tick: int = int(rec.end.ticks) if rec.has("end") else 0
	if not rec.has("end"):  # the recording was never stopped (the game ended first): replay up to its last input
		for e: Dictionary in rec.events:
			end_tick = maxi(end_tick, e.tick)
		for m: Dictionary in checkpoints:
			end_tick = maxi(end_tick, int(m.tick))
		if checkpoints.is_empty() or int(checkpoints.back().tick) < end_tick:
			checkpoints.append({"mark": "last input", "tick": end_tick})
	var input: Node = _tree.root.get_node_or_null(^"MCPGameInput")
	if not schedule.is_empty() and input == null:
		return BridgeIpc.error(BridgeIpc.FAILED, "the MCPGameInput autoload is missing from this game; disable and enable the bridge plugin to add it")
	var st := {"done": 0, "delivered": 0}
	var feeder: Dictionary = _clock.add_feeder(func(tick: int) -> bool: return schedule.has(st.done + tick), func(tick: int) -> void:
		for e: Dictionary in schedule.get(st.done + tick, []):
			input.deliver_now(e.event, e.text)
			st.delivered += 1)
	var on_tick := func(tick: int) -> void:
		if BridgeIpc.cancelled(call_id):
			_clock.stop("cancelled")
		elif tick % 30 == 0:
			BridgeIpc.progress(call_id, st.done + tick, end_tick, "tick %d of %d" % [st.done + tick, end_tick])
	var marks: Array = []
	var identical := true
	for mark: Dictionary in checkpoints:
		var target := int(mark.tick)
		if target > st.done:
			var ran: Dictionary = await _clock.run(target - st.done, Callable(), on_tick)
			st.done += int(ran.ticks)
			if ran.stopped_by != "frames":
				_clock.remove_feeder(feeder)
				return BridgeIpc.error(BridgeIpc.CANCELLED if ran.stopped_by == "cancelled" else BridgeIpc.FAILED,
						"stopped (%s) after %d of %d ticks; the game is frozen there" % [ran.stopped_by, st.done, end_tick],
						{"ticks": st.done, "marks": marks})
		var checked: Dictionary = await _check(mark, header.get("watch", []), path)
		identical = identical and checked.get("watched_equal", true) and checked.get("frame_equal", true)
		marks.append(checked)
	_clock.remove_feeder(feeder)
	var late: Array = rec.events.filter(func(e: Dictionary) -> bool: return e.tick > end_tick).map(
			func(e: Dictionary) -> Dictionary: return {"tick": e.tick, "event": e.text})
	var out := {"path": path, "ticks": st.done, "events": st.delivered, "identical": identical, "marks": marks,
			"differences": differences, "scene": header.get("scene", ""), "engine": header.get("engine", "")}
	if not late.is_empty():
		out["events_not_replayed"] = late  # seen after the last tick the recording ran (it stopped before their tick)
	if not bool(header.get("frozen_start", false)):
		out["warning"] = "the recording did not start from a frozen start (scene.play frozen), so the game's state before its first tick may differ"
	return out


## One checkpoint: the watched values and the frame now, against the mark's.
func _check(mark: Dictionary, watch: Array, path: String) -> Dictionary:
	var out := {"mark": mark.mark, "tick": int(mark.tick)}
	if mark.has("exact") and not watch.is_empty():
		var body := "return [%s]" % ", ".join(PackedStringArray(watch.map(func(e: Variant) -> String: return "(%s)" % e)))
		var compiled: Dictionary = _eval.compile(body)
		if compiled.has("error"):
			out["watched_equal"] = false
			out["watch_error"] = compiled.error.message
		else:
			var now: Dictionary = BridgeRecording.watched(watch, compiled.runner.run())
			_eval.release(compiled.runner)
			out["watched_equal"] = now.exact == mark.exact
			out["watched"] = now.watched
			if not out.watched_equal:
				out["recorded"] = mark.get("watched", {})
	if mark.has("frame_md5"):
		if DisplayServer.get_name() == "headless":
			out["frame_note"] = "the recording has a frame here but this game draws nothing (headless); not compared"
		else:
			await RenderingServer.frame_post_draw
			var image := BridgeRecording.frame(_tree)
			out["frame_equal"] = BridgeRecording.image_md5(image) == mark.frame_md5
			out["frame"] = str(mark.get("frame", ""))
			if not out.frame_equal:
				var saved := BridgeRecording.frame_path(path, str(mark.mark), ".replay")
				image.save_png(saved)
				out["replay_frame"] = saved
				out["changed_pixels"] = _changed_pixels(image, str(mark.get("frame", "")))
	return out


## How many pixels differ from the recorded PNG (-1 when it is missing or of another size).
static func _changed_pixels(image: Image, recorded_png: String) -> int:
	var recorded := Image.load_from_file(recorded_png) if FileAccess.file_exists(recorded_png) else null
	if recorded == null or recorded.get_size() != image.get_size():
		return -1
	recorded.convert(image.get_format())
	var a := image.get_data()
	var b := recorded.get_data()
	var bytes := int(a.size() / float(image.get_width() * image.get_height()))
	var changed := 0
	for px in range(0, a.size(), bytes):
		for k in bytes:
			if a[px + k] != b[px + k]:
				changed += 1
				break
	return changed


## The game's own generators whose seed is not the recorded one: the game seeded differently.
static func _generator_differences(recorded: Array, now: Array) -> Array:
	var out: Array = []
	for r: Dictionary in recorded:
		var match_now: Array = now.filter(func(n: Dictionary) -> bool: return n.node == r.node and n.property == r.property)
		var seed_now: Variant = match_now[0].seed if not match_now.is_empty() else "missing"
		if str(seed_now) != str(r.seed):
			out.append({"what": "generator %s:%s seed" % [r.node, r.property], "recorded": r.seed, "now": seed_now})
	return out
