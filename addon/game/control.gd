extends RefCounted
## The game as a whole: status, pause/resume, stepping a fixed number of physics ticks (for
## deterministic playtests), time scale, changing or reloading the scene, monitors, its error log.

const Ipc := preload("ipc.gd")
const JsonValue := preload("../core/json_value.gd")

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
var _log: Logger
var _stepping := false


func _init(tree: SceneTree, log: Logger) -> void:
	_tree = tree
	_log = log


func handlers() -> Dictionary:
	return {
		"runtime.status": status,
		"runtime.pause": pause,
		"runtime.resume": resume,
		"runtime.step": step,
		"runtime.time_scale": time_scale,
		"runtime.change_scene": change_scene,
		"runtime.monitors": monitors,
		"runtime.errors": errors,
	}


func status(_p: Dictionary = {}) -> Dictionary:
	return {
		"pid": OS.get_process_id(),
		"paused": _tree.paused,
		"current_scene": str(_tree.current_scene.get_path()) if _tree.current_scene else "",
		"scene_file": _tree.current_scene.scene_file_path if _tree.current_scene else "",
		"display_server": DisplayServer.get_name(),
		"renders": DisplayServer.get_name() != "headless",
		"rendering_method": RenderingServer.get_current_rendering_method(),
		"viewport_size": JsonValue.to_json(_tree.root.get_visible_rect().size),
		"process_frames": Engine.get_process_frames(),
		"physics_frames": Engine.get_physics_frames(),
		"physics_ticks_per_second": Engine.physics_ticks_per_second,
		"time_scale": Engine.time_scale,
		"fps": Engine.get_frames_per_second(),
		"uptime_ms": Time.get_ticks_msec(),
	}


func pause(_p: Dictionary) -> Variant:
	var was := _tree.paused
	_tree.paused = true
	return {"paused": true, "was_paused": was, "physics_frames": Engine.get_physics_frames()}


func resume(_p: Dictionary) -> Variant:
	if _stepping:
		return Ipc.error(Ipc.FAILED, "runtime.resume: a runtime.step is in progress; wait for its reply")
	var was := _tree.paused
	_tree.paused = false
	return {"paused": false, "was_paused": was}


## Runs exactly `frames` physics ticks of 1/ticks_per_second each, then leaves the game paused. Only the
## tick count matters, never wall time: the same inputs give the same state.
func step(p: Dictionary) -> Variant:
	if _stepping:
		return Ipc.error(Ipc.FAILED, "runtime.step: another step is in progress; wait for its reply")
	var frames: int = p.get("frames", 1)
	var call_id := Ipc.current_id  # before the first await: progress and cancellation of this request
	if p.has("ticks_per_second"):
		Engine.physics_ticks_per_second = p.ticks_per_second
	_stepping = true
	var state := {"ticks": 0, "done": false, "cancelled": false}
	var on_tick := func() -> void:
		# physics_frame comes before the tick's _physics_process: pausing here stops this tick entirely;
		# a cancelled step stops the same way, between two whole ticks
		if state.ticks >= frames or state.cancelled:
			_tree.paused = true
			state.done = true
		else:
			state.ticks += 1
	_tree.physics_frame.connect(on_tick)
	var start_tick := Engine.get_physics_frames()
	_tree.paused = false
	var reported := -1
	var reported_at := 0
	while not state.done:
		await _tree.process_frame
		# a file write per report: at most ten a second, and the last tick always
		if state.ticks != reported and (Time.get_ticks_msec() - reported_at >= 100 or state.ticks >= frames):
			reported = state.ticks
			reported_at = Time.get_ticks_msec()
			Ipc.progress(call_id, state.ticks, frames, "tick %d of %d" % [state.ticks, frames])
		if not state.cancelled and Ipc.cancelled(call_id):
			state.cancelled = true
	_tree.physics_frame.disconnect(on_tick)
	_stepping = false
	if state.cancelled:
		return Ipc.error(Ipc.CANCELLED, "runtime.step: cancelled by the client after %d of %d ticks; the game is paused there" % [
				state.ticks, frames], {"ticks": state.ticks, "frames": frames, "paused": true,
				"physics_frames": Engine.get_physics_frames(), "from_physics_frame": start_tick})
	return {"ticks": state.ticks, "delta": Engine.time_scale / Engine.physics_ticks_per_second,
			"physics_ticks_per_second": Engine.physics_ticks_per_second, "paused": true,
			"physics_frames": Engine.get_physics_frames(), "from_physics_frame": start_tick}


func time_scale(p: Dictionary) -> Variant:
	var previous := Engine.time_scale
	Engine.time_scale = p.scale
	return {"time_scale": Engine.time_scale, "previous": previous}


## Changes to a scene file, or reloads the current scene; replies once the new scene is current.
func change_scene(p: Dictionary) -> Variant:
	var path: String = p.get("path", "")
	var before: Node = _tree.current_scene
	var err: Error
	if path == "":
		if before == null:
			return Ipc.error(Ipc.FAILED, "runtime.change_scene: the game has no current scene to reload; pass path")
		err = _tree.reload_current_scene()
	else:
		if not ResourceLoader.exists(path):
			return Ipc.error(Ipc.NOT_FOUND, "runtime.change_scene: no scene file %s" % path)
		err = _tree.change_scene_to_file(path)
	if err != OK:
		return Ipc.error(Ipc.FAILED, "runtime.change_scene: %s" % error_string(err))
	for _i in 60:
		await _tree.process_frame
		if _tree.current_scene != null and _tree.current_scene != before and is_instance_valid(_tree.current_scene):
			break
	var scene := _tree.current_scene
	return {"current_scene": str(scene.get_path()) if scene else "", "scene_file": scene.scene_file_path if scene else ""}


func monitors(p: Dictionary) -> Variant:
	var names: Array = p.get("names", [])
	var out := {}
	for name: String in (MONITORS.keys() if names.is_empty() else names):
		if not MONITORS.has(name):
			return Ipc.error(Ipc.INVALID, "runtime.monitors: unknown monitor '%s'; known: %s" % [name, ", ".join(PackedStringArray(MONITORS.keys()))])
		var v: float = Performance.get_monitor(MONITORS[name])
		if name.ends_with("_ms"):
			v *= 1000.0
		elif name.ends_with("_mb"):
			v /= 1048576.0
		out[name] = v
	return {"monitors": out}


func errors(p: Dictionary) -> Variant:
	var entries: Array = _log.entries(p.get("since", 0), p.get("limit", 100))
	var next: int = _log.next_seq()
	if p.get("clear", false):
		_log.clear()
	return {"count": entries.size(), "next_seq": next, "entries": entries}
