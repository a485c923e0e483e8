@tool
extends RefCounted
## Animation clips as the animation commands see them: the AnimationPlayer (or any AnimationMixer) of the
## edited scene, clips named "walk" (default library) or "lib/walk", tracks by index or path, JSON keys, and
## whole-clip snapshots so that any edit of a clip is one undoable action (do: the edited copy, undo: the
## copy from before).

const BridgeError := preload("../../../core/bridge_error.gd")
const BridgeParams := preload("../../../core/params.gd")
const BridgeSceneAccess := preload("../../../lib/scene_access.gd")
const BridgeSettings := preload("../../../core/settings.gd")

const TRACK_TYPES := {
	"value": Animation.TYPE_VALUE, "position_3d": Animation.TYPE_POSITION_3D, "rotation_3d": Animation.TYPE_ROTATION_3D,
	"scale_3d": Animation.TYPE_SCALE_3D, "blend_shape": Animation.TYPE_BLEND_SHAPE, "method": Animation.TYPE_METHOD,
	"bezier": Animation.TYPE_BEZIER, "audio": Animation.TYPE_AUDIO, "animation": Animation.TYPE_ANIMATION,
}
const LOOP_MODES := {"none": Animation.LOOP_NONE, "linear": Animation.LOOP_LINEAR, "pingpong": Animation.LOOP_PINGPONG}
const UPDATE_MODES := {"continuous": Animation.UPDATE_CONTINUOUS, "discrete": Animation.UPDATE_DISCRETE,
		"capture": Animation.UPDATE_CAPTURE}
const INTERPOLATIONS := {"nearest": Animation.INTERPOLATION_NEAREST, "linear": Animation.INTERPOLATION_LINEAR,
		"cubic": Animation.INTERPOLATION_CUBIC, "linear_angle": Animation.INTERPOLATION_LINEAR_ANGLE,
		"cubic_angle": Animation.INTERPOLATION_CUBIC_ANGLE}


## [library name, clip name] of "walk" or "lib/walk".
## The sweeps' setup for the animation examples: an AnimationPlayer with a 0.8 s clip "walk" (and a
## position track on the player, for the examples that edit or play one).
const EXAMPLE_CLIP := [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}},
		{"method": "animation.create", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8}}]
const EXAMPLE_TRACK := [EXAMPLE_CLIP[0], EXAMPLE_CLIP[1], {"method": "animation.add_track", "params": {
		"player": "/root/Main/AnimationPlayer", "animation": "walk", "path": "Player:position",
		"keys": [{"time": 0.0, "value": [320, 180]}, {"time": 0.4, "value": [360, 180]}]}}]


static func split_name(clip_name: String) -> Array:
	var slash := clip_name.rfind("/")
	return ["", clip_name] if slash < 0 else [clip_name.substr(0, slash), clip_name.substr(slash + 1)]


## The Animation named `clip` on the player, or NOT_FOUND listing the clips it has.
static func clip(player: AnimationMixer, clip_name: String) -> Variant:
	if player.has_animation(clip_name):
		return player.get_animation(clip_name)
	var names := Array(player.get_animation_list())
	var guess := BridgeParams.did_you_mean(clip_name, names)
	return BridgeError.not_found("%s has no animation '%s'%s; it has: %s" % [BridgeSceneAccess.path_of(player),
			clip_name,
			" (did you mean '%s'?)" % guess if guess != "" else "", ", ".join(PackedStringArray(names)) if names else "none"],
			{"param": "animation", "suggestion": guess})


## The group's lookup for parameters of kind "lookup" "animation" (core/value_kinds.gd): the name of a clip
## the parameter `player` (resolved before it) has, as given, or NOT_FOUND listing its clips.
static func lookup(value: Variant, param: String, params: Dictionary) -> Variant:
	var player: Variant = params.get("player")
	if not player is AnimationMixer:
		return str(value)
	var found: Variant = clip(player, str(value))
	if found is BridgeError:
		found.data["param"] = param
		return found
	return str(value)


## The lookups every animation file registers: {"animation": lookup}.
static func lookups() -> Dictionary:
	return {"animation": lookup}


## The node tracks are relative to (the player's root_node).
static func track_root(player: AnimationMixer) -> Node:
	return player.get_node_or_null(player.root_node)


## The index of the track given by `index` (int, may be absent) or `path` (string), or a BridgeError.
static func track_index(anim: Animation, p: Dictionary) -> Variant:
	if p.has("track") == p.has("track_path"):
		return BridgeError.invalid("give either track (index) or track_path", {"param": "track"})
	if p.has("track"):
		if p.track >= anim.get_track_count():
			return BridgeError.invalid("track %d is out of range: the clip has %d tracks" % [p.track, anim.get_track_count()],
					{"param": "track"})
		return p.track
	for i in anim.get_track_count():
		if str(anim.track_get_path(i)) == p.track_path:
			return i
	var paths: Array = range(anim.get_track_count()).map(func(i: int) -> String: return str(anim.track_get_path(i)))
	return BridgeError.not_found("no track with path '%s'; tracks: %s" % [p.track_path,
			", ".join(PackedStringArray(paths)) if paths else "none"], {"param": "track_path"})


