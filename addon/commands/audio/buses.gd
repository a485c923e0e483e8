@tool
extends "../../core/command_group.gd"
## audio.*, buses: read the bus layout, add, remove and change buses (volume, solo, mute, bypass, send,
## name, position). Undoable in the editor's global history, like the Audio dock; the editor saves the
## project's bus layout file itself (audio.save_layout writes one where you choose).

const BridgeBuses := preload("lib/audio_buses.gd")


func commands() -> Array:
	return [
		{
			"method": "audio.buses",
			"summary": "The audio bus layout: every bus with volume, solo, mute, bypass, send and its effects with their settings.",
			"params": [],
			"example": {},
			"read_only": true,
			"returns": {"count": "int", "buses": [{"index": "int", "name": "string", "volume_db": "float", "solo": "bool", "mute": "bool", "bypass_effects": "bool", "send": "string", "effects": [{"index": "int", "type": "string", "enabled": "bool", "settings": "Dictionary"}]}], "layout_file": "string"},
			"handler": _buses,
		},
		{
			"method": "audio.add_bus",
			"summary": "Add an audio bus (after the last, or at an index) with volume, send, solo and mute.",
			"params": [
				req("name", "string", "Bus name (unique)"),
				opt("index", "int", "Position (default: last; 0 is Master and cannot be taken)", null, {"min": 1}),
				opt("volume_db", "float", "Volume in dB", 0.0, {"min": -80.0, "max": 24.0}),
				lookup_param("send", "bus", "Bus this one feeds (default: Master)", false, "Master"),
				opt("solo", "bool", "Solo", false),
				opt("mute", "bool", "Mute", false),
			],
			"example": {"name": "Music", "volume_db": -6.0, "send": "Master"},
			"example_setup": [{"method": "editor.run_script", "params": {"code": "AudioServer.set_bus_layout(AudioBusLayout.new())\nreturn true"}}],
			"undo": "global",
			"returns": {"index": "int", "name": "string", "volume_db": "float", "solo": "bool", "mute": "bool", "bypass_effects": "bool", "send": "string", "effects": [{"index": "int", "type": "string", "enabled": "bool", "settings": "Dictionary"}]},
			"handler": _add,
		},
		{
			"method": "audio.remove_bus",
			"summary": "Remove an audio bus (not Master); buses that sent to it fall back to Master. Undo restores everything.",
			"params": [lookup_param("name", "bus", "Bus to remove")],
			"example": {"name": "Music"},
			"example_setup": BridgeBuses.EXAMPLE_MUSIC,
			"destructive": true,
			"undo": "global",
			"returns": {"removed": "string", "rerouted_to_master": ["string"], "buses": ["string"]},
			"handler": _remove,
		},
		{
			"method": "audio.set_bus",
			"idempotent": true,
			"summary": "Change a bus: volume, solo, mute, bypass effects, send, name or position; returns the bus read back.",
			"params": [
				lookup_param("name", "bus", "Bus to change"),
				opt("volume_db", "float", "Volume in dB", null, {"min": -80.0, "max": 24.0}),
				opt("solo", "bool", "Solo"),
				opt("mute", "bool", "Mute"),
				opt("bypass_effects", "bool", "Bypass the bus's effects"),
				lookup_param("send", "bus", "Bus this one feeds", false),
				opt("rename", "string", "New name"),
				opt("index", "int", "Move to this position (1..last; Master stays first)", null, {"min": 1}),
			],
			"example": {"name": "Music", "volume_db": -12.0, "mute": true},
			"example_setup": BridgeBuses.EXAMPLE_MUSIC,
			"undo": "global",
			"returns": {"index": "int", "name": "string", "volume_db": "float", "solo": "bool", "mute": "bool", "bypass_effects": "bool", "send": "string", "effects": [{"index": "int", "type": "string", "enabled": "bool", "settings": "Dictionary"}]},
			"handler": _set_bus,
		},
	]


## Bus names in parameters of kind "lookup" "bus" are checked by the router (lib/audio_buses.gd).
func lookups() -> Dictionary:
	return BridgeBuses.lookups()


func _buses(_c: BridgeCall) -> Variant:
	var buses: Array = []
	for i in AudioServer.bus_count:
		buses.append(BridgeBuses.describe(i))
	return {"count": buses.size(), "buses": buses,
			"layout_file": ProjectSettings.get_setting("audio/buses/default_bus_layout", "")}


