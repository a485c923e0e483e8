@tool
extends RefCounted
## The Godot versions bridge supports, and the one place that calls engine API some of them lack. Every call
## here is dynamic (by name, through ClassDB/Object.call), so this file compiles on every version; the
## engine-API check (scripts/engine-api/) fails on a version-dependent name used anywhere else. Loaded by the
## game autoloads too: it names no editor class. docs/architecture.md, "Godot versions", lists each difference.

## Oldest and newest supported minor versions (scripts/engine-api reads these two lines; keep the format).
const FLOOR := "4.5"
const CEILING := "4.7"
## The version the addon reads instead of the engine's, e.g. "4.2.1" or "4.8.0": the tests' seam for
## proving the refusal and the per-command availability on the one engine they run.
const FAKE_VERSION_ENV := "BRIDGE_FAKE_GODOT_VERSION"
## Runs the addon on a version outside FLOOR..CEILING anyway (at the user's risk): "1".
const ANY_VERSION_ENV := "BRIDGE_ANY_GODOT_VERSION"


## {major, minor, patch, string}: the engine's version, or the faked one.
static func version() -> Dictionary:
	var fake := OS.get_environment(FAKE_VERSION_ENV)
	if fake != "":
		var parts := fake.split(".")
		var major := parts[0].to_int()
		var minor := parts[1].to_int() if parts.size() > 1 else 0
		var patch := parts[2].to_int() if parts.size() > 2 else 0
		return {"major": major, "minor": minor, "patch": patch, "string": "%d.%d.%d" % [major, minor, patch], "faked": true}
	var v := Engine.get_version_info()
	return {"major": v.major, "minor": v.minor, "patch": v.patch, "string": "%d.%d.%d" % [v.major, v.minor, v.patch], "faked": false}


## Whether the running (or faked) engine is at least `minor_version`, e.g. "4.5".
static func at_least(minor_version: String) -> bool:
	return _minor_key(version()) >= _key(minor_version)


## "4.3 to 4.7": the supported range, for status lines and errors.
static func supported_range() -> String:
	return "%s to %s" % [FLOOR, CEILING]


## Whether the running (or faked) engine is between FLOOR and CEILING.
static func in_range() -> bool:
	var key := _minor_key(version())
	return key >= _key(FLOOR) and key <= _key(CEILING)


## "" on a supported engine; else the one line the editor's output shows instead of starting.
static func refusal() -> String:
	if in_range():
		return ""
	var v := version()
	var why := "too old" if _minor_key(v) < _key(FLOOR) else "newer than bridge knows"
	if OS.get_environment(ANY_VERSION_ENV) == "1":
		push_warning("bridge: Godot %s is %s (supported: %s); starting anyway because %s=1" % [v.string, why, supported_range(), ANY_VERSION_ENV])
		return ""
	return "bridge: Godot %s is %s; bridge supports Godot %s, so it did not start (set %s=1 to try anyway)" % [
			v.string, why, supported_range(), ANY_VERSION_ENV]


static func _minor_key(v: Dictionary) -> int:
	return int(v.major) * 100 + int(v.minor)


static func _key(minor_version: String) -> int:
	return minor_version.get_slice(".", 0).to_int() * 100 + minor_version.get_slice(".", 1).to_int()


## Adds the editor panel `control` under `title`: the bottom panel where the editor has one (every supported
## version), else as an EditorDock in the bottom slot (4.6's dock API; from 4.8 the editor's panels and main
## screens are docks, so that is the path there and wherever the bottom-panel call is gone).
static func add_bottom_dock(plugin: Object, control: Control, title: String) -> void:
	if plugin.has_method("add_control_to_bottom_panel") and not at_least("4.8"):
		plugin.call("add_control_to_bottom_panel", control, title)
		return
	var dock: Control = ClassDB.instantiate("EditorDock")
	dock.name = title + "Dock"
	dock.set("title", title)
	dock.set("default_slot", ClassDB.class_get_integer_constant("EditorDock", "DOCK_SLOT_BOTTOM"))
	dock.add_child(control)
	plugin.call("add_dock", dock)


## Undoes add_bottom_dock.
static func remove_bottom_dock(plugin: Object, control: Control) -> void:
	var dock := control.get_parent()
	if dock != null and dock.is_class("EditorDock"):
		plugin.call("remove_dock", dock)
		dock.remove_child(control)
		dock.queue_free()
	else:
		plugin.call("remove_control_from_bottom_panel", control)


## The device id a real keyboard's events carry: InputEvent.DEVICE_ID_KEYBOARD (16) from 4.7, 0 before.
## Generated key events carry it too, so an action bound to "this keyboard" (a 4.7 project saves key events
## with device 16) matches them as it matches real keys.
static func keyboard_device() -> int:
	return _event_constant("DEVICE_ID_KEYBOARD", 0)


## The device id a real mouse's events carry: InputEvent.DEVICE_ID_MOUSE (32) from 4.7, 0 before.
static func mouse_device() -> int:
	return _event_constant("DEVICE_ID_MOUSE", 0)


## Gives a generated key or mouse event the device a real one would have on this engine (see keyboard_device).
## Joypad, touch and action events keep theirs.
static func stamp_device(event: InputEvent) -> void:
	if event is InputEventKey:
		event.device = keyboard_device()
	elif event is InputEventMouse:
		event.device = mouse_device()


static func _event_constant(name: String, before: int) -> int:
	if not ClassDB.class_has_integer_constant("InputEvent", name):
		return before
	return ClassDB.class_get_integer_constant("InputEvent", name)


## EditorInterface.close_scene() (4.5): an Error; ERR_UNAVAILABLE before (scene.close declares since 4.5).
static func close_scene() -> int:
	var ei := Engine.get_singleton("EditorInterface")
	if not ei.has_method("close_scene"):
		return ERR_UNAVAILABLE
	var err: int = ei.call("close_scene")
	return err


## The roots of every open scene: EditorInterface.get_open_scene_roots() (4.5); before it, only the edited
## scene's root is reachable, so that one alone.
static func open_scene_roots() -> Array[Node]:
	var ei := Engine.get_singleton("EditorInterface")
	var out: Array[Node] = []
	if ei.has_method("get_open_scene_roots"):
		out.assign(ei.call("get_open_scene_roots"))
	else:
		var root: Node = ei.call("get_edited_scene_root")
		if root != null:
			out.append(root)
	return out
