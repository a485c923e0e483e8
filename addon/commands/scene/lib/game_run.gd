@tool
extends RefCounted
## A game that ran to its own end: what the game's autoload left in run.json (game/ipc.gd) when it ended through
## its scene tree (quit(), its window closed), and what it printed, from its own log file (scene.play passes
## --log-file; GameExit reads the same file for a game that failed). A crash or a kill leaves no such end.

const BridgeIpc := preload("../../../game/ipc.gd")

## Lines of output a finished run returns (its last ones).
const OUTPUT_LINES := 200
## How long a game whose bridge answered may take to show it lives past its first frames.
const SETTLE_MSEC := 3000


## The run record of the game the editor's mailbox `key` holds, or {} when no game started there.
static func record(key: String) -> Dictionary:
	var found: Variant = BridgeIpc.read_json(BridgeIpc.dir(key).path_join(BridgeIpc.RUN_FILE))
	return found if found is Dictionary and found.get("key") == key else {}


## Once the game's bridge answered: waits until the game lived through its first frames (run.json `running`)
## and returns {}, or, when it quit in them (a game that prints its verdict and quits in _ready), its finished run.
static func settle(key: String, tree: SceneTree) -> Dictionary:
	var until := Time.get_ticks_msec() + SETTLE_MSEC
	while Time.get_ticks_msec() < until:
		var run := record(key)
		if finished(run):
			while EditorInterface.is_playing_scene() and Time.get_ticks_msec() < until:
				await tree.process_frame  # the editor sees its game end
			return run
		if run.get("running", false) or not EditorInterface.is_playing_scene():
			return {}
		await tree.process_frame
	return {}


## True when the game started (its autoload ran) and ended through its own scene tree.
static func finished(run: Dictionary) -> bool:
	return run.get("ended", "") == "quit"


## What the game printed (its log, without the engine's banner), its last `max_lines` lines.
static func output(log_path: String, max_lines: int = OUTPUT_LINES) -> Array:
	if log_path == "" or not FileAccess.file_exists(log_path):
		return []
	var lines: Array = []
	for line: String in FileAccess.get_file_as_string(log_path).split("\n"):
		if line.begins_with("Godot Engine v") or line.begins_with("OpenGL API ") or line.begins_with("Vulkan "):
			continue
		lines.append(line.strip_edges(false, true))
	while not lines.is_empty() and lines.back() == "":
		lines.pop_back()
	return lines.slice(maxi(0, lines.size() - max_lines))


## scene.play's result for a game that finished: it is not playing any more, and says how it ended.
static func result(run: Dictionary, scene: String, args: String, log_path: String, started_msec: int) -> Dictionary:
	return {"playing": false, "finished": true, "scene": scene, "pid": int(run.get("pid", 0)),
			"display_server": str(run.get("display_server", "")), "renders": bool(run.get("renders", false)), "args": args,
			"ready_ms": Time.get_ticks_msec() - started_msec, "frozen": false, "ended": "quit", "exit_code": null,
			"frames": int(run.get("frames", 0)), "output": output(log_path)}
