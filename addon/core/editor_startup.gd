@tool
extends RefCounted
## When the editor has finished its own start-up work: the first file system scan, and what the editor does at
## its end (it reopens the last session's scenes, or the main scene). bridge answers before that; a scene
## opened in that window makes the editor's restore leave its "changing scene" mark set for good, and from then
## on EditorInterface.open_scene_from_path and reload_scene_from_path do nothing (Godot 4.6: the restore switches
## tabs with `restoring_scenes` set, which schedules no reset of the mark). So commands wait for this first.
## Every function is static: `const BridgeEditorStartup := preload("editor_startup.gd")`.

const BridgeStartPhases := preload("start_phases.gd")

## Frames left to the editor after the scan's end: the restore's deferred calls run at the end of its frame.
const SETTLE_FRAMES := 3
## When the scan's end was not seen (the plugin was enabled after it): this long without a scan is the end.
const QUIET_MSEC := 3000
## A plugin that starts after this many editor frames was enabled in an editor already up (bridge starts during
## the editor's first scan, before its main loop has run a frame).
const LATE_FRAMES := 120

static var _done := false
static var _scan_ended_frame := -1
static var _watch_msec := -1
static var _quiet_since := -1


## Starts watching (the server calls it once at start). The first scan ends with the file system's
## sources_changed, which the editor handles first (it connected before any plugin existed).
static func watch() -> void:
	if _done or _watch_msec >= 0:
		return
	_watch_msec = Time.get_ticks_msec()
	var fs := EditorInterface.get_resource_filesystem()
	if Engine.get_process_frames() > LATE_FRAMES and not fs.is_scanning():
		_scan_ended_frame = Engine.get_process_frames()  # the plugin was enabled in an editor long up: nothing to wait for
		return
	fs.sources_changed.connect(_scan_ended, CONNECT_ONE_SHOT)


## True once the editor's start-up work is over. Polled every frame by the server.
static func poll() -> bool:
	if _done:
		return true
	if _watch_msec < 0:
		watch()
	var frame := Engine.get_process_frames()
	if _scan_ended_frame < 0:
		# no sources_changed seen: the scan ended before the plugin started (enabled later in a session)
		var now := Time.get_ticks_msec()
		if EditorInterface.get_resource_filesystem().is_scanning():
			_quiet_since = -1
		elif _quiet_since < 0:
			_quiet_since = now
		elif now - _quiet_since >= QUIET_MSEC and EditorInterface.get_edited_scene_root() != null:
			_scan_ended_frame = frame
		elif now - _quiet_since >= QUIET_MSEC * 4:
			_scan_ended_frame = frame
	if _scan_ended_frame >= 0 and frame - _scan_ended_frame >= SETTLE_FRAMES:
		_done = true
		print("bridge: the editor finished opening the project %d ms after bridge started" % (Time.get_ticks_msec() - _watch_msec))
	return _done


static func is_done() -> bool:
	return _done


## Waits (a frame at a time) until the start-up work is over.
static func wait(tree: SceneTree) -> void:
	while not poll():
		await tree.process_frame


static func _scan_ended(_exist: bool = false) -> void:
	BridgeStartPhases.mark("scan_ended")
	if _scan_ended_frame < 0:
		_scan_ended_frame = Engine.get_process_frames()
