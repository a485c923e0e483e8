@tool
extends RefCounted
## What a built-in command group says about itself, in one place: `commands/<group>/index.json`, read by
## the group loader (the summary engine.commands and the CLI topics show), the HTTP endpoint's toolsets
## (mcp/toolsets.gd) and `bridge serve` (src/mcp/group-index.ts). `{"summary": one line on what the group
## is for, "toolset": the toolset its commands belong to, "game": its game-side handlers}`; a toolset
## addon/mcp/toolsets.json does not describe is one of the group's own. Project-local groups (single files)
## override group_summary().
##
## `game` (only groups whose commands run inside the game: runtime, input) maps each method the editor sends
## to the game (lib/game_link.gd request) to the script under addon/game/ that answers it, e.g.
## `{"runtime.get": "nodes.gd"}`. Keyed by method rather than a list of scripts, so the index alone says what
## the group asks of the game and where each answer lives, and the game's loader (game/inspector.gd) routes a
## request with one lookup, building only the scripts that are asked. The script's handlers() binds the method
## to its function (names differ: get, set and call are Object's own); test/unit/group-index.test.ts proves
## the index, the scripts and the methods the editor sends agree.

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


## game method -> {script: file name under addon/game/, group} from every group's `game` map, for the game's
## loader (game/inspector.gd). A method two groups claim keeps the first and is reported.
static func game_handlers(commands_dir: String) -> Dictionary:
	var out: Dictionary = {}
	for name: String in DirAccess.get_directories_at(commands_dir):
		var text := FileAccess.get_file_as_string(commands_dir.path_join(name).path_join(FILE))
		if not text.contains("\"game\""):  # most groups have none: no parse (the game reads these at every start)
			continue
		var path := commands_dir.path_join(name).path_join(FILE)
		var data: Variant = JSON.parse_string(text)
		var game: Variant = data.get("game") if data is Dictionary else null
		if not game is Dictionary:
			continue
		for method: Variant in game:
			var script: Variant = game[method]
			if not script is String or not str(script).ends_with(".gd"):
				push_error("bridge: %s: game.%s must name a script under addon/game/ (e.g. \"nodes.gd\")" % [path, method])
			elif out.has(method):
				push_error("bridge: %s: %s is answered by group %s already" % [path, method, out[method].group])
			else:
				out[method] = {"script": script, "group": name}
	return out
