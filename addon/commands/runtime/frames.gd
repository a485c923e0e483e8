@tool
extends "../../lib/game_command.gd"
## runtime.screenshot and runtime.capture_frames: PNG frames of the running game. The game needs a
## renderer (a display: under Xvfb on a machine without one); a headless game says so. Every frame is
## drawn after the request; uniform (all-black) and repeated frames are flagged.

## One frame as the game sends it (game/frames.gd): uniform_color/warning flag a one-colour frame,
## same_as_previous a repeat, saved the file it was also written to.
const FRAME := {"mime_type": "string", "width": "int", "height": "int", "frame": "int", "time_ms": "int", "image_base64": "string",
		"saved?": "string", "uniform_color?": "Array", "warning?": "string", "same_as_previous?": "bool"}


func commands() -> Array:
	return [
		{
			"method": "runtime.screenshot",
			"summary": "A PNG of the running game's next drawn frame (MCP: image content), optionally saved under res:// or user://.",
			"params": [
				opt("scale", "float", "Size factor, e.g. 0.5 for half size", 1.0, {"min": 0.05, "max": 1.0}),
				opt("path", "string", "Also write the PNG here (res:// or user://)", null, {"writes_path": true, "also": ["save_path"]}),
			],
			"example": {"scale": 0.5},
			"read_only": true,
			"needs": "game",
			"returns": FRAME,
			"handler": in_game("runtime.screenshot"),
		},
		{
			"method": "runtime.capture_frames",
			"summary": "Capture count frames of the running game, interval_frames apart, as PNGs (MCP: image content; CLI: --out DIR writes numbered files, --out FILE.png FILE_000.png, …).",
			"params": [
				opt("count", "int", "Frames to capture", 3, {"min": 1, "max": 60}),
				opt("interval_frames", "int", "Drawn frames between captures", 1, {"min": 1, "max": 600}),
				opt("scale", "float", "Size factor, e.g. 0.5 for half size", 1.0, {"min": 0.05, "max": 1.0}),
				opt("save_dir", "string", "Also write frame_000.png, ... into this folder (res:// or user://)", null, {"writes_path": true}),
				opt("lower_effects", "bool", "Turn off costly effects while capturing (default: on software renderers)"),
			],
			"example": {"count": 3, "interval_frames": 10, "scale": 0.5},
			"read_only": true,
			"needs": "game",
			"timeout_ms": 120000,
			"returns": {"count": "int", "interval_frames": "int", "capture_usec": "int", "frames": [FRAME],
					"renderer": "Dictionary", "lowered_effects": "Array"},
			"handler": in_game("runtime.capture_frames", func(p: Dictionary) -> int: return p.count * p.interval_frames * 50),
		},
	]
