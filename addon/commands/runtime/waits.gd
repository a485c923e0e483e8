@tool
extends "../../lib/game_command.gd"
## Waiting on the running game: for a node to appear, for a signal, and property values sampled over
## frames. Each ends by its own timeout with a clear error.


func commands() -> Array:
	return [
		{
			"method": "runtime.wait_for_node",
			"summary": "Wait until a node exists in the running game (checked every frame), or fail after timeout_ms.",
			"params": [
				req("node_path", "NodePath", "Node to wait for"),
				opt("timeout_ms", "int", "Give up after this long", 5000, {"min": 0, "max": 60000}),
			],
			"example": {"node_path": "Player", "timeout_ms": 2000},
			"read_only": true,
			"needs": "game",
			"timeout_ms": 75000,
			"returns": {"node": "string", "type": "string", "frames": "int", "elapsed_ms": "int"},
			"handler": in_game("runtime.wait_for_node"),
		},
		{
			"method": "runtime.await_signal",
			"summary": "Wait until a node in the running game emits a signal; returns its arguments, or fails after timeout_ms.",
			"params": [
				req("node_path", "NodePath", "Node that emits"),
				req("signal", "string", "Signal name"),
				opt("timeout_ms", "int", "Give up after this long", 5000, {"min": 0, "max": 60000}),
			],
			"example": {"node_path": "Player", "signal": "hit", "timeout_ms": 5000},
			"read_only": true,
			"needs": "game",
			"timeout_ms": 75000,
			"returns": {"node": "string", "signal": "string", "args": "Array", "frames": "int", "elapsed_ms": "int"},
			# the sweeps' game emits nothing by itself: a timer in the game makes Player take damage (and emit hit) in 1 s,
			# time enough for the wait to start on a busy machine (a 0.2 s timer fired before it, at load 12)
			"example_setup": [{"method": "runtime.eval", "params": {"code": "tree.create_timer(1.0).timeout.connect(scene.get_node(\"Player\").take_damage.bind(1))"}}],
			"handler": in_game("runtime.await_signal"),
		},
		{
			"method": "runtime.watch",
			"summary": "Sample properties of a node in the running game over frames: samples rows, interval_frames apart.",
			"params": [
				req("node_path", "NodePath", "Node to watch"),
				req("properties", "Array", "Property names (position:x works)", {"items": "string"}),
				opt("samples", "int", "Rows to record", 10, {"min": 1, "max": 1000}),
				opt("interval_frames", "int", "Frames between rows", 1, {"min": 1, "max": 600}),
				opt("in_physics", "bool", "Count physics ticks instead of drawn frames", false),
			],
			"example": {"node_path": "Player", "properties": ["position"], "samples": 5, "interval_frames": 2},
			"read_only": true,
			"needs": "game",
			"timeout_ms": 120000,
			"returns": {"node": "string", "samples": [{"frame": "int", "physics_frame": "int", "values": "Dictionary"}]},
			"handler": in_game("runtime.watch", func(p: Dictionary) -> int: return p.samples * p.interval_frames * 50),
		},
	]