## Checks a track path against the scene: the node must exist (and the property, for value/bezier tracks).
## Returns the property info for value/bezier tracks ({} otherwise) or a BridgeError.
static func check_track_path(player: AnimationMixer, type: int, path: String) -> Variant:
	var root := track_root(player)
	if root == null:
		return BridgeError.failed("%s's root_node %s does not resolve" % [BridgeSceneAccess.path_of(player), player.root_node])
	var np := NodePath(path)
	var node_part := NodePath(str(np).get_slice(":", 0)) if str(np).contains(":") else np
	var target := root.get_node_or_null(node_part)
	if target == null:
		return BridgeError.not_found("no node '%s' relative to %s (the player's root_node)" % [node_part,
				BridgeSceneAccess.path_of(root)], {"param": "path"})
	var prop := np.get_concatenated_subnames()
	match type:
		Animation.TYPE_VALUE, Animation.TYPE_BEZIER:
			if prop == "":
				return BridgeError.invalid("a %s track path names a property: 'Node:property', e.g. 'Sprite2D:frame'" %
						("value" if type == Animation.TYPE_VALUE else "bezier"), {"param": "path"})
			var head := prop.get_slice(":", 0)
			var info: Variant = BridgeSceneAccess.property_info(target, head)
			if info is BridgeError:
				return info
			if type == Animation.TYPE_BEZIER and prop == head and not info.type in [TYPE_FLOAT, TYPE_INT]:
				return BridgeError.invalid("a bezier track animates one number: use '%s:%s:x' style sub-properties for a %s" % [
						node_part, head, type_string(info.type)], {"param": "path"})
			return info if prop == head else {"name": prop, "type": TYPE_FLOAT}
		Animation.TYPE_POSITION_3D, Animation.TYPE_ROTATION_3D, Animation.TYPE_SCALE_3D:
			if not target is Node3D:
				return BridgeError.invalid("%s is a %s: 3D transform tracks need a Node3D" % [node_part, target.get_class()],
						{"param": "path"})
		Animation.TYPE_AUDIO:
			if not (target is AudioStreamPlayer or target is AudioStreamPlayer2D or target is AudioStreamPlayer3D):
				return BridgeError.invalid("%s is a %s: audio tracks play through an AudioStreamPlayer(2D/3D)" % [node_part,
						target.get_class()], {"param": "path"})
		Animation.TYPE_ANIMATION:
			if not target is AnimationPlayer:
				return BridgeError.invalid("%s is a %s: animation tracks drive another AnimationPlayer" % [node_part,
						target.get_class()], {"param": "path"})
	return {}


## Inserts one JSON key {time, value, transition?, in_handle?, out_handle?} on track `t`; null or a BridgeError.
static func insert_key(anim: Animation, t: int, key: Variant, info: Dictionary) -> Variant:
	if not key is Dictionary or not key.has("time"):
		return BridgeError.invalid("each key is an object with time and value, got %s" % JSON.stringify(key), {"param": "keys"})
	var time: Variant = key.time
	if not (time is float or time is int) or time < 0 or time > anim.length:
		return BridgeError.invalid("key time %s is outside the clip (0..%s)" % [JSON.stringify(time), anim.length],
				{"param": "keys"})
	var raw: Variant = key.get("value")
	var value: Variant
	match anim.track_get_type(t):
		Animation.TYPE_VALUE:
			value = BridgeSceneAccess.coerce(raw, info) if not info.is_empty() else raw
		Animation.TYPE_POSITION_3D, Animation.TYPE_SCALE_3D:
			value = BridgeSceneAccess.coerce(raw, {"name": "value", "type": TYPE_VECTOR3})
		Animation.TYPE_ROTATION_3D:
			value = BridgeSceneAccess.coerce(raw, {"name": "value", "type": TYPE_VECTOR3})  # Euler degrees
			if not value is BridgeError:
				value = Quaternion.from_euler(value * (PI / 180.0))
		Animation.TYPE_BLEND_SHAPE, Animation.TYPE_BEZIER:
			value = BridgeSceneAccess.coerce(raw, {"name": "value", "type": TYPE_FLOAT})
		Animation.TYPE_METHOD:
			if not raw is Dictionary or not raw.get("method") is String or raw.method == "":
				return BridgeError.invalid("a method key's value is {\"method\": name, \"args\": [...]}", {"param": "keys"})
			value = {"method": StringName(raw.method), "args": raw.get("args", [])}
		Animation.TYPE_AUDIO:
			var stream: Variant = BridgeSceneAccess.coerce(raw, {"name": "value", "type": TYPE_OBJECT,
					"hint": PROPERTY_HINT_RESOURCE_TYPE, "hint_string": "AudioStream"})
			if stream is BridgeError or stream == null:
				return stream if stream is BridgeError else BridgeError.invalid("an audio key's value is an AudioStream res:// path",
						{"param": "keys"})
			anim.audio_track_insert_key(t, time, stream, key.get("start_offset", 0.0), key.get("end_offset", 0.0))
			return null
		Animation.TYPE_ANIMATION:
			if not raw is String:
				return BridgeError.invalid("an animation key's value is a clip name", {"param": "keys"})
			anim.animation_track_insert_key(t, time, StringName(raw))
			return null
	if value is BridgeError:
		value.data["param"] = "keys"
		return value
	if anim.track_get_type(t) == Animation.TYPE_BEZIER:
		var ih: Variant = BridgeSceneAccess.coerce(key.get("in_handle", [-0.25, 0]), {"name": "in_handle", "type": TYPE_VECTOR2})
		var oh: Variant = BridgeSceneAccess.coerce(key.get("out_handle", [0.25, 0]), {"name": "out_handle", "type": TYPE_VECTOR2})
		if ih is BridgeError or oh is BridgeError:
			return ih if ih is BridgeError else oh
		anim.bezier_track_insert_key(t, time, value, ih, oh)
		return null
	var transition: Variant = key.get("transition", 1.0)
	if not (transition is float or transition is int):
		return BridgeError.invalid("a key's transition is a number (1 linear, <1 ease out, >1 ease in)", {"param": "keys"})
	anim.track_insert_key(t, time, value, transition)
	return null


