@tool
extends "../../lib/game_command.gd"
## The running game as a whole: status, pause/resume, stepping an exact number of physics ticks (a
## deterministic playtest: same inputs, same state), time scale, scene changes, monitors. Its output and errors: runtime/output.gd.


func group_summary() -> String:
	return "The running game: scene tree, properties, calls, eval, frames, waits, pause and step"


func commands() -> Array:
	return [
		{
			"method": "runtime.status",
			"summary": "The running game's pid, current scene, pause state, frame counters, fps, display server and whether it renders.",
			"params": [],
			"example": {},
			"read_only": true,
			"needs": "game",
			"returns": {"pid": "int", "paused": "bool", "frozen": "bool", "current_scene": "string", "scene_file": "string", "display_server": "string",
					"renders": "bool", "rendering_method": "string", "viewport_size": "Vector2", "process_frames": "int", "physics_frames": "int",
					"physics_ticks_per_second": "int", "time_scale": "float", "fps": "float", "uptime_ms": "int"},
			"handler": in_game("runtime.status"),
		},
		{
			"method": "runtime.pause",
			"idempotent": true,
			"summary": "Freeze the running game before its next physics tick (SceneTree.paused): it moves only with runtime.step, and input waits for the next stepped tick; ends a runtime.step in progress. The bridge keeps answering.",
			"params": [],
			"example": {},
			"needs": "game",
			"undo": "none",
			"returns": {"paused": "bool", "was_paused": "bool", "physics_frames": "int"},
			"handler": in_game("runtime.pause"),
		},
		{
			"method": "runtime.resume",
			"idempotent": true,
			"summary": "Let the frozen game run in real time again (input goes in at once again).",
			"params": [],
			"example": {},
			"needs": "game",
			"undo": "none",
			"returns": {"paused": "bool", "was_paused": "bool"},
			"handler": in_game("runtime.resume"),
		},
		{
			"method": "runtime.step",
			"summary": "Run exactly `frames` physics ticks of fixed delta as fast as the machine allows (or until a condition holds), then leave the game frozen: from the same frozen state the same inputs give the same state. Idle-processed AnimationPlayers/AnimationTrees, Timer nodes and Tweens advance by exactly the stepped time too (SceneTreeTimers only when made with process_in_physics). Inputs can go in at chosen ticks.",
			"params": [
				opt("frames", "int", "Physics ticks to run (with until: the most to run)", 1, {"min": 1, "max": 3600}),
				opt("ticks_per_second", "int", "Set Engine.physics_ticks_per_second first (delta = 1/this)", null, {"min": 1, "max": 1000}),
				opt("inputs", "Array", "Input at chosen ticks: [{tick: 1.., type: action|key|mouse_button|mouse_motion|text, ...the fields of input.sequence}]; each goes in at the start of its tick (before any _physics_process), so a press is is_action_just_pressed on exactly that tick; pressed omitted: released hold_frames ticks later (a release due after the last tick goes in on the next stepped tick: inputs_pending)", [], {"items": "Dictionary"}),
				opt("until", "string", "GDScript expression (tree, root, scene, get_node, $Path in scope) checked after every tick; the step ends when it is true, e.g. $Player.is_on_floor()", null, EVALUATES),
				opt("watch", "Array", "GDScript expressions read when the step ends, e.g. [\"$Player.position\"]", [], EVALUATES.merged({"items": "string"})),
			],
			"example": {"frames": 30},
			"needs": "game",
			"timeout_ms": 120000,
			"undo": "none",
			"returns": {"ticks": "int", "stopped_by": "string", "delta": "float", "physics_ticks_per_second": "int", "paused": "bool",
					"physics_frames": "int", "from_physics_frame": "int", "wall_ms": "float", "inputs?": [{"tick": "int", "event": "string"}],
					"inputs_not_sent?": [{"tick": "int", "event": "string"}], "inputs_pending?": [{"tick": "int", "event": "string"}],
					"until_met?": "bool", "until_value?": "any", "watched?": "Dictionary", "errors?": "Array"},
			"handler": in_game("runtime.step", func(p: Dictionary) -> int: return p.frames * 100),
		},
		{
			"method": "runtime.time_scale",
			"idempotent": true,
			"summary": "Set Engine.time_scale in the running game (0.5 = half speed); returns the previous value.",
			"params": [req("scale", "float", "Time scale", {"min": 0.0, "max": 100.0})],
			"example": {"scale": 1.0},
			"needs": "game",
			"undo": "none",
			"returns": {"time_scale": "float", "previous": "float"},
			"handler": in_game("runtime.time_scale"),
		},
		{
			"method": "runtime.change_scene",
			"summary": "Switch the running game to a scene file, or reload its current scene when no path is given.",
			"params": [opt("path", "string", "Scene file, e.g. res://scenes/ui.tscn (default: reload the current scene)")],
			"example": {},
			"destructive": true,
			"needs": "game",
			"undo": "none",
			"returns": {"current_scene": "string", "scene_file": "string"},
			"handler": in_game("runtime.change_scene"),
		},
		{
			"method": "runtime.monitors",
			"summary": "Performance monitors of the running game: fps, process times, memory, object/node counts, draw calls.",
			"params": [opt("names", "Array", "Only these (default: all): fps, process_ms, physics_process_ms, static_memory_mb, objects, nodes, orphan_nodes, resources, draw_calls, video_memory_mb, physics_2d_active_objects, physics_3d_active_objects", [], {"items": "string"})],
			"example": {"names": ["fps", "nodes"]},
			"read_only": true,
			"needs": "game",
			"returns": {"monitors": "Dictionary"},
			"handler": in_game("runtime.monitors"),
		},
	]