func _check_name(name: String, param: String) -> Variant:
	if name.strip_edges() == "" or name.contains("/"):
		return BridgeError.invalid("'%s' is not a usable bus name" % name, {"param": param})
	if AudioServer.get_bus_index(name) >= 0:
		return BridgeError.failed("there is already a bus named '%s'" % name, {"param": param})
	return null


func _add(c: BridgeCall) -> Variant:
	var p := c.params
	var bad: Variant = _check_name(p.name, "name")
	if bad:
		return bad
	if p.has("index") and p.index > AudioServer.bus_count:
		return c.invalid("index %d is out of range (1..%d)" % [p.index, AudioServer.bus_count], {"param": "index"})
	var before := AudioServer.generate_bus_layout()
	var at: int = p.get("index", AudioServer.bus_count)
	AudioServer.add_bus(at)
	AudioServer.set_bus_name(at, p.name)
	AudioServer.set_bus_volume_db(at, p.volume_db)
	AudioServer.set_bus_send(at, p.send)
	AudioServer.set_bus_solo(at, p.solo)
	AudioServer.set_bus_mute(at, p.mute)
	BridgeBuses.commit_layout(c.step, "add audio bus %s" % p.name, before)
	return BridgeBuses.describe(AudioServer.get_bus_index(p.name))


func _remove(c: BridgeCall) -> Variant:
	var p := c.params
	var i := AudioServer.get_bus_index(p.name)
	if i == 0:
		return c.failed("the Master bus cannot be removed", {"param": "name"})
	var before := AudioServer.generate_bus_layout()
	var rerouted: Array = []
	for j in AudioServer.bus_count:
		if AudioServer.get_bus_send(j) == StringName(p.name):
			rerouted.append(AudioServer.get_bus_name(j))
	AudioServer.remove_bus(i)
	for name: String in rerouted:
		AudioServer.set_bus_send(AudioServer.get_bus_index(name), "Master")
	BridgeBuses.commit_layout(c.step, "remove audio bus %s" % p.name, before)
	return {"removed": p.name, "rerouted_to_master": rerouted, "buses": BridgeBuses.names()}


func _set_bus(c: BridgeCall) -> Variant:
	var p := c.params
	var i := AudioServer.get_bus_index(p.name)
	var keys := ["volume_db", "solo", "mute", "bypass_effects", "send", "rename", "index"]
	if not keys.any(func(k: String) -> bool: return p.has(k)):
		return c.invalid("give something to change: %s" % ", ".join(PackedStringArray(keys)),
				{"param": "volume_db"})
	if p.has("rename") and p.rename != p.name:
		var bad: Variant = _check_name(p.rename, "rename")
		if bad:
			return bad
	if p.has("send"):
		if p.send == p.name or i == 0:
			return c.invalid("a bus cannot send to itself, and Master sends nowhere", {"param": "send"})
	if p.has("index"):
		if i == 0:
			return c.invalid("Master stays the first bus", {"param": "index"})
		if p.index >= AudioServer.bus_count:
			return c.invalid("index %d is out of range (1..%d)" % [p.index, AudioServer.bus_count - 1], {"param": "index"})
	if p.has("rename") and i == 0 and p.rename != "Master":
		return c.invalid("the Master bus keeps its name", {"param": "rename"})
	var before := AudioServer.generate_bus_layout()
	if p.has("volume_db"):
		AudioServer.set_bus_volume_db(i, p.volume_db)
	if p.has("solo"):
		AudioServer.set_bus_solo(i, p.solo)
	if p.has("mute"):
		AudioServer.set_bus_mute(i, p.mute)
	if p.has("bypass_effects"):
		AudioServer.set_bus_bypass_effects(i, p.bypass_effects)
	if p.has("send"):
		AudioServer.set_bus_send(i, p.send)
	var name: String = p.name
	if p.has("rename") and p.rename != p.name:
		AudioServer.set_bus_name(i, p.rename)  # the server renames the sends that named it too
		name = p.rename
	if p.has("index") and p.index != i:
		AudioServer.move_bus(i, p.index if p.index < i else p.index + 1)
	BridgeBuses.commit_layout(c.step, "change audio bus %s" % p.name, before)
	return BridgeBuses.describe(AudioServer.get_bus_index(name))
