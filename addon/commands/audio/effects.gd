@tool
extends "../../core/command_group.gd"
## audio.*, bus effects: add an effect (reverb, compressor, filters, …) with settings, change its settings
## or switch it on and off, remove it. Undoable in the editor's global history.

const BridgeBuses := preload("lib/audio_buses.gd")


func commands() -> Array:
	return [
		{
			"method": "audio.add_effect",
			"summary": "Add an effect to a bus ('Reverb', 'Compressor', 'LowPassFilter', … or the full class name) with settings.",
			"params": [
				lookup_param("bus", "bus", "Bus name"),
				req("effect", "string", "Effect class: 'Reverb' or 'AudioEffectReverb'"),
				opt("settings", "Dictionary", "Effect properties, e.g. {\"room_size\": 0.6, \"wet\": 0.3}", {}),
				opt("index", "int", "Position in the bus's chain (default: last)", null, {"min": 0}),
				opt("enabled", "bool", "Whether the effect is on", true),
			],
			"example": {"bus": "Music", "effect": "Reverb", "settings": {"room_size": 0.6, "wet": 0.3}},
			"example_setup": BridgeBuses.EXAMPLE_MUSIC,
			"undo": "global",
			"returns": {"index": "int", "type": "string", "enabled": "bool", "settings": "Dictionary", "bus": "string"},
			"handler": _add,
		},
		{
			"method": "audio.set_effect",
			"idempotent": true,
			"summary": "Change a bus effect's settings or switch it on/off; returns the settings read back.",
			"params": [
				lookup_param("bus", "bus", "Bus name"),
				req("index", "int", "Effect position in the bus's chain", {"min": 0}),
				opt("settings", "Dictionary", "Properties to change"),
				opt("enabled", "bool", "Switch the effect on or off"),
			],
			"example": {"bus": "Music", "index": 0, "settings": {"wet": 0.5}, "enabled": true},
			"example_setup": BridgeBuses.EXAMPLE_REVERB,
			"undo": "global",
			"returns": {"index": "int", "type": "string", "enabled": "bool", "settings": "Dictionary", "bus": "string"},
			"handler": _set_effect,
		},
		{
			"method": "audio.remove_effect",
			"summary": "Remove an effect from a bus's chain (undoable).",
			"params": [lookup_param("bus", "bus", "Bus name"), req("index", "int", "Effect position", {"min": 0})],
			"example": {"bus": "Music", "index": 0},
			"example_setup": BridgeBuses.EXAMPLE_REVERB,
			"destructive": true,
			"undo": "global",
			"returns": {"bus": "string", "removed": {"index": "int", "type": "string"}, "effect_count": "int"},
			"handler": _remove,
		},
	]


## Bus names in parameters of kind "lookup" "bus" are checked by the router (lib/audio_buses.gd).
func lookups() -> Dictionary:
	return BridgeBuses.lookups()


func _effect_at(p: Dictionary) -> Variant:
	var b := AudioServer.get_bus_index(p.bus)
	var count := AudioServer.get_bus_effect_count(b)
	if p.index >= count:
		return BridgeError.invalid("bus %s has %d effects; index %d is out of range" % [p.bus, count, p.index], {"param": "index"})
	return b


func _add(c: BridgeCall) -> Variant:
	var p := c.params
	var b := AudioServer.get_bus_index(p.bus)
	var cls: Variant = BridgeBuses.effect_class(p.effect)
	if cls is BridgeError:
		return cls
	var count := AudioServer.get_bus_effect_count(b)
	if p.has("index") and p.index > count:
		return c.invalid("bus %s has %d effects; index %d is out of range" % [p.bus, count, p.index], {"param": "index"})
	var effect: AudioEffect = ClassDB.instantiate(cls)
	var bad: Variant = BridgeBuses.apply_settings(effect, p.settings, "audio.add_effect")
	if bad:
		return bad
	var at: int = p.get("index", count)
	var before := AudioServer.generate_bus_layout()
	AudioServer.add_bus_effect(b, effect, at)
	AudioServer.set_bus_effect_enabled(b, at, p.enabled)
	BridgeBuses.commit_layout(c.step, "add %s to %s" % [cls, p.bus], before)
	var out := BridgeBuses.describe_effect(b, at)
	out["bus"] = p.bus
	return out


func _set_effect(c: BridgeCall) -> Variant:
	var p := c.params
	var b: Variant = _effect_at(p)
	if b is BridgeError:
		return b
	if not p.has("settings") and not p.has("enabled"):
		return c.invalid("give settings, enabled or both", {"param": "settings"})
	var effect := AudioServer.get_bus_effect(b, p.index)
	var probe: AudioEffect = effect.duplicate()  # check every value before touching the live effect
	var bad: Variant = BridgeBuses.apply_settings(probe, p.get("settings", {}), "audio.set_effect")
	if bad:
		return bad
	var ur := BridgeBuses.action(c.step, "change effect %d of %s" % [p.index, p.bus])
	for key: String in p.get("settings", {}):
		ur.add_do_property(effect, key, probe.get(key))
		ur.add_undo_property(effect, key, effect.get(key))
	if p.has("enabled"):
		ur.add_do_method(AudioServer, "set_bus_effect_enabled", b, p.index, p.enabled)
		ur.add_undo_method(AudioServer, "set_bus_effect_enabled", b, p.index, AudioServer.is_bus_effect_enabled(b, p.index))
	ur.commit_action()
	var out := BridgeBuses.describe_effect(b, p.index)
	out["bus"] = p.bus
	return out


func _remove(c: BridgeCall) -> Variant:
	var p := c.params
	var b: Variant = _effect_at(p)
	if b is BridgeError:
		return b
	var cls := AudioServer.get_bus_effect(b, p.index).get_class()
	var before := AudioServer.generate_bus_layout()
	AudioServer.remove_bus_effect(b, p.index)
	BridgeBuses.commit_layout(c.step, "remove %s from %s" % [cls, p.bus], before)
	return {"bus": p.bus, "removed": {"index": p.index, "type": cls}, "effect_count": AudioServer.get_bus_effect_count(b)}
