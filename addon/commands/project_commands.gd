@tool
extends "res://addons/bridge/core/command_group.gd"
## project.*: the project this editor has open — metadata, settings, autoloads, input, files.


func commands() -> Array:
	return [
		{
			"method": "project.info",
			"summary": "Project name, root, main scene, engine and addon versions, bridge ports.",
			"params": [],
			"example": {},
			"read_only": true,
			"handler": _info,
		},
	]


func _info(_p: Dictionary) -> Variant:
	var d: Dictionary = server.discovery.info
	return {
		"name": ProjectSettings.get_setting("application/config/name", ""),
		"project_root": d.project_root,
		"main_scene": ProjectSettings.get_setting("application/run/main_scene", ""),
		"engine_version": d.engine_version,
		"engine_version_full": d.engine_version_full,
		"addon_version": d.addon_version,
		"ws_port": d.ws_port,
		"http_port": d.http_port,
		"pid": d.pid,
		"started_at": d.started_at,
	}
