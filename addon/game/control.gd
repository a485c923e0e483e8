extends RefCounted
## The game as a whole: status, pause/resume, stepping an exact number of physics ticks with input on
## chosen ticks (deterministic playtests; the clock is game/clock.gd), time scale, changing or reloading the
## scene, monitors. (Its output and errors the editor reads from the file the game's log writes: lib/game_output.gd.)

const BridgeIpc := preload("ipc.gd")
const BridgeStatus := preload("status.gd")
const BridgeEvents := preload("input_events.gd")
const BridgeJsonValue := preload("../core/json_value.gd")
const BridgeCompat := preload("../core/compat.gd")
const BridgeOutputLog := preload("../core/output_log.gd")

const MONITORS := {
	"fps": Performance.TIME_FPS,
	"process_ms": Performance.TIME_PROCESS,
	"physics_process_ms": Performance.TIME_PHYSICS_PROCESS,
	"static_memory_mb": Performance.MEMORY_STATIC,
	"objects": Performance.OBJECT_COUNT,
	"nodes": Performance.OBJECT_NODE_COUNT,
	"orphan_nodes": Performance.OBJECT_ORPHAN_NODE_COUNT,
	"resources": Performance.OBJECT_RESOURCE_COUNT,
	"draw_calls": Performance.RENDER_TOTAL_DRAW_CALLS_IN_FRAME,
	"video_memory_mb": Performance.RENDER_VIDEO_MEM_USED,
	"physics_2d_active_objects": Performance.PHYSICS_2D_ACTIVE_OBJECTS,
	"physics_3d_active_objects": Performance.PHYSICS_3D_ACTIVE_OBJECTS,
}

var _tree: SceneTree
var _log: RefCounted  # core/output_log.gd
var _clock: RefCounted  # game/clock.gd
var _eval: RefCounted  # game/eval.gd: compiles step's until and watch expressions


func _init(game: Node) -> void:  # game/inspector.gd, typed by its engine class (the rule atop inspector.gd)
	_tree = game.get_tree()
	_log = game.output
	_clock = game.clock
	_eval = game.part("eval.gd")


func handlers() -> Dictionary:
	return {
		"runtime.status": status,
		"runtime.pause": pause,
		"runtime.resume": resume,
		"runtime.step": step,
		"runtime.time_scale": time_scale,
		"runtime.change_scene": change_scene,
		"runtime.monitors": monitors,
	}


func status(_p: Dictionary = {}, _call_id: String = "") -> Dictionary:
	return BridgeStatus.of(_tree, _clock.frozen)


## Freezes the game before its next tick; a runtime.step in progress ends there (stopped_by "pause").
func pause(_p: Dictionary, _call_id: String = "") -> Variant:
	var was: bool = _tree.paused
	_clock.stop("pause")
	_clock.freeze()
	return {"paused": true, "was_paused": was, "physics_frames": Engine.get_physics_frames()}


func resume(_p: Dictionary, _call_id: String = "") -> Variant:
	if _clock.stepping:
		return BridgeIpc.error(BridgeIpc.FAILED,
				"a runtime.step is in progress; wait for its reply (or runtime.pause ends it)")
	var was: bool = _tree.paused
	_clock.thaw()
	return {"paused": false, "was_paused": was}


