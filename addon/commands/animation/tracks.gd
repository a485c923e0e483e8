@tool
extends "../../core/command_group.gd"
## animation.*, tracks and keys: add and remove tracks of every kind (value, 3D transform, blend shape,
## method, bezier, audio, animation), insert and remove keys. Paths are checked against the scene; key
## values are coerced to the animated property's type. Each command is one undoable action on the clip.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeAnimAccess := preload("lib/anim_access.gd")

const KEYS_DOC := "Keys: [{time, value, transition?}]; value by track type: value → the property's type ([x, y], '#rrggbb', …); position_3d/scale_3d → [x, y, z]; rotation_3d → Euler degrees [x, y, z]; blend_shape/bezier → a number (bezier keys take in_handle/out_handle [dt, dv]); method → {method, args}; audio → a res:// AudioStream (start_offset/end_offset); animation → a clip name"


func commands() -> Array:
	return [
		{
			"method": "animation.add_track",
			"summary": "Add a track to a clip (value, position_3d, rotation_3d, scale_3d, blend_shape, method, bezier, audio, animation), optionally with keys.",
			"params": [
				node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"}),
				lookup_param("animation", "animation", "Clip name"),
				choice("track_type", BridgeAnimAccess.TRACK_TYPES.keys(), "Kind of track", "value"),
				req("path", "string", "Target relative to the player's root node: 'Sprite2D:frame' (value, bezier), 'Sprite2D' (method, audio, 3D)"),
				opt("update_mode", "enum", "Value tracks: continuous, discrete or capture (default: discrete for ints, bools, strings and resources, else continuous)", null,
						{"values": BridgeAnimAccess.UPDATE_MODES.keys()}),
				opt("interpolation", "enum", "Value and 3D tracks: nearest, linear, cubic, linear_angle, cubic_angle", null,
						{"values": BridgeAnimAccess.INTERPOLATIONS.keys()}),
				opt("loop_wrap", "bool", "Interpolate between the last and first key when looping", true),
				opt("keys", "Array", KEYS_DOC, [], {"items": "Dictionary"}),
			],
			"example": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "track_type": "value",
					"path": "Player:position", "keys": [{"time": 0.0, "value": [320, 180]}, {"time": 0.4, "value": [360, 180]}]},
			"example_setup": BridgeAnimAccess.EXAMPLE_CLIP,
			"undo": "scene",
			"returns": {"animation": "string", "index": "int", "type": "string", "path": "string", "enabled": "bool", "key_count": "int",
					"keys": [{"time": "float", "value?": "any"}], "interpolation?": "string", "loop_wrap?": "bool", "update_mode?": "string"},
			"handler": _add_track,
		},
		{
			"method": "animation.remove_track",
			"summary": "Remove a track (by index or path) from a clip, with its keys (undoable).",
			"params": [
				node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"}),
				lookup_param("animation", "animation", "Clip name"),
				opt("track", "int", "Track index", null, {"min": 0}),
				opt("track_path", "string", "Track path instead of an index, e.g. 'Player:position'"),
			],
			"example": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "track_path": "Player:position"},
			"example_setup": BridgeAnimAccess.EXAMPLE_TRACK,
			"destructive": true,
			"undo": "scene",
			"returns": {"animation": "string", "removed": {"index": "int", "path": "string"}, "track_count": "int"},
			"handler": _remove_track,
		},
		{
			"method": "animation.insert_keys",
			"summary": "Insert or replace keys on a track (a key at the same time is replaced); values are checked against the track's target.",
			"params": [
				node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"}),
				lookup_param("animation", "animation", "Clip name"),
				opt("track", "int", "Track index", null, {"min": 0}),
				opt("track_path", "string", "Track path instead of an index"),
				req("keys", "Array", KEYS_DOC, {"items": "Dictionary"}),
			],
			"example": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "track_path": "Player:position",
					"keys": [{"time": 0.8, "value": [320, 180], "transition": 0.5}]},
			"example_setup": BridgeAnimAccess.EXAMPLE_TRACK,
			"undo": "scene",
			"returns": {"animation": "string", "index": "int", "type": "string", "path": "string", "enabled": "bool", "key_count": "int",
					"keys": [{"time": "float", "value?": "any"}], "interpolation?": "string", "loop_wrap?": "bool", "update_mode?": "string"},
			"handler": _insert_keys,
		},
		{
			"method": "animation.remove_keys",
			"summary": "Remove keys from a track: at given times, in a time range, or all (undoable); says how many went.",
			"params": [
				node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"}),
				lookup_param("animation", "animation", "Clip name"),
				opt("track", "int", "Track index", null, {"min": 0}),
				opt("track_path", "string", "Track path instead of an index"),
				opt("times", "Array", "Times of the keys to remove (seconds, matched within 1 ms)", null, {"items": "float"}),
				opt("from", "float", "Remove keys at or after this time"),
				opt("to", "float", "Remove keys at or before this time"),
				opt("all", "bool", "Remove every key of the track", false),
			],
			"example": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "track_path": "Player:position", "times": [0.8]},
			"example_setup": [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}},
					{"method": "animation.create", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8}},
					{"method": "animation.add_track", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk",
						"path": "Player:position", "keys": [{"time": 0.0, "value": [320, 180]}, {"time": 0.4, "value": [360, 180]}]}},
					{"method": "animation.insert_keys", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk",
						"track_path": "Player:position", "keys": [{"time": 0.8, "value": [320, 180], "transition": 0.5}]}}],
			"destructive": true,
			"undo": "scene",
			"returns": {"animation": "string", "track": "int", "removed": "int", "key_count": "int"},
			"handler": _remove_keys,
		},
	]


