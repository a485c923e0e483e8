@tool
extends "res://addons/bridge/core/command_group.gd"
## editor.*: the editor itself — selection, undo history, output, scripts, saving, quitting.


func commands() -> Array:
	return [
		{
			"method": "editor.quit",
			"summary": "Quit the editor cleanly (stops a running game first; unsaved scene changes are lost).",
			"params": [opt("exit_code", "int", "Process exit code", 0, {"min": 0, "max": 125})],
			"example": {"exit_code": 0},
			"destructive": true,
			"handler": _quit,
		},
	]


func _quit(p: Dictionary) -> Variant:
	if EditorInterface.is_playing_scene():
		EditorInterface.stop_playing_scene()  # a quitting editor would leave the game orphaned
	# Answer first, quit on the next frame: the client gets its reply before the socket closes.
	(func() -> void:
		server.shutdown()
		server.get_tree().quit(p.exit_code)).call_deferred()
	return {"quitting": true, "exit_code": p.exit_code}
