@tool
extends EditorPlugin
## Wires the bridge server into the editor; all the work lives in core/.

const BridgeServer := preload("core/bridge_server.gd")
const GameAutoloads := preload("core/game_autoloads.gd")
const SceneFiles := preload("lib/scene_files.gd")
const Dock := preload("dock/dock.gd")

var _server: BridgeServer
var _dock: Control


func _enter_tree() -> void:
	if _exporting():
		return  # a command-line export of this project (export.run starts one): the open editor owns the discovery file
	_server = BridgeServer.new()
	_server.name = "BridgeServer"
	_server.plugin = self
	add_child(_server)
	SceneFiles.watch_changes(self)
	_dock = Dock.new(_server)
	add_control_to_bottom_panel(_dock, "Bridge")


func _exit_tree() -> void:
	if _dock:
		remove_control_from_bottom_panel(_dock)
		_dock.queue_free()
		_dock = null
	if _server:
		_server.shutdown()
		_server.queue_free()
		_server = null


static func _exporting() -> bool:
	return Array(OS.get_cmdline_args()).any(func(a: String) -> bool: return a.begins_with("--export-"))


## The game-side autoloads (addon/game/) come and go with the plugin; see core/game_autoloads.gd.
func _enable_plugin() -> void:
	GameAutoloads.install()


func _disable_plugin() -> void:
	GameAutoloads.uninstall()
