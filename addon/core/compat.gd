@tool
extends RefCounted
## The Godot versions bridge supports, and the one place that calls engine API some of them lack. Every call
## here is dynamic (by name, through ClassDB/Object.call), so this file compiles on every version; the
## engine-API check (scripts/engine-api/) fails on a version-dependent name used anywhere else. Loaded by the
## game autoloads too: it names no editor class. docs/architecture.md, "Godot versions", lists each difference.

## Oldest and newest supported minor versions (scripts/engine-api reads these two lines; keep the format).
const FLOOR := "4.3"
const CEILING := "4.7"
## The version the addon reads instead of the engine's, e.g. "4.2.1" or "4.8.0": the tests' seam for
## proving the refusal and the per-command availability on the one engine they run.
const FAKE_VERSION_ENV := "BRIDGE_FAKE_GODOT_VERSION"
## Runs the addon on a version outside FLOOR..CEILING anyway (at the user's risk): "1".
const ANY_VERSION_ENV := "BRIDGE_ANY_GODOT_VERSION"


## {major, minor, patch, string}: the engine's version, or the faked one.
static func version() -> Dictionary:
	var fake := OS.get_environment(FAKE_VERSION_ENV)  # tests fake it in a running editor
	if _version.is_empty() or fake != _version_fake:  # built once: at_least() runs on hot paths (engine.version, undo)
		_version = _read_version(fake)
		_version_fake = fake
	return _version


static var _version := {}
static var _version_fake := ""


static func _read_version(fake: String) -> Dictionary:
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


## What works differently or not at all on an engine older than a difference's version (docs/architecture.md,
## "Godot versions"): [{since, what}] for the running (or faked) engine; [] on the newest. engine.version shows it.
static func limits() -> Array:
	var all := [
		{"since": "4.4", "what": "debug.set_breakpoint, debug.remove_breakpoint, debug.breakpoints and debug.clear_breakpoints are unavailable (ScriptEditor.get_breakpoints)"},
		{"since": "4.4", "what": "csg.bake is unavailable and mesh.info refuses a CSG shape (CSGShape3D.bake_static_mesh)"},
		{"since": "4.4", "what": "no declaration cache (JSON.to_native): every command group compiles while the editor starts"},
		{"since": "4.4", "what": "engine.class_info labels an enum property \"enum\"/\"flags\" with its values, not its enum's name (ClassDB.class_get_property_getter)"},
		{"since": "4.5", "what": "no output capture (Logger): editor.errors, editor.output and runtime.errors are unavailable, answers carry no engine_messages, and a script or snippet that does not compile is reported without the engine's line-numbered errors"},
		{"since": "4.5", "what": "localization.translate is unavailable (TranslationDomain.set_locale_override)"},
		{"since": "4.5", "what": "scene.close is unavailable (EditorInterface.close_scene), and of the open scenes only the edited one's root is reachable (EditorInterface.get_open_scene_roots)"},
	]
	return all.filter(func(l: Dictionary) -> bool: return not at_least(str(l.since)))


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
	if at_least("4.5") and ei.has_method("get_open_scene_roots"):
		out.assign(ei.call("get_open_scene_roots"))
	else:
		var root: Node = ei.call("get_edited_scene_root")
		if root != null:
			out.append(root)
	return out


## Gives `resource` the path `path` without taking its place in the resource cache (Resource.set_path_cache, 4.4);
## before 4.4 by resource_path, which registers it in the cache until the resource is freed.
static func path_without_cache(resource: Resource, path: String) -> void:
	if at_least("4.4") and resource.has_method("set_path_cache"):
		resource.call("set_path_cache", path)
	else:
		resource.resource_path = path


## Installs the Logger script at `capture_path` (core/output_capture.gd, fed into `store`) with OS.add_logger
## (4.5): the installed logger, or null before 4.5, where the engine has no Logger and nothing is captured.
static func add_logger(store: RefCounted, capture_path: String) -> RefCounted:
	if not at_least("4.5") or not ClassDB.class_exists("Logger"):
		return null
	var capture: RefCounted = load(capture_path).new(store)
	Engine.get_singleton("OS").call("add_logger", capture)
	return capture


## Undoes add_logger.
static func remove_logger(capture: RefCounted) -> void:
	Engine.get_singleton("OS").call("remove_logger", capture)


## The editor's undo-redo manager (an EditorUndoRedoManager): EditorInterface.get_editor_undo_redo() from 4.4;
## before it an EditorPlugin's get_undo_redo(), which returns the same singleton from any plugin instance.
static func editor_undo_redo() -> Object:
	var ei := Engine.get_singleton("EditorInterface")
	if at_least("4.4") and ei.has_method("get_editor_undo_redo"):
		return ei.call("get_editor_undo_redo")
	var plugin: Node = ClassDB.instantiate("EditorPlugin")
	var ur: Object = plugin.call("get_undo_redo")
	plugin.free()
	return ur


## JSON.to_native (4.4): the Godot value a JSON.from_native value stands for; null before 4.4 (no decoder).
static func json_to_native(value: Variant) -> Variant:
	if not at_least("4.4") or not ClassDB.class_has_method("JSON", "to_native"):
		return null
	return ClassDB.call("class_call_static", "JSON", "to_native", value)


## JSON.from_native (4.4): a JSON-able value that keeps Godot types; null before 4.4.
static func json_from_native(value: Variant) -> Variant:
	if not at_least("4.4") or not ClassDB.class_has_method("JSON", "from_native"):
		return null
	return ClassDB.call("class_call_static", "JSON", "from_native", value)


