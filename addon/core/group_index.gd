@tool
extends RefCounted
## What a built-in command group says about itself, in one place: `commands/<group>/index.json`, read by
## the group loader (the summary engine.commands and the CLI topics show), the HTTP endpoint's toolsets
## (mcp/toolsets.gd) and `bridge serve` (src/mcp/group-index.ts). `{"summary": one line on what the group
## is for, "toolset": the toolset its commands belong to}`; a toolset addon/mcp/toolsets.json does not
## describe is one of the group's own. Project-local groups (single files) override group_summary().

const FILE := "index.json"


## The groups a newcomer meets first, listed first (core/group_loader.gd registers in this order too).
const CORE_ORDER: Array[String] = ["project", "engine", "scene", "node", "editor"]


## group name -> {summary, toolset} for every folder under `commands_dir`, in registration order: CORE_ORDER,
## then the others alphabetically.
## A folder without a readable index is reported and left out (its commands still load, without summary).
static func read_all(commands_dir: String) -> Dictionary:
	var out: Dictionary = {}
	var folders := Array(DirAccess.get_directories_at(commands_dir))
	folders.sort()
	var ordered: Array = CORE_ORDER.filter(func(n: String) -> bool: return n in folders)
	ordered.append_array(folders.filter(func(n: String) -> bool: return not n in CORE_ORDER))
	for name: String in ordered:
		var path := commands_dir.path_join(name).path_join(FILE)
		var data: Variant = JSON.parse_string(FileAccess.get_file_as_string(path)) if FileAccess.file_exists(path) else null
		if data is Dictionary and data.get("summary") is String and data.get("toolset") is String:
			out[name] = {"summary": data.summary, "toolset": data.toolset}
		else:
			push_error("bridge: %s is missing or lacks a string summary and toolset" % path)
	return out
