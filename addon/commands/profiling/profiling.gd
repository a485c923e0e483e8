@tool
extends "../../core/command_group.gd"
## profiling.*: how fast things are. The editor's Performance monitors, frame times sampled over real
## frames of the editor or of the running game, and the bridge's own per-command counts and timings.
## The running game's monitors at one instant are runtime.monitors.

const BridgeGameLink := preload("../../lib/game_link.gd")

## Sampled inside the game by runtime.eval: one process-frame delta and Performance's process times per frame.
const GAME_SAMPLER := """var out = []
for i in %d:
	var t = Time.get_ticks_usec()
	await tree.process_frame
	out.append([Time.get_ticks_usec() - t, Performance.get_monitor(Performance.TIME_PROCESS) * 1000.0, Performance.get_monitor(Performance.TIME_PHYSICS_PROCESS) * 1000.0])
return out"""

## min/avg/p95/max of one per-frame series, in ms.
const SUMMARY := {"min": "float", "avg": "float", "p95": "float", "max": "float"}


func commands() -> Array:
	return [
		{
			"method": "profiling.monitors",
			"summary": "Every Performance monitor of the editor process by category (time, memory, object, render, physics, navigation, audio, pipeline), custom ones too.",
			"params": [opt("category", "string", "Only this category, e.g. render or physics_2d (default: all)", "")],
			"example": {"category": "memory"},
			"read_only": true,
			"returns": {"time?": "Dictionary", "memory?": "Dictionary", "object?": "Dictionary", "render?": "Dictionary", "physics_2d?": "Dictionary",
					"physics_3d?": "Dictionary", "navigation?": "Dictionary", "navigation_3d?": "Dictionary", "audio?": "Dictionary", "pipeline?": "Dictionary",
					"other?": "Dictionary", "custom?": "Dictionary"},
			"handler": _monitors,
		},
		{
			"method": "profiling.frame_times",
			"summary": "Sample real frames of the editor or the running game: frame time min/avg/p95/max, fps, and process/physics time per frame.",
			"params": [
				choice("target", ["editor", "game"], "Whose frames to time", "editor"),
				opt("frames", "int", "Frames to sample", 60, {"min": 2, "max": 1200}),
			],
			"example": {"target": "editor", "frames": 30},
			"read_only": true,
			"timeout_ms": 130000,
			"returns": {"target": "string", "frames": "int", "frame_ms": SUMMARY, "fps": "float", "process_ms": SUMMARY, "physics_process_ms": SUMMARY},
			"handler": _frame_times,
		},
		{
			"method": "profiling.command_stats",
			"summary": "The bridge's own usage since start or the last reset: calls, errors and time per command, slowest total first.",
			"params": [
				opt("top", "int", "At most this many commands", 50, {"min": 1, "max": 1000}),
				opt("reset", "bool", "Start counting afresh after reading", false),
			],
			"example": {"top": 10},
			"read_only": true,
			"answer_size": "timings of the busiest commands (top says how many)",
			"returns": {"since_seconds_ago": "float", "calls": "int", "methods": "int", "reset": "bool",
					"commands": [{"method": "string", "calls": "int", "errors": "int", "total_ms": "float", "avg_ms": "float", "max_ms": "float"}]},
			"handler": _command_stats,
		},
	]


func _monitors(c: BridgeCall) -> Variant:
	var p := c.params
	var out := {}
	var constants := ClassDB.class_get_enum_constants("Performance", "Monitor")
	for name: String in constants:
		if name == "MONITOR_MAX":
			continue
		var category := _category(name)
		var key := name.to_lower().trim_prefix(category + "_") if not name.begins_with("TIME_") else name.to_lower().trim_prefix("time_")
		out.get_or_add(category, {})[key] = Performance.get_monitor(ClassDB.class_get_integer_constant("Performance", name))
	for id: StringName in Performance.get_custom_monitor_names():
		out.get_or_add("custom", {})[str(id)] = Performance.get_custom_monitor(id)
	if p.category != "":
		if not out.has(p.category):
			return c.invalid("no category '%s'; there are: %s" % [p.category, ", ".join(PackedStringArray(out.keys()))],
					{"param": "category"})
		return {p.category: out[p.category]}
	return out


func _frame_times(c: BridgeCall) -> Variant:
	var p := c.params
	var samples: Array = []
	if p.target == "game":
		var got: Variant = await BridgeGameLink.of(server).request("runtime.eval", {"code": GAME_SAMPLER % p.frames}, 10000 + p.frames * 200)
		if got is BridgeError:
			return got
		samples = got.result
	else:
		var tree := server.get_tree()
		for i: int in p.frames:
			var t := Time.get_ticks_usec()
			await tree.process_frame
			samples.append([Time.get_ticks_usec() - t, Performance.get_monitor(Performance.TIME_PROCESS) * 1000.0,
					Performance.get_monitor(Performance.TIME_PHYSICS_PROCESS) * 1000.0])
	var frame_ms: Array = samples.map(func(s: Array) -> float: return s[0] / 1000.0)
	var process_ms: Array = samples.map(func(s: Array) -> float: return s[1])
	var physics_ms: Array = samples.map(func(s: Array) -> float: return s[2])
	var frame := _summary(frame_ms)
	return {"target": p.target, "frames": samples.size(), "frame_ms": frame, "fps": snappedf(1000.0 / frame.avg, 0.1) if frame.avg > 0 else 0.0,
			"process_ms": _summary(process_ms), "physics_process_ms": _summary(physics_ms)}


func _command_stats(c: BridgeCall) -> Variant:
	var p := c.params
	var stats: Dictionary = server.router.stats()
	var rows: Array = []
	var calls := 0
	for method: String in stats.methods:
		var s: Dictionary = stats.methods[method]
		calls += s.calls
		rows.append({"method": method, "calls": s.calls, "errors": s.errors, "total_ms": snappedf(s.total_usec / 1000.0, 0.001),
				"avg_ms": snappedf(s.total_usec / 1000.0 / s.calls, 0.001), "max_ms": snappedf(s.max_usec / 1000.0, 0.001)})
	rows.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.total_ms > b.total_ms)
	if p.reset:
		server.router.reset_stats()
	return {"since_seconds_ago": snappedf((Time.get_ticks_msec() - stats.since_msec) / 1000.0, 0.1), "calls": calls,
			"methods": rows.size(), "commands": rows.slice(0, p.top), "reset": p.reset}


static func _category(constant: String) -> String:
	for prefix: String in ["TIME", "MEMORY", "OBJECT", "RENDER", "PHYSICS_2D", "PHYSICS_3D", "NAVIGATION_3D", "NAVIGATION", "AUDIO", "PIPELINE"]:
		if constant.begins_with(prefix + "_"):
			return prefix.to_lower()
	return "other"


static func _summary(values: Array) -> Dictionary:
	if values.is_empty():
		return {"min": 0.0, "avg": 0.0, "p95": 0.0, "max": 0.0}
	var sorted := values.duplicate()
	sorted.sort()
	var total := 0.0
	for v: float in sorted:
		total += v
	return {"min": snappedf(sorted[0], 0.001), "avg": snappedf(total / sorted.size(), 0.001),
			"p95": snappedf(sorted[mini(sorted.size() - 1, int(sorted.size() * 0.95))], 0.001), "max": snappedf(sorted[-1], 0.001)}