## Clip names in parameters of kind "lookup" "animation" are checked by the router (lib/anim_access.gd).
func lookups() -> Dictionary:
	return BridgeAnimAccess.lookups()


func _clip(p: Dictionary) -> Variant:
	var player: AnimationMixer = p.player
	return [player, player.get_animation(p.animation)]


func _add_track(c: BridgeCall) -> Variant:
	var p := c.params
	var found: Variant = _clip(p)
	if found is BridgeError:
		return found
	var player: AnimationMixer = found[0]
	var anim: Animation = found[1]
	var type: int = BridgeAnimAccess.TRACK_TYPES[p.track_type]
	var info: Variant = BridgeAnimAccess.check_track_path(player, type, p.path)
	if info is BridgeError:
		return info
	if anim.find_track(NodePath(p.path), type) >= 0:
		return c.failed("%s already has a %s track for '%s'" % [p.animation, p.track_type, p.path], {"param": "path"})
	var edited: Animation = anim.duplicate(true)
	var t := edited.add_track(type)
	edited.track_set_path(t, NodePath(p.path))
	if type in [Animation.TYPE_VALUE, Animation.TYPE_POSITION_3D, Animation.TYPE_ROTATION_3D, Animation.TYPE_SCALE_3D,
			Animation.TYPE_BLEND_SHAPE]:
		edited.track_set_interpolation_loop_wrap(t, p.loop_wrap)
		if p.has("interpolation"):
			edited.track_set_interpolation_type(t, BridgeAnimAccess.INTERPOLATIONS[p.interpolation])
	elif p.has("interpolation"):
		return c.invalid("interpolation applies to value and 3D tracks, not %s" % p.track_type, {"param": "interpolation"})
	if type == Animation.TYPE_VALUE:
		var mode: int = Animation.UPDATE_CONTINUOUS
		if p.has("update_mode"):
			mode = BridgeAnimAccess.UPDATE_MODES[p.update_mode]
		elif info.get("type", TYPE_NIL) in [TYPE_INT, TYPE_BOOL, TYPE_STRING, TYPE_STRING_NAME, TYPE_OBJECT]:
			mode = Animation.UPDATE_DISCRETE  # what the editor picks: these cannot be interpolated
		edited.value_track_set_update_mode(t, mode)
	elif p.has("update_mode"):
		return c.invalid("update_mode applies to value tracks only", {"param": "update_mode"})
	for key: Variant in p.keys:
		var bad: Variant = BridgeAnimAccess.insert_key(edited, t, key, info)
		if bad:
			return bad
	BridgeAnimAccess.commit_edit(c.step, "add %s track %s" % [p.track_type, p.path], anim, edited)
	var out := BridgeAnimAccess.describe_track(anim, t)
	out["animation"] = p.animation
	return out


