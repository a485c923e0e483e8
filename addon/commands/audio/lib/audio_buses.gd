@tool
extends RefCounted
## The editor's audio bus layout (AudioServer) as the audio commands see it: buses by name, their JSON
## description, effects by short class name, and undoable layout edits. A structural edit (add, remove,
## move, rename, send) is undone by restoring the whole layout from before, as the Audio dock does;
## effect instances are shared by both layouts, so effect settings survive the round trip.

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeParams := preload("../../../core/params.gd")
const BridgePropertyPath := preload("../../../lib/property_path.gd")
const BridgeUndoStep := preload("../../../core/undo_step.gd")


## The index of the bus named `name`, or NOT_FOUND listing the buses.

## The sweeps' setup for the bus examples: the default layout (the AudioServer outlives a scene reload),
## then a bus "Music" (with a reverb, for the effect examples).
const EXAMPLE_MUSIC := [{"method": "editor.run_script", "params": {"code": "AudioServer.set_bus_layout(AudioBusLayout.new())\nreturn true"}},
		{"method": "audio.add_bus", "params": {"name": "Music", "volume_db": -6.0}}]
const EXAMPLE_REVERB := [EXAMPLE_MUSIC[0], EXAMPLE_MUSIC[1],
		{"method": "audio.add_effect", "params": {"bus": "Music", "effect": "Reverb", "settings": {"room_size": 0.6, "wet": 0.3}}}]


static func bus(name: String, param: String = "bus") -> Variant:
	var i := AudioServer.get_bus_index(name)
	if i >= 0:
		return i
	var bus_names := names()
	var guess := BridgeParams.did_you_mean(name, bus_names)
	return BridgeError.not_found("no audio bus '%s'%s; buses: %s" % [name, " (did you mean '%s'?)" % guess if guess else "",
			", ".join(PackedStringArray(bus_names))], {"param": param, "suggestion": guess})


## The group's lookup for parameters of kind "lookup" "bus" (core/value_kinds.gd): the name of a bus that
## exists, as given, or NOT_FOUND listing the buses.
static func lookup(value: Variant, param: String, _params: Dictionary) -> Variant:
	var found: Variant = bus(str(value), param)
	return found if found is BridgeError else str(value)


## The lookups every audio file registers: {"bus": lookup}.
static func lookups() -> Dictionary:
	return {"bus": lookup}


static func names() -> Array:
	return range(AudioServer.bus_count).map(func(i: int) -> String: return AudioServer.get_bus_name(i))


static func describe(i: int) -> Dictionary:
	var effects: Array = []
	for e in AudioServer.get_bus_effect_count(i):
		effects.append(describe_effect(i, e))
	return {"index": i, "name": AudioServer.get_bus_name(i), "volume_db": AudioServer.get_bus_volume_db(i),
			"solo": AudioServer.is_bus_solo(i), "mute": AudioServer.is_bus_mute(i),
			"bypass_effects": AudioServer.is_bus_bypassing_effects(i), "send": str(AudioServer.get_bus_send(i)),
			"effects": effects}


static func describe_effect(bus_index: int, e: int) -> Dictionary:
	var effect := AudioServer.get_bus_effect(bus_index, e)
	var settings := {}
	for info: Dictionary in effect.get_property_list():
		if info.usage & PROPERTY_USAGE_EDITOR and not str(info.name).begins_with("resource_") and info.name != "script":
			settings[info.name] = effect.get(info.name)
	return {"index": e, "type": effect.get_class(), "enabled": AudioServer.is_bus_effect_enabled(bus_index, e),
			"settings": settings}


## The AudioEffect class for "Reverb", "reverb", "AudioEffectReverb", "low_pass_filter"…, or a BridgeError.
static func effect_class(type: String) -> Variant:
	var all := Array(ClassDB.get_inheriters_from_class("AudioEffect")).filter(
			func(c: String) -> bool: return ClassDB.can_instantiate(c))
	var want := type.to_lower().replace("_", "").replace(" ", "")
	for c: String in all:
		var short := c.trim_prefix("AudioEffect").to_lower()
		if c.to_lower() == want or short == want:
			return c
	var shorts := all.map(func(c: String) -> String: return c.trim_prefix("AudioEffect"))
	var guess := BridgeParams.did_you_mean(type, shorts)
	return BridgeError.invalid("unknown audio effect '%s'%s; effects: %s" % [type, " (did you mean '%s'?)" % guess if guess else "",
			", ".join(PackedStringArray(shorts))], {"param": "effect", "suggestion": guess})


## Sets each setting on an effect not yet in use (a new one, or a copy to compare), each coerced and read
## back (PropertyPath.apply_new): null, or a BridgeError for the first one the effect does not take.
static func apply_settings(effect: AudioEffect, settings: Dictionary, method: String) -> Variant:
	var bad: Variant = BridgePropertyPath.apply_new(effect, settings, method)
	if bad != null:
		bad.data["param"] = "settings"
		if method == "audio.set_effect":  # a copy was tried: the live effect is untouched
			bad.message = bad.message.replace("; nothing was made", "; nothing was changed")
	return bad


## An undoable action in the editor's global history (where the Audio dock records its edits).
static func action(undo_step: RefCounted, action_name: String) -> EditorUndoRedoManager:
	var ur := BridgeUndoStep.action_for(undo_step, "Bridge: " + action_name, AudioServer)
	return ur


## Records an edit already applied to the AudioServer as one action: do = the layout now, undo = `before`.
static func commit_layout(undo_step: RefCounted, action_name: String, before: AudioBusLayout) -> void:
	var ur := action(undo_step, action_name)
	ur.add_do_method(AudioServer, "set_bus_layout", AudioServer.generate_bus_layout())
	ur.add_undo_method(AudioServer, "set_bus_layout", before)
	ur.commit_action(false)