## One clip as JSON: settings, and every track with its keys.
static func describe(anim: Animation, clip_name: String) -> Dictionary:
	var tracks: Array = []
	for t in anim.get_track_count():
		tracks.append(describe_track(anim, t))
	return {"animation": clip_name, "length": anim.length, "loop_mode": LOOP_MODES.find_key(anim.loop_mode),
			"step": anim.step, "track_count": tracks.size(), "tracks": tracks}


static func describe_track(anim: Animation, t: int) -> Dictionary:
	var type := anim.track_get_type(t)
	var out := {"index": t, "type": TRACK_TYPES.find_key(type), "path": str(anim.track_get_path(t)),
			"enabled": anim.track_is_enabled(t), "key_count": anim.track_get_key_count(t)}
	if type in [Animation.TYPE_VALUE, Animation.TYPE_POSITION_3D, Animation.TYPE_ROTATION_3D, Animation.TYPE_SCALE_3D,
			Animation.TYPE_BLEND_SHAPE]:
		out["interpolation"] = INTERPOLATIONS.find_key(anim.track_get_interpolation_type(t))
		out["loop_wrap"] = anim.track_get_interpolation_loop_wrap(t)
	if type == Animation.TYPE_VALUE:
		out["update_mode"] = UPDATE_MODES.find_key(anim.value_track_get_update_mode(t))
	var keys: Array = []
	for k in anim.track_get_key_count(t):
		var key := {"time": anim.track_get_key_time(t, k)}
		match type:
			Animation.TYPE_BEZIER:
				key["value"] = anim.bezier_track_get_key_value(t, k)
				key["in_handle"] = anim.bezier_track_get_key_in_handle(t, k)
				key["out_handle"] = anim.bezier_track_get_key_out_handle(t, k)
			Animation.TYPE_AUDIO:
				var stream := anim.audio_track_get_key_stream(t, k)
				key["value"] = stream.resource_path if stream else null
				key["start_offset"] = anim.audio_track_get_key_start_offset(t, k)
				key["end_offset"] = anim.audio_track_get_key_end_offset(t, k)
			Animation.TYPE_ANIMATION:
				key["value"] = str(anim.animation_track_get_key_animation(t, k))
			Animation.TYPE_ROTATION_3D:
				var q: Quaternion = anim.track_get_key_value(t, k)
				key["value"] = q.get_euler() * (180.0 / PI)
			_:
				key["value"] = anim.track_get_key_value(t, k)
				key["transition"] = anim.track_get_key_transition(t, k)
		keys.append(key)
	out["keys"] = keys
	return out


## Makes `anim` hold exactly what `source` holds (settings, tracks, keys). The do/undo step of clip edits:
## the clip keeps its identity, so libraries, trees and saved files that reference it stay valid.
static func restore(anim: Animation, source: Animation) -> void:
	anim.clear()
	for t in source.get_track_count():
		source.copy_track(t, anim)
	anim.length = source.length
	anim.loop_mode = source.loop_mode
	anim.step = source.step
	anim.emit_changed()


## Commits one undoable action that turns `anim` into `edited` (a modified duplicate of it).
static func commit_edit(undo_step: RefCounted, action_name: String, anim: Animation, edited: Animation) -> void:
	var before: Animation = anim.duplicate(true)
	var ur := BridgeSceneAccess.action(undo_step, action_name)
	ur.add_do_method(load(_self_path()), "restore", anim, edited)
	ur.add_undo_method(load(_self_path()), "restore", anim, before)
	ur.commit_action()


static func _self_path() -> String:
	return BridgeSettings.addon_dir().path_join("commands/animation/lib/anim_access.gd")