func _remove_track(c: BridgeCall) -> Variant:
	var p := c.params
	var found: Variant = _clip(p)
	if found is BridgeError:
		return found
	var anim: Animation = found[1]
	var t: Variant = BridgeAnimAccess.track_index(anim, p)
	if t is BridgeError:
		return t
	var path := str(anim.track_get_path(t))
	var edited: Animation = anim.duplicate(true)
	edited.remove_track(t)
	BridgeAnimAccess.commit_edit(c.step, "remove track %s" % path, anim, edited)
	return {"animation": p.animation, "removed": {"index": t, "path": path}, "track_count": anim.get_track_count()}


func _insert_keys(c: BridgeCall) -> Variant:
	var p := c.params
	var found: Variant = _clip(p)
	if found is BridgeError:
		return found
	var anim: Animation = found[1]
	var t: Variant = BridgeAnimAccess.track_index(anim, p)
	if t is BridgeError:
		return t
	if p.keys.is_empty():
		return c.invalid("keys is empty", {"param": "keys"})
	var info: Variant = {}
	if anim.track_get_type(t) == Animation.TYPE_VALUE:
		info = BridgeAnimAccess.check_track_path(found[0], Animation.TYPE_VALUE, str(anim.track_get_path(t)))
		if info is BridgeError:
			info = {}  # the target is gone: keep the values as given, as the editor would
	var edited: Animation = anim.duplicate(true)
	for key: Variant in p.keys:
		var bad: Variant = BridgeAnimAccess.insert_key(edited, t, key, info)
		if bad:
			return bad
	BridgeAnimAccess.commit_edit(c.step, "insert %d keys on %s" % [p.keys.size(), anim.track_get_path(t)], anim, edited)
	var out := BridgeAnimAccess.describe_track(anim, t)
	out["animation"] = p.animation
	return out


func _remove_keys(c: BridgeCall) -> Variant:
	var p := c.params
	var found: Variant = _clip(p)
	if found is BridgeError:
		return found
	var anim: Animation = found[1]
	var t: Variant = BridgeAnimAccess.track_index(anim, p)
	if t is BridgeError:
		return t
	var by_times: bool = p.has("times")
	var by_range: bool = p.has("from") or p.has("to")
	if int(by_times) + int(by_range) + int(p.all) != 1:
		return c.invalid("give exactly one of times, from/to, all", {"param": "times"})
	var doomed: Array[int] = []
	for k in anim.track_get_key_count(t):
		var time := anim.track_get_key_time(t, k)
		if p.all or (by_range and time >= p.get("from", -INF) - 0.0005 and time <= p.get("to", INF) + 0.0005):
			doomed.append(k)
		elif by_times and p.times.any(func(x: Variant) -> bool: return (x is float or x is int) and absf(x - time) < 0.001):
			doomed.append(k)
	if by_times:
		for x: Variant in p.times:
			if not (x is float or x is int):
				return c.invalid("times holds numbers (seconds), got %s" % JSON.stringify(x), {"param": "times"})
			if not range(anim.track_get_key_count(t)).any(func(k: int) -> bool: return absf(anim.track_get_key_time(t, k) - x) < 0.001):
				return c.not_found("no key at %ss on track %s" % [x, anim.track_get_path(t)], {"param": "times", "time": x})
	if doomed.is_empty():
		return c.not_found("no keys in that range on track %s" % anim.track_get_path(t), {"param": "from"})
	var edited: Animation = anim.duplicate(true)
	doomed.reverse()
	for k in doomed:
		edited.track_remove_key(t, k)
	BridgeAnimAccess.commit_edit(c.step, "remove %d keys on %s" % [doomed.size(), anim.track_get_path(t)], anim, edited)
	return {"animation": p.animation, "track": t, "removed": doomed.size(), "key_count": anim.track_get_key_count(t)}
