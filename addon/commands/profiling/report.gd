@tool
extends "../../core/command_group.gd"
## profiling.play_report and profiling.compare_reports: how smoothly the game plays, as figures an agent or
## CI can compare between two versions of a game. The game's real frames are timed while it plays, with
## every input and event it saw (from the window, from input.*, from a replay), so each spike names what
## came just before it. The figures: lib/play_stats.gd; what they mean: docs/frames.md.

const BridgeGameLink := preload("../../lib/game_link.gd")
const BridgeFileOps := preload("../../lib/file_ops.gd")
const BridgeParams := preload("../../core/params.gd")
const BridgePlayStats := preload("lib/play_stats.gd")

## Run inside the game by runtime.eval: one frame-to-frame time per process frame (after one frame to start
## on a frame boundary), the inputs the root window received (mouse motion left out), scene changes and
## nodes added. Events carry the index of the frame they were seen in.
const SAMPLER := """var samples = []
var events = []
var at = [0, 0]
var on_input = func(e):
	if e is InputEventMouseMotion or e is InputEventScreenDrag or e.is_echo():
		return
	var what = ("action " + str(e.action)) if e is InputEventAction else e.as_text()
	events.append([at[0], "input", "%%s %%s" %% [what, "pressed" if e.is_pressed() else "released"]])
var on_node = func(_n):
	at[1] += 1
var on_scene = func():
	events.append([at[0], "scene", tree.current_scene.scene_file_path if tree.current_scene else ""])
root.window_input.connect(on_input)
tree.node_added.connect(on_node)
if tree.has_signal("scene_changed"):
	tree.connect("scene_changed", on_scene)
await tree.process_frame
for i in %d:
	at[0] = i
	at[1] = 0
	var t = Time.get_ticks_usec()
	await tree.process_frame
	samples.append(Time.get_ticks_usec() - t)
	if at[1] > 0:
		events.append([i, "nodes", "%%d nodes added" %% at[1]])
root.window_input.disconnect(on_input)
tree.node_added.disconnect(on_node)
if tree.has_signal("scene_changed"):
	tree.disconnect("scene_changed", on_scene)
return {"samples": samples, "events": events, "paused": tree.paused, "scene": tree.current_scene.scene_file_path if tree.current_scene else "", "ticks_per_second": Engine.physics_ticks_per_second}"""

const FIGURES := {"frames": "int", "duration_ms": "float", "fps_avg": "float", "p50_ms": "float", "p95_ms": "float", "p99_ms": "float",
		"max_ms": "float", "low_1pct_ms": "float", "low_1pct_fps": "float", "spikes": "int", "spikes_per_1000": "float"}
const SPIKE := {"frame": "int", "ms": "float", "times_median": "float", "after": "any"}
const MAX_SPIKES_SHOWN := 20
## The report file's format, so compare_reports can refuse any other JSON.
const FORMAT := "bridge-play-report/1"


func commands() -> Array:
	return [
		{
			"method": "profiling.play_report",
			"summary": "Time the running game's real frames while it plays (you, input.* calls or a replay driving it): p50/p95/p99 frame time, 1 % low, average fps, and spikes each attributed to the input or event just before it; saved as a report file for profiling.compare_reports.",
			"params": [
				opt("frames", "int", "Frames to time", 300, {"min": 10, "max": 7200}),
				opt("spike_factor", "float", "A spike is a frame this many times the median (and 2 ms longer)", 2.0, {"min": 1.1, "max": 100.0}),
				opt("path", "string", "Write the whole report (figures, every frame time, every event) here as JSON (res:// or user://)", null, {"writes_path": true}),
				opt("overwrite", "bool", "Replace an existing report file", false),
			],
			"example": {"frames": 30, "path": "user://reports/sweep.json", "overwrite": true},
			"needs": "game",
			"timeout_ms": 250000,
			"undo": "none",
			"returns": {"scene": "string", "engine": "string", "figures": FIGURES, "spikes": [SPIKE], "spikes_total": "int", "events_total": "int",
					"paused": "bool", "saved?": "string", "warning?": "string"},
			"handler": _play_report,
		},
		{
			"method": "profiling.compare_reports",
			"verdict": "ok",
			"summary": "Compare two play reports figure by figure (fps, p50, p95, p99, 1 % low, max, spikes): each better, same or worse beyond a tolerance; ok when none is worse. CLI: --junit FILE writes the checks as JUnit XML for CI.",
			"params": [
				req("baseline", "string", "The earlier report file (profiling.play_report path)"),
				req("current", "string", "The report to judge against it"),
				opt("tolerance", "float", "How far (a fraction of the baseline, 0.1 = 10 %) a figure may move before it is better or worse", 0.1, {"min": 0.0, "max": 10.0}),
			],
			"example": {"baseline": "user://reports/before.json", "current": "user://reports/after.json"},
			"example_setup": [
				{"method": "project.write_file", "params": {"path": "user://reports/before.json", "overwrite": true,
					"content": '{"format": "%s", "figures": {"frames": 100, "fps_avg": 60, "p50_ms": 16.6, "p95_ms": 17.5, "p99_ms": 20, "max_ms": 22, "low_1pct_fps": 45, "spikes_per_1000": 0}}' % FORMAT}},
				{"method": "project.write_file", "params": {"path": "user://reports/after.json", "overwrite": true,
					"content": '{"format": "%s", "figures": {"frames": 100, "fps_avg": 58, "p50_ms": 16.7, "p95_ms": 24, "p99_ms": 30, "max_ms": 34, "low_1pct_fps": 30, "spikes_per_1000": 20}}' % FORMAT}},
			],
			"read_only": true,
			"answer_size": "each figure of the two reports compared, with its verdict",
			"returns": {"ok": "bool", "verdict": "string", "worse": "int", "better": "int", "same": "int", "tolerance": "float", "baseline": "string", "current": "string",
					"checks": [{"name": "string", "baseline": "float", "current": "float", "change": "float", "change_pct": "any", "better": "string",
						"verdict": "string", "ok": "bool", "message": "string"}], "notes": ["string"]},
			"handler": _compare_reports,
		},
	]


