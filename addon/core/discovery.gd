@tool
extends RefCounted
## The discovery file `<project>/.engine/bridge.json`: how clients find this editor's ports and
## check they reach the right project. Written when bound, rewritten on change, deleted on clean exit.

const ADDON_VERSION := "0.1.0"
const BridgeCompat := preload("compat.gd")
## What bridge itself puts in <project>/.engine/ beside bridge.json (src/commands/launch.ts, src/editor/discovery.ts).
const OWN_FILES := ["editor.log", "launching.json"]

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


## The editor is closing cleanly: bridge's own files leave the project (the discovery file, the log `bridge
## launch` redirects the editor's output to, the launch marker) and .engine/ goes when nothing else is in it.
## A crash never gets here, so its log stays for the user to read.
func remove_all() -> void:
	remove()
	var dir := project_root() + "/.engine"
	for own: String in OWN_FILES:
		if FileAccess.file_exists(dir.path_join(own)):
			DirAccess.remove_absolute(dir.path_join(own))  # on Linux and macOS an open log can go too
	var left := DirAccess.open(dir)
	if left != null and left.get_files().is_empty() and left.get_directories().is_empty():
		DirAccess.remove_absolute(dir)


## Deletes the file only if it is still ours (another editor may have replaced it).
func remove() -> void:
	var path := file_path()
	if not FileAccess.file_exists(path):
		return
	var current: Variant = JSON.parse_string(FileAccess.get_file_as_string(path))
	if current is Dictionary and int(current.get("pid", -1)) != OS.get_process_id():
		return
	DirAccess.remove_absolute(path)
