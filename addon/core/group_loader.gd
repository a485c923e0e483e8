@tool
extends RefCounted
## Declares every built-in command group, one file each; the router registers them in this order.
## Project-local groups: any script in res://bridge_commands/ that extends core/command_group.gd.

const GROUPS: Array[String] = [
	"res://addons/bridge/commands/project_commands.gd",
	"res://addons/bridge/commands/engine_commands.gd",
	"res://addons/bridge/commands/scene_commands.gd",
	"res://addons/bridge/commands/node_commands.gd",
	"res://addons/bridge/commands/editor_commands.gd",
	"res://addons/bridge/commands/project_autoload_commands.gd",
	"res://addons/bridge/commands/project_input_commands.gd",
	"res://addons/bridge/commands/engine_search_commands.gd",
	"res://addons/bridge/commands/engine_docs_commands.gd",
	"res://addons/bridge/commands/editor_history_commands.gd",
	"res://addons/bridge/commands/node_property_commands.gd",
	"res://addons/bridge/commands/node_signal_commands.gd",
	"res://addons/bridge/commands/node_query_commands.gd",
	"res://addons/bridge/commands/node_edit_commands.gd",
	"res://addons/bridge/commands/scene_file_commands.gd",
	"res://addons/bridge/commands/editor_output_commands.gd",
	"res://addons/bridge/commands/project_filesystem_commands.gd",
	"res://addons/bridge/commands/project_file_commands.gd",
]

const LOCAL_DIR := "res://bridge_commands"


static func register_all(router: RefCounted, server: Node) -> void:
	for path in GROUPS:
		if ResourceLoader.exists(path):
			router.register_group(load(path).new(server), "builtin")
	var dir := DirAccess.open(LOCAL_DIR)
	if dir == null:
		return
	for file in dir.get_files():
		if file.ends_with(".gd"):
			var script: Script = load(LOCAL_DIR.path_join(file))
			if script and script.can_instantiate():
				router.register_group(script.new(server), "project")
