extends RefCounted
## runtime.status: what the game is and how far it has run. Its own small script because it is also the game's
## hello (game.json, written by game/inspector.gd in its _ready): the hello must not wait for control.gd, whose
## compile was most of a played game's own start (issue 50: 45-75 of 80 ms). Static: `BridgeStatus.of(tree, frozen)`.

const BridgeCompat := preload("../core/compat.gd")


static func of(tree: SceneTree, frozen: bool) -> Dictionary:
	var size := tree.root.get_visible_rect().size
	return {
		"pid": OS.get_process_id(),
		"paused": tree.paused,
		"frozen": frozen,
		"current_scene": str(tree.current_scene.get_path()) if tree.current_scene else "",
		"scene_file": tree.current_scene.scene_file_path if tree.current_scene else "",
		"display_server": DisplayServer.get_name(),
		"renders": DisplayServer.get_name() != "headless",
		"rendering_method": BridgeCompat.rendering_method(),
		"viewport_size": [size.x, size.y],  # as core/json_value.gd writes a Vector2
		"process_frames": Engine.get_process_frames(),
		"physics_frames": Engine.get_physics_frames(),
		"physics_ticks_per_second": Engine.physics_ticks_per_second,
		"time_scale": Engine.time_scale,
		"fps": Engine.get_frames_per_second(),
		"uptime_ms": Time.get_ticks_msec(),
	}
