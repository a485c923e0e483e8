@tool
extends "../../lib/game_command.gd"
## Golden runs: runtime.record writes every input the running game receives, with the physics tick it
## was seen on, into a JSON-lines file (with marks: watched values and frames at chosen ticks);
## runtime.replay plays such a file back from the same frozen start and compares. The work is the game's
## (game/record.gd, game/replay.gd, the format in game/recording.gd); replay first plays the recorded
## scene frozen here, unless told the game is already waiting at the start.

## A checkpoint as the replay compares it (game/replay.gd _check).
const CHECKED := {"mark": "string", "tick": "int", "watched_equal?": "bool", "watched?": "Dictionary", "recorded?": "Dictionary",
		"watch_error?": "string", "frame_equal?": "bool", "frame?": "string", "replay_frame?": "string", "changed_pixels?": "int",
		"frame_note?": "string"}
const MARK := {"mark": "string", "tick": "int", "watched?": "Dictionary", "exact?": "string", "frame?": "string", "frame_md5?": "string"}


func commands() -> Array:
	return [
		{
			"method": "runtime.record",
			"summary": "Record a play session as inputs: start writes a JSON-lines file (scene, engine version, the files the scene loads, the seed it gives the game's random generator) and then every input the game receives — from its window, input.*, runtime.step, a replay — with the physics tick it was seen on; mark saves the watched values and a frame at this tick; stop adds the end state. Start it on a game played frozen (scene.play frozen) and drive it with runtime.step, and runtime.replay repeats it bit-identically.",
			"params": [
				choice("mode", ["start", "mark", "stop"], "start a recording, mark the state now, or stop (the end state is the last mark)", "start"),
				opt("path", "string", "start: the recording to write, res:// or user:// (e.g. user://runs/jump.jsonl); marks' frames go beside it as <name>.<mark>.png", null, {"writes_path": true}),
				opt("watch", "Array", "start: GDScript expressions read at start (one that fails there fails the start), at every mark and at stop, and compared on replay, e.g. [\"$Player.position\"]", [], EVALUATES.merged({"items": "string"})),
				opt("mark", "string", "mark: the mark's name (unique in the recording; 'end' is the one stop writes)"),
				opt("seed", "int", "start: seed for the game's global random generator (randi, randf…), set now and again on replay (default: a new one, written in the file)", null, {"min": 0, "max": 2147483646}),
				opt("frames", "bool", "Save a frame at every mark and at stop when the game renders", true),
			],
			"example": {"mode": "start", "path": "user://runs/example.jsonl", "watch": ["$Player.position"]},
			"needs": "game",
			"undo": "none",
			"timeout_ms": 30000,
			"returns": {"recording": "bool", "path": "string", "ticks": "int", "events": "int", "header?": "Dictionary", "marks?": [MARK]},
			"handler": in_game("runtime.record"),
			"code_guard": func(p: Dictionary) -> Variant: return BridgeScriptGuard.verdict("runtime.record", p.get("watch", []), false, false),
		},
		{
			"method": "runtime.replay",
			"verdict": "identical",
			"summary": "Replay a runtime.record file from its frozen start: plays the recorded scene frozen (unless play is false), puts the same inputs in before the same ticks, and at every mark and at the end compares the watched values (bit for bit) and the frame (pixel data) with the recorded ones. identical says all matched; differences names a different engine version, a changed scene file or a file it loads, another seed in the game's own generators.",
			"params": [
				req("path", "string", "The recording (res:// or user://); frames that differ are saved beside it as <name>.<mark>.replay.png", {"writes_path": true}),
				opt("play", "bool", "Play the recorded scene frozen first (scene.play frozen); false: the running game is already frozen at the recording's start", true),
				choice("display", ["auto", "headless", "window"], "With play: scene.play's display (window renders frames to compare; needs a display, e.g. Xvfb)", "auto"),
			],
			"example": {"path": "user://runs/example.jsonl", "play": false},
			"example_setup": [{"method": "scene.play", "params": {"scene": "main", "frozen": true}},
					{"method": "runtime.record", "params": {"mode": "start", "path": "user://runs/example.jsonl"}},
					{"method": "runtime.record", "params": {"mode": "stop"}}],
			"undo": "none",
			"timeout_ms": 300000,
			"returns": {"path": "string", "ticks": "int", "events": "int", "identical": "bool", "marks": [CHECKED], "differences": [{"what": "string",
					"recorded": "any", "now": "any"}], "scene": "string", "engine": "string", "events_not_replayed?": [{"tick": "int", "event": "string"}],
					"warning?": "string", "pid?": "int"},
			"handler": _replay,
		},
	]


func _replay(c: BridgeCall) -> Variant:
	var p := c.params
	var context := c.context  # the game request carries it
	var header: Variant = _header(p.path)
	if header is BridgeError:
		return header
	var pid := 0
	if p.get("play", true):
		var played: Dictionary = await c.run("scene.play", {"scene": header.get("scene", "main"), "frozen": true,
				"display": p.get("display", "auto")})
		if played.has("error"):
			var err: Variant = played.error
			return c.failed("could not play %s frozen: %s" % [header.get("scene", ""),
					err.get("message", str(err)) if err is Dictionary else str(err)])
		pid = int(played.result.get("pid", 0))
	var ticks: int = int(header.get("_ticks", 0))
	var ms: int = REPLY_MS + 60_000 + ticks * 20
	var out: Variant = await BridgeGameLink.of(server).request("runtime.replay", {"path": p.path}, ms, context)
	if out is Dictionary and pid != 0:
		out["pid"] = pid
	return out


## The recording's first line (and its tick count from the last), read here to know which scene to play.
func _header(path: String) -> Variant:
	if not FileAccess.file_exists(path):
		return BridgeError.new(BridgeError.NOT_FOUND, "no recording at %s; make one with runtime.record" % path)
	var file := FileAccess.open(path, FileAccess.READ)
	var json := JSON.new()  # not JSON.parse_string: a bad file is this call's error, not one in the editor's log
	var first: Variant = json.data if json.parse(file.get_line()) == OK else null
	if not first is Dictionary or not first.has("bridge_recording"):
		return BridgeError.invalid("%s is not a bridge recording (its first line is not a runtime.record header)" % path)
	var ticks := 0
	while not file.eof_reached():
		var text := file.get_line()
		if not text.begins_with("{\"end\""):  # the end line only: events and marks are the game's to read
			continue
		var item: Variant = json.data if json.parse(text) == OK else null
		if item is Dictionary and item.get("end", false):
			ticks = int(item.get("ticks", 0))
	first["_ticks"] = ticks
	return first
