@tool
extends RefCounted
## The discovery file `<project>/.engine/bridge.json`: how clients find this editor's ports and
## check they reach the right project. Written when bound, rewritten on change, deleted on clean exit.

const ADDON_VERSION := "0.1.0"
const BridgeCompat := preload("compat.gd")

var info: Dictionary = {}


func _init() -> void:
	var v := Engine.get_version_info()
	info = {
		"ws_port": 0,
		"http_port": 0,
		"pid": OS.get_process_id(),
		"project_root": project_root(),
		"engine_version": "%d.%d.%d" % [v.major, v.minor, v.patch],
		"engine_version_full": v.string,
		"addon_version": ADDON_VERSION,
		"supported_godot": BridgeCompat.supported_range(),
		"started_at": Time.get_datetime_string_from_system(true) + "Z",
		# "headless" draws nothing: bridge status tells from it whether screenshots and game frames are there
		"display_server": DisplayServer.get_name(),
	}


static func project_root() -> String:
	return ProjectSettings.globalize_path("res://").trim_suffix("/")


static func file_path() -> String:
	return project_root() + "/.engine/bridge.json"


## Writes atomically (temp file, then rename) so a reader never sees half a file.
func write() -> void:
	var dir := project_root() + "/.engine"
	DirAccess.make_dir_recursive_absolute(dir)
	var tmp := dir + "/bridge.json.tmp%d" % OS.get_process_id()
	var f := FileAccess.open(tmp, FileAccess.WRITE)
	if f == null:
		push_error("bridge: cannot write %s (%s)" % [tmp, error_string(FileAccess.get_open_error())])
		return
	f.store_string(JSON.stringify(info, "  ") + "\n")
	f.close()
	DirAccess.rename_absolute(tmp, file_path())


## Deletes the file only if it is still ours (another editor may have replaced it).
func remove() -> void:
	var path := file_path()
	if not FileAccess.file_exists(path):
		return
	var current: Variant = JSON.parse_string(FileAccess.get_file_as_string(path))
	if current is Dictionary and int(current.get("pid", -1)) != OS.get_process_id():
		return
	DirAccess.remove_absolute(path)