## The rendering method the engine runs (RenderingServer.get_current_rendering_method, 4.4); before it the
## project's setting, which is what the engine started with unless --rendering-method overrode it.
static func rendering_method() -> String:
	var rs := Engine.get_singleton("RenderingServer")
	if at_least("4.4") and rs.has_method("get_current_rendering_method"):
		return str(rs.call("get_current_rendering_method"))
	return str(ProjectSettings.get_setting("rendering/renderer/rendering_method", ""))


## The system's temporary folder (OS.get_temp_dir, 4.4); before it TMPDIR/TEMP/TMP, else /tmp.
static func temp_dir() -> String:
	var os := Engine.get_singleton("OS")
	if at_least("4.4") and os.has_method("get_temp_dir"):
		return str(os.call("get_temp_dir"))
	for name: String in ["TMPDIR", "TEMP", "TMP"]:
		if OS.get_environment(name) != "":
			return OS.get_environment(name).trim_suffix("/")
	return "/tmp"


## The cached copy of the resource at `path` (ResourceLoader.get_cached_ref, 4.4), or null when none is cached.
static func cached_resource(path: String) -> Resource:
	if not ResourceLoader.has_cached(path):
		return null
	if at_least("4.4") and ClassDB.class_has_method("ResourceLoader", "get_cached_ref"):
		return Engine.get_singleton("ResourceLoader").call("get_cached_ref", path)
	return ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_REUSE)  # the cached one, loading nothing


## CSGShape3D.bake_static_mesh (4.4): the shape's mesh as an ArrayMesh; null before 4.4 (csg.bake declares since 4.4).
static func csg_bake_mesh(shape: Node) -> Mesh:
	if not at_least("4.4") or not shape.has_method("bake_static_mesh"):
		return null
	return shape.call("bake_static_mesh")


## CSGShape3D.bake_collision_shape (4.4): its trimesh collision shape; null before 4.4.
static func csg_bake_collision(shape: Node) -> Shape3D:
	if not at_least("4.4") or not shape.has_method("bake_collision_shape"):
		return null
	return shape.call("bake_collision_shape")


## The script editor's breakpoints as "path:line" (ScriptEditor.get_breakpoints, 4.4); null before 4.4
## (the debug breakpoint commands declare since 4.4).
static func script_breakpoints() -> Variant:
	var editor: Object = Engine.get_singleton("EditorInterface").call("get_script_editor")
	if not at_least("4.4") or not editor.has_method("get_breakpoints"):
		return null
	return editor.call("get_breakpoints")


## The name of the getter of `cls`'s `property` (ClassDB.class_get_property_getter, 4.4); "" before 4.4.
static func property_getter(cls: String, property: String) -> String:
	if not at_least("4.4") or not ClassDB.has_method("class_get_property_getter"):
		return ""
	return str(ClassDB.call("class_get_property_getter", cls, property))


## The setter of a property (ClassDB.class_get_property_setter, 4.4); "" before it.
static func property_setter(cls: String, property: String) -> String:
	if not at_least("4.4") or not ClassDB.has_method("class_get_property_setter"):
		return ""
	return str(ClassDB.call("class_get_property_setter", cls, property))


## Makes a private navigation map step synchronously (map_set_use_async_iterations, 4.4; before it a map
## always did), so a query right after an update sees it.
static func navigation_map_sync(nav_server: Object, map: RID) -> void:
	if nav_server.has_method("map_set_use_async_iterations"):
		nav_server.call("map_set_use_async_iterations", map, false)


## Whether `node` translates its text (Node.can_auto_translate, 4.5); null before 4.5.
static func can_auto_translate(node: Node) -> Variant:
	if not at_least("4.5") or not node.has_method("can_auto_translate"):
		return null
	return node.call("can_auto_translate")


## `key` translated into `locale` by `translations` alone, not the project's (a TranslationDomain, 4.4, with
## set_locale_override, 4.5); null before 4.5 (localization.translate declares since 4.5).
static func translate_with(translations: Array, locale: String, key: String) -> Variant:
	if not at_least("4.5") or not ClassDB.class_has_method("TranslationDomain", "set_locale_override"):
		return null
	var domain: Object = ClassDB.instantiate("TranslationDomain")
	for t: Object in translations:
		domain.call("add_translation", t)
	domain.call("set_locale_override", locale)
	return str(domain.call("translate", key))


## Writes `uid` into the resource file at `path` (ResourceSaver.set_uid, 4.5). Before 4.5 a text scene or
## resource gets it in its header line; a binary one cannot (ERR_UNAVAILABLE).
static func set_resource_uid(path: String, uid: int) -> Error:
	var saver := Engine.get_singleton("ResourceSaver")
	if at_least("4.5") and saver.has_method("set_uid"):
		var err: Error = saver.call("set_uid", path, uid)
		return err
	if not path.get_extension() in ["tscn", "tres"]:
		return ERR_UNAVAILABLE
	var text := FileAccess.get_file_as_string(path)
	var end := text.find("\n")
	var header := text.substr(0, end)
	var uid_text := ResourceUID.id_to_text(uid)
	var found := RegEx.create_from_string("uid=\"uid://[a-z0-9]+\"").search(header)
	if found != null:
		header = header.substr(0, found.get_start()) + "uid=\"%s\"" % uid_text + header.substr(found.get_end())
	elif header.ends_with("]"):
		header = header.trim_suffix("]") + " uid=\"%s\"]" % uid_text
	else:
		return ERR_FILE_CORRUPT
	var file := FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		return FileAccess.get_open_error()
	file.store_string(header + text.substr(end))
	return OK
