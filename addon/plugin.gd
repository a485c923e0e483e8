@tool
extends EditorPlugin
## Wires the bridge server into the editor; all the work lives in core/. The Godot version is checked first
## (core/compat.gd, the only script preloaded here): the rest loads by path only on a supported version, so an
## editor outside the range shows one line in its output instead of compile errors in scripts it never needed.
## The dock comes a second after the editor's first frame: a bare editor's first second has no use for it (it
## compiles and builds its controls then, off the path to the first answer).

const BridgeCompat := preload("core/compat.gd")
const DOCK_AFTER_S := 1.0

var _server: Node  # core/bridge_server.gd
var _dock: Control  # dock/dock.gd
var _disabling := false  # the user turns the plugin off: the editor goes on, and so does its log


func _enter_tree() -> void:
	if _exporting():
		return  # a command-line export of this project (export.run starts one): the open editor owns the discovery file
	var refusal := BridgeCompat.refusal()
	if refusal != "":
		push_error(refusal)
		return
	_script("core/start_phases.gd").call("mark", "plugin_enter_tree")  # the bench's split (BRIDGE_START_PHASES)
	_server = _script("core/bridge_server.gd").new()
	_server.name = "BridgeServer"
	_server.set("plugin", self)
	add_child(_server)
	_script("core/scene_changes.gd").call("watch_changes", self)
	get_tree().process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


## The dock's second counts from the editor's first frame: on a busy machine the start alone can take longer.
func _on_first_frame() -> void:
	if is_inside_tree():
		get_tree().create_timer(DOCK_AFTER_S).timeout.connect(_add_dock)


func _add_dock() -> void:
	if _server == null or _dock != null or not is_inside_tree():
		return  # the plugin was disabled meanwhile
	_dock = _script("dock/dock.gd").new(_server)
	BridgeCompat.add_bottom_dock(self, _dock, "Bridge")


func _exit_tree() -> void:
	if _dock:
		BridgeCompat.remove_bottom_dock(self, _dock)
		_dock.queue_free()
		_dock = null
	if _server:
		_server.call("shutdown", not _disabling)
		_server.queue_free()
		_server = null


static func _exporting() -> bool:
	return Array(OS.get_cmdline_args()).any(func(a: String) -> bool: return a.begins_with("--export-"))


## One of the addon's scripts, loaded (not preloaded: see the top) by its path under the addon's folder.
func _script(rel: String) -> GDScript:
	return load((BridgeCompat as Script).resource_path.get_base_dir().get_base_dir().path_join(rel)) as GDScript


## The game-side autoloads (addon/game/) come and go with the plugin; see core/game_autoloads.gd.
func _enable_plugin() -> void:
	if BridgeCompat.refusal() == "":
		_script("core/game_autoloads.gd").call("install")


func _disable_plugin() -> void:
	_disabling = true
	_script("core/game_autoloads.gd").call("uninstall")