## Runs exactly `frames` physics ticks of fixed delta (fewer when `until` turns true first) as fast as the
## machine allows, then leaves the game frozen. Only the tick count matters, never wall time: from the same
## frozen state the same inputs give the same state. `inputs` go in at the start of their tick.
func step(p: Dictionary, call_id: String = "") -> Variant:
	if _clock.stepping:
		return BridgeIpc.error(BridgeIpc.FAILED, "another step is in progress; wait for its reply")
	var frames: int = p.get("frames", 1)
	var schedule: Variant = _schedule(p.get("inputs", []), frames)
	if schedule is Dictionary and schedule.has("error"):
		return schedule
	var until := Callable()
	var until_runner: Variant = null
	var until_failed := {}  # the error reply of an until that failed as it ran (the step ends at that tick)
	if str(p.get("until", "")) != "":
		var checked: Dictionary = _compile_expression("until", [p.until])
		if checked.has("error"):
			return checked
		until_runner = checked.runner
		until = func() -> Variant:
			var read: Dictionary = _eval.evaluate(checked)
			if read.has("error"):
				until_failed.merge(read)
				_clock.stop("error")
				return null
			return read.values[0]
	var watch: Array = p.get("watch", [])
	var watcher: Variant = null
	var watched_with := {}
	if not watch.is_empty():
		watched_with = _compile_expression("watch", watch)
		if watched_with.has("error"):
			_eval.release(until_runner)
			return watched_with
		watcher = watched_with.runner
	if p.has("ticks_per_second"):
		Engine.physics_ticks_per_second = p.ticks_per_second
	var input: Node = _tree.root.get_node_or_null(^"MCPGameInput")
	var delivered: Array = []
	var feeder: Dictionary = _clock.add_feeder(func(tick: int) -> bool: return schedule.has(tick), func(tick: int) -> void:
		for e: Dictionary in schedule.get(tick, []):
			input.deliver_now(e.event, e.label)
			delivered.append({"tick": tick, "event": e.label}))
	var since: int = _log.next_seq()
	var reported := {"at": 0}
	var on_tick := func(tick: int) -> void:
		# a file write per report: at most ten a second, and the last tick always
		if tick >= frames or Time.get_ticks_msec() - int(reported.at) >= 100:
			reported.at = Time.get_ticks_msec()
			BridgeIpc.progress(call_id, tick, frames, "tick %d of %d" % [tick, frames])
		if BridgeIpc.cancelled(call_id):
			_clock.stop("cancelled")  # between two whole ticks
	var ran: Dictionary = await _clock.run(frames, until, on_tick)
	_clock.remove_feeder(feeder)
	if ran.stopped_by == "cancelled":
		_eval.release(until_runner)
		_eval.release(watcher)
		return BridgeIpc.error(BridgeIpc.CANCELLED,
				"cancelled by the client after %d of %d ticks; the game is frozen there" % [
				ran.ticks, frames], {"ticks": ran.ticks, "frames": frames, "paused": true,
				"physics_frames": ran.first_physics_frame + ran.ticks, "from_physics_frame": ran.first_physics_frame})
	var out := {"ticks": ran.ticks, "stopped_by": ran.stopped_by, "delta": Engine.time_scale / Engine.physics_ticks_per_second,
			"physics_ticks_per_second": Engine.physics_ticks_per_second, "paused": true,
			"from_physics_frame": ran.first_physics_frame, "physics_frames": ran.first_physics_frame + ran.ticks,
			"wall_ms": ran.wall_usec / 1000.0}
	if ran.first_physics_frame < 0:  # no tick ran (until already true): the counter as it stands
		out.from_physics_frame = Engine.get_physics_frames()
		out.physics_frames = out.from_physics_frame
	if not delivered.is_empty() or not schedule.is_empty():
		out["inputs"] = delivered
		var left: Array = []  # the step ended (until, pause) before their tick
		var carried: Array = _carry_releases(schedule, ran.ticks, input)
		for tick: int in schedule:
			if tick > ran.ticks:
				for e: Dictionary in schedule[tick]:
					if not carried.has(e):
						left.append({"tick": tick, "event": e.label})
		if not left.is_empty():
			out["inputs_not_sent"] = left
		if not carried.is_empty():
			out["inputs_pending"] = carried.map(func(e: Dictionary) -> Dictionary: return {"tick": e.tick, "event": e.label})
	if not until_failed.is_empty():
		_eval.release(until_runner)
		_eval.release(watcher)
		return _failed_after(until_failed, out)
	if until_runner != null:
		out["until_met"] = true if ran.until_value else false  # bool() has no constructor for every value (null)
		out["until_value"] = BridgeJsonValue.to_json(ran.until_value)
		_eval.release(until_runner)
	if watcher != null:
		var evaluated: Dictionary = _eval.evaluate(watched_with)
		_eval.release(watcher)
		if evaluated.has("error"):
			return _failed_after(evaluated, out)
		var watched := {}
		for i in watch.size():
			watched[str(watch[i])] = BridgeJsonValue.to_json(evaluated.values[i]) if i < evaluated.values.size() else null
		out["watched"] = watched
	var problems: Array = _log.entries(since, 5).filter(func(e: Dictionary) -> bool: return e.type == "script")
	if until_runner != null and not problems.is_empty() and not ran.until_value:
		out["errors"] = problems
	return out


## {tick: [{event, label}]} from step's inputs ([{tick, type, ...fields of input.sequence}]): a press with
## hold_frames (pressed omitted) puts its release hold_frames ticks later. An error reply names the first
## bad entry; nothing is sent then.
func _schedule(inputs: Array, frames: int) -> Variant:
	var input: Node = _tree.root.get_node_or_null(^"MCPGameInput")
	if not inputs.is_empty() and input == null:
		return BridgeIpc.error(BridgeIpc.FAILED, "the MCPGameInput autoload is missing from this game; disable and enable the bridge plugin to add it")
	var out := {}
	for i in inputs.size():
		var item: Variant = inputs[i]
		if not item is Dictionary or not item.get("tick") is float and not item.get("tick") is int:
			return BridgeIpc.error(BridgeIpc.INVALID,
					"inputs[%d] needs a tick (1 = the first tick of this step) and a type" % i)
		var tick := int(item.tick)
		if tick < 1 or tick > frames:
			return BridgeIpc.error(BridgeIpc.INVALID, "inputs[%d].tick is %d; it must be 1..%d (the ticks of this step)" % [i, tick, frames])
		var steps: Variant = input.build(item, "inputs[%d]" % i)
		if steps is Dictionary:
			return steps
		for s: Dictionary in steps:
			if s.has("wait"):
				tick += int(s.wait)
			else:
				if not out.has(tick):
					out[tick] = []
				out[tick].append(s)
	return out


