@tool
extends "res://addons/bridge/core/command_group.gd"
## engine.*: the engine itself — version, the command catalog, and the live class API.


func commands() -> Array:
	return [
		{
			"method": "engine.version",
			"summary": "Engine version (major, minor, patch, status, full string).",
			"params": [],
			"example": {},
			"read_only": true,
			"handler": _version,
		},
		{
			"method": "engine.commands",
			"summary": "Every registered command with its parameter docs and JSON Schema.",
			"params": [opt("group", "string", "Only commands of this group, e.g. 'node'")],
			"example": {"group": "engine"},
			"read_only": true,
			"handler": _commands,
		},
	]


func _version(_p: Dictionary) -> Variant:
	var v := Engine.get_version_info()
	return {"major": v.major, "minor": v.minor, "patch": v.patch, "status": v.status, "build": v.build,
			"string": "%d.%d.%d" % [v.major, v.minor, v.patch], "full": v.string}


func _commands(p: Dictionary) -> Variant:
	var out: Array = []
	for doc: Dictionary in server.router.describe_all():
		if not p.has("group") or doc.method.begins_with(p.group + "."):
			out.append(doc)
	return {"count": out.size(), "commands": out}
