@tool
extends "../../core/command_group.gd"
## audio.*, files and players: save the bus layout to a .tres (optionally as the project's default), load
## one into the editor, and add an AudioStreamPlayer (plain, 2D or 3D) with its stream and bus.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeSceneEdit := preload("../../lib/scene_edit.gd")
const BridgeBuses := preload("lib/audio_buses.gd")
const BridgeProjectSettingsLib := preload("../../lib/project_settings.gd")

const PLAYERS := {"plain": "AudioStreamPlayer", "2d": "AudioStreamPlayer2D", "3d": "AudioStreamPlayer3D"}
const DEFAULT_SETTING := "audio/buses/default_bus_layout"


func commands() -> Array:
	return [
		{
			"method": "audio.save_layout",
			"idempotent": true,
			"summary": "Save the editor's bus layout to a .tres file; make_default also makes it the project's bus layout setting.",
			"params": [
				file_param("path", "Layout file, e.g. res://audio/buses.tres", ["tres", "res"], null),
				opt("make_default", "bool", "Also set audio/buses/default_bus_layout to this file (undoable)", false),
			],
			"example": {"path": "res://audio/buses.tres", "make_default": true},
			# the file write itself is not undoable; make_default is a step of the global history (the example's case)
			"undo": "global",
			"returns": {"path": "string", "buses": ["string"], "default?": "string"},
			"handler": _save,
		},
		{
			"method": "audio.load_layout",
			"idempotent": true,
			"summary": "Load a bus layout .tres into the editor, replacing the current buses (undoable); returns the buses read back.",
			"params": [file_param("path", "Layout file", [], true, true, "", "resource")],
			"example": {"path": "res://audio/buses.tres"},
			"example_setup": [{"method": "audio.save_layout", "params": {"path": "res://audio/buses.tres"}}],
			"destructive": true,
			"undo": "global",
			"returns": {"path": "string", "count": "int", "buses": [{"index": "int", "name": "string", "volume_db": "float", "solo": "bool", "mute": "bool", "bypass_effects": "bool", "send": "string", "effects": [{"index": "int", "type": "string", "enabled": "bool", "settings": "Dictionary"}]}]},
			"handler": _load,
		},
		{
			"method": "audio.add_player",
			"summary": "Add an AudioStreamPlayer (plain, 2D or 3D) with a stream file, bus, volume and autoplay (undoable).",
			"params": [
				choice("kind", PLAYERS.keys(), "plain (UI/music), 2d or 3d (positional)", "plain"),
				node_param("parent", "Parent node (default: the root)", false, ""),
				new_name_param("name", "Node name (default: the class name)", null),
				opt("stream", "string", "res:// AudioStream (.wav, .ogg, .mp3 or a .tres stream)"),
				lookup_param("bus", "bus", "Bus to play on", false, "Master"),
				opt("volume_db", "float", "Volume in dB", 0.0, {"min": -80.0, "max": 24.0}),
				opt("autoplay", "bool", "Play when the scene starts", false),
				opt("max_distance", "float", "2D/3D: distance beyond which it is silent (0: no limit)", null, {"min": 0.0}),
			],
			"example": {"kind": "2d", "parent": "/root/Main/Player", "name": "Steps", "bus": "Master", "volume_db": -3.0},
			"undo": "scene",
			"returns": {"path": "string", "type": "string", "bus": "string", "volume_db": "float", "stream": "string|null", "autoplay": "bool"},
			"handler": _add_player,
		},
	]


## Bus names in parameters of kind "lookup" "bus" are checked by the router (lib/audio_buses.gd).
func lookups() -> Dictionary:
	return BridgeBuses.lookups()


func _save(c: BridgeCall) -> Variant:
	var p := c.params
	var path: String = p.path
	var layout := AudioServer.generate_bus_layout()
	var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	if err == OK:
		err = ResourceSaver.save(layout, path)
	if err != OK:
		return c.failed("could not save %s: %s" % [path, error_string(err)], {"path": path})
	if path.begins_with("res://"):
		EditorInterface.get_resource_filesystem().update_file(path)
	var saved: Variant = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	if not saved is AudioBusLayout:
		return c.failed("%s was written but does not load back as an AudioBusLayout" % path, {"path": path})
	var out := {"path": path, "buses": BridgeBuses.names()}
	if p.make_default:
		if not path.begins_with("res://"):
			return c.invalid("the project's default layout must be under res://", {"param": "path"})
		err = BridgeProjectSettingsLib.commit_settings(c.step, "set default bus layout", {DEFAULT_SETTING: path})
		if err != OK:
			return c.failed("saved %s but could not save project.godot: %s" % [path, error_string(err)])
		out["default"] = ProjectSettings.get_setting(DEFAULT_SETTING)
	return out


func _load(c: BridgeCall) -> Variant:
	var p := c.params
	var layout: Variant = ResourceLoader.load(p.path, "", ResourceLoader.CACHE_MODE_IGNORE)
	if not layout is AudioBusLayout:
		return c.invalid("%s is a %s, not an AudioBusLayout" % [p.path, layout.get_class() if layout else "broken file"],
				{"param": "path"})
	var before := AudioServer.generate_bus_layout()
	AudioServer.set_bus_layout(layout)
	BridgeBuses.commit_layout(c.step, "load bus layout %s" % p.path, before)
	var buses: Array = []
	for i in AudioServer.bus_count:
		buses.append(BridgeBuses.describe(i))
	return {"path": p.path, "count": buses.size(), "buses": buses}


func _add_player(c: BridgeCall) -> Variant:
	var p := c.params
	var parent: Node = p.parent
	var cls: String = PLAYERS[p.kind]
	var name: String = p.get("name", "")
	if name == "":
		name = cls  # made unique on add
	if p.has("max_distance") and p.kind == "plain":
		return c.invalid("max_distance applies to 2d and 3d players", {"param": "max_distance"})
	var player: Node = ClassDB.instantiate(cls)
	if p.has("stream"):
		var stream: Variant = BridgeSceneAccess.coerce(p.stream, {"name": "stream", "type": TYPE_OBJECT,
				"hint": PROPERTY_HINT_RESOURCE_TYPE, "hint_string": "AudioStream"})
		if stream is BridgeError:
			player.free()
			stream.data["param"] = "stream"
			return stream
		player.stream = stream
	player.name = name
	player.bus = p.bus
	player.volume_db = p.volume_db
	player.autoplay = p.autoplay
	if p.has("max_distance"):
		player.max_distance = p.max_distance
	BridgeSceneEdit.add(c.step, "add %s" % cls, parent, player)
	return {"path": BridgeSceneAccess.path_of(player), "type": cls, "bus": str(player.bus),
			"volume_db": player.volume_db,
			"stream": player.stream.resource_path if player.stream else null, "autoplay": player.autoplay}