func _play_report(c: BridgeCall) -> Variant:
	var p := c.params
	if p.has("path") and FileAccess.file_exists(p.path) and not p.overwrite:
		return c.invalid("%s exists; pass overwrite: true to replace it" % p.path, {"param": "overwrite", "path": p.path})
	var got: Variant = await BridgeGameLink.of(server).request("runtime.eval", {"code": SAMPLER % p.frames}, 15000 + p.frames * 250)
	if got is BridgeError:
		return got
	var sampled: Dictionary = got.result
	var frame_ms: Array = sampled.samples.map(func(us: float) -> float: return snappedf(us / 1000.0, 0.001))
	var events: Array = sampled.events.map(func(e: Array) -> Array: return [int(e[0]), str(e[1]), str(e[2])])  # JSON made the frames floats
	var stats := BridgePlayStats.report(frame_ms, events, p.spike_factor)
	var out := {"scene": sampled.scene, "engine": Engine.get_version_info().string, "figures": stats.figures,
			"spikes": _worst(stats.spikes), "spikes_total": stats.spikes.size(), "events_total": events.size(), "paused": sampled.paused}
	if sampled.paused:
		out["warning"] = "the game was frozen (paused) the whole time: these are idle frames, not play; runtime.resume first"
	if p.has("path"):
		var file := {"format": FORMAT, "taken_unix": Time.get_unix_time_from_system(), "ticks_per_second": sampled.ticks_per_second}
		file.merge(out)
		file["spikes"] = stats.spikes
		file["frame_ms"] = frame_ms
		file["events"] = events
		var err := BridgeFileOps.write_text(p.path, JSON.stringify(file, " "))
		if err != OK:
			return c.failed("cannot write %s: %s" % [p.path, error_string(err)], {"param": "path"})
		out["saved"] = p.path
	return out


func _compare_reports(bc: BridgeCall) -> Variant:
	var p := bc.params
	var reports: Array = []
	for key: String in ["baseline", "current"]:
		var read: Variant = _read_report(p[key], key)
		if read is BridgeError:
			return read
		reports.append(read)
	var a: Dictionary = reports[0]
	var b: Dictionary = reports[1]
	var checks := BridgePlayStats.compare(a.figures, b.figures, p.tolerance)
	var count := func(v: String) -> int: return checks.filter(func(c: Dictionary) -> bool: return c.verdict == v).size()
	var worse: int = count.call("worse")
	var better: int = count.call("better")
	var notes: Array = []
	for key: String in ["engine", "scene"]:
		if str(a.get(key, "")) != str(b.get(key, "")):
			notes.append("the reports differ in %s: %s, then %s" % [key, a.get(key, "?"), b.get(key, "?")])
	if int(a.figures.get("frames", 0)) != int(b.figures.get("frames", 0)):
		notes.append("the reports timed %d and %d frames: the longer run has more chances of a spike" % [a.figures.frames, b.figures.frames])
	return {"ok": worse == 0, "verdict": "worse" if worse > 0 and better == 0 else "mixed" if worse > 0 else "better" if better > 0 else "same",
			"worse": worse, "better": better, "same": checks.size() - worse - better, "tolerance": p.tolerance,
			"baseline": p.baseline, "current": p.current, "checks": checks, "notes": notes}


## The longest spikes, longest first (the file keeps every one, in order).
static func _worst(spikes: Array) -> Array:
	var sorted := spikes.duplicate()
	sorted.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return a.ms > b.ms)
	return sorted.slice(0, MAX_SPIKES_SHOWN)


## The report in a file, or a BridgeError naming the parameter.
static func _read_report(path: String, param: String) -> Variant:
	var jailed: Variant = BridgeParams.jail_path(path)
	if jailed is BridgeError:
		return BridgeError.new(BridgeError.PATH_REFUSED, "parameter '%s' %s" % [param, jailed.message], {"param": param})
	if not FileAccess.file_exists(jailed):
		return BridgeError.not_found("%s: no file %s; make one with profiling.play_report {path}" % [param, jailed], {"param": param})
	var parsed: Variant = JSON.parse_string(FileAccess.get_file_as_string(jailed))
	if not parsed is Dictionary or parsed.get("format") != FORMAT or not parsed.get("figures") is Dictionary:
		return BridgeError.invalid("%s: %s is not a play report (%s)" % [param, jailed, FORMAT], {"param": param})
	return parsed