## Releases scheduled past the ticks that ran (a press on the last tick of a step, held longer than the step)
## go into MCPGameInput's queue for the next stepped ticks (or the next frames once resumed), at the tick
## they were due: a held action would swallow the next press. Returns them ({tick, label, event}), in order.
func _carry_releases(schedule: Dictionary, ran: int, input: Node) -> Array:
	var carried: Array = []
	var ticks: Array = schedule.keys().filter(func(t: int) -> bool: return t > ran)
	ticks.sort()
	var steps: Array = []
	var at := ran
	for tick: int in ticks:
		for e: Dictionary in schedule[tick]:
			var event: InputEvent = e.event
			if event.is_pressed() or not _held(event):
				continue
			steps.append(BridgeEvents.wait(tick - at - 1))
			steps.append(e)
			at = tick
			e["tick"] = tick
			carried.append(e)
	if not steps.is_empty():
		input.deliver(steps)  # frozen: queued, it replies at once
	return carried


## Whether the input an event releases is held down now (its press went in).
static func _held(release: InputEvent) -> bool:
	if release is InputEventAction:
		return Input.is_action_pressed((release as InputEventAction).action)
	if release is InputEventKey:
		var key: InputEventKey = release
		return Input.is_key_pressed(key.keycode) or Input.is_physical_key_pressed(key.physical_keycode)
	if release is InputEventMouseButton:
		return Input.is_mouse_button_pressed((release as InputEventMouseButton).button_index)
	return false


## A runner whose run() returns `expression`, or an error reply naming which parameter did not compile.
## step's until or watch expressions compiled (game/eval.gd), or the error reply naming the one that does not parse.
func _compile_expression(param: String, expressions: Array) -> Dictionary:
	for e: Variant in expressions:
		if str(e).contains("await"):
			return BridgeIpc.error(BridgeIpc.INVALID, "%s is checked inside a physics tick and cannot await" % param,
					{"param": param, "expression": str(e)})
	return _eval.compile_expressions(param, expressions)


## An expression's failure as the step's error, after the ticks it ran: what the step did rides along in the
## error's data (nothing of it is lost), and the message says the game is frozen where the step ended.
static func _failed_after(failure: Dictionary, out: Dictionary) -> Dictionary:
	var data: Dictionary = failure.error.get("data", {})
	data["step"] = out
	data["tail"] = " (the step ran %d tick%s; the game is frozen there)" % [out.ticks, "" if out.ticks == 1 else "s"]
	failure.error["data"] = data
	failure.error.message += data.tail
	return failure


func time_scale(p: Dictionary, _call_id: String = "") -> Variant:
	var previous := Engine.time_scale
	Engine.time_scale = p.scale
	return {"time_scale": Engine.time_scale, "previous": previous}


## Changes to a scene file, or reloads the current scene; replies once the new scene is current.
func change_scene(p: Dictionary, _call_id: String = "") -> Variant:
	var path: String = p.get("path", "")
	var before: Node = _tree.current_scene
	var err: Error
	if path == "":
		if before == null:
			return BridgeIpc.error(BridgeIpc.FAILED, "the game has no current scene to reload; pass path")
		err = _tree.reload_current_scene()
	else:
		if not ResourceLoader.exists(path):
			return BridgeIpc.error(BridgeIpc.NOT_FOUND, "no scene file %s" % path)
		err = _tree.change_scene_to_file(path)
	if err != OK:
		return BridgeIpc.error(BridgeIpc.FAILED, "%s" % error_string(err))
	for _i in 60:
		await _tree.process_frame
		if _tree.current_scene != null and _tree.current_scene != before and is_instance_valid(_tree.current_scene):
			break
	var scene := _tree.current_scene
	return {"current_scene": str(scene.get_path()) if scene else "", "scene_file": scene.scene_file_path if scene else ""}


func monitors(p: Dictionary, _call_id: String = "") -> Variant:
	var names: Array = p.get("names", [])
	var out := {}
	for name: String in (MONITORS.keys() if names.is_empty() else names):
		if not MONITORS.has(name):
			return BridgeIpc.error(BridgeIpc.INVALID, "unknown monitor '%s'; known: %s" % [name, ", ".join(PackedStringArray(MONITORS.keys()))])
		var v: float = Performance.get_monitor(MONITORS[name])
		if name.ends_with("_ms"):
			v *= 1000.0
		elif name.ends_with("_mb"):
			v /= 1048576.0
		out[name] = v
	return {"monitors": out}

