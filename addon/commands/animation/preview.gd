@tool
extends "../../core/command_group.gd"
## animation.*, preview: what a clip does at a given time. sample evaluates it without touching the scene;
## pose applies it to the scene (what scrubbing the Animation panel's timeline shows), as one undoable action,
## and sets the player's current clip and autoplay if asked.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeAnimAccess := preload("lib/anim_access.gd")


func commands() -> Array:
	return [
		{
			"method": "animation.sample",
			"summary": "Evaluate a clip at a time: the value of every value, bezier, blend-shape and 3D track there (the scene is not touched).",
			"params": [
				node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"}),
				lookup_param("animation", "animation", "Clip name"),
				req("time", "float", "Seconds from the clip's start", {"min": 0.0}),
			],
			"example": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "time": 0.2},
			"example_setup": BridgeAnimAccess.EXAMPLE_TRACK,
			"read_only": true,
			"returns": {"animation": "string", "time": "float", "values": [{"track": "int", "path": "string", "value": "any"}]},
			"handler": _sample,
		},
		{
			"method": "animation.pose",
			"summary": "Apply a clip's pose at a time to the scene's nodes (undoable), like scrubbing the Animation panel; can make the clip autoplay.",
			"params": [
				node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"}),
				lookup_param("animation", "animation", "Clip name"),
				opt("time", "float", "Seconds from the clip's start", 0.0, {"min": 0.0}),
				opt("autoplay", "bool", "Also make this clip the player's autoplay clip"),
			],
			"example": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "time": 0.4},
			"example_setup": BridgeAnimAccess.EXAMPLE_TRACK,
			"undo": "scene",
			"returns": {"animation": "string", "time": "float", "applied": [{"path": "string", "value": "any"}],
					"skipped?": [{"path": "string", "reason": "string"}], "autoplay?": "string"},
			"handler": _pose,
		},
	]


## [{track, path, node, property, value}] for every track whose value at `time` is defined.
func _evaluate(player: AnimationMixer, anim: Animation, time: float) -> Array:
	var root := BridgeAnimAccess.track_root(player)
	var out: Array = []
	for t in anim.get_track_count():
		if not anim.track_is_enabled(t) or anim.track_get_key_count(t) == 0:
			continue
		var path := anim.track_get_path(t)
		var node: Node = root.get_node_or_null(NodePath(str(path).get_slice(":", 0))) if root else null
		var property := path.get_concatenated_subnames()
		var value: Variant = null
		match anim.track_get_type(t):
			Animation.TYPE_VALUE:
				value = anim.value_track_interpolate(t, time)
			Animation.TYPE_BEZIER:
				value = anim.bezier_track_interpolate(t, time)
			Animation.TYPE_BLEND_SHAPE:
				value = anim.blend_shape_track_interpolate(t, time)
				property = "blend_shapes/" + property
			Animation.TYPE_POSITION_3D:
				value = anim.position_track_interpolate(t, time)
				property = "position"
			Animation.TYPE_ROTATION_3D:
				value = anim.rotation_track_interpolate(t, time)
				property = "quaternion"
			Animation.TYPE_SCALE_3D:
				value = anim.scale_track_interpolate(t, time)
				property = "scale"
			_:
				continue
		out.append({"track": t, "path": str(path), "node": node, "property": property, "value": value})
	return out


func _find(p: Dictionary) -> Variant:
	var player: AnimationMixer = p.player
	var anim: Animation = player.get_animation(p.animation)
	if p.get("time", 0.0) > anim.length:
		return BridgeError.invalid("time %s is past the clip's end (%s s)" % [p.time, anim.length], {"param": "time"})
	return [player, anim]


func _sample(c: BridgeCall) -> Variant:
	var p := c.params
	var found: Variant = _find(p)
	if found is BridgeError:
		return found
	var values: Array = []
	for v: Dictionary in _evaluate(found[0], found[1], p.time):
		values.append({"track": v.track, "path": v.path, "value": v.value})
	return {"animation": p.animation, "time": p.time, "values": values}


func _pose(c: BridgeCall) -> Variant:
	var p := c.params
	var found: Variant = _find(p)
	if found is BridgeError:
		return found
	var player: AnimationMixer = found[0]
	var evaluated := _evaluate(player, found[1], p.time)
	var applied: Array = []
	var skipped: Array = []
	var ur := BridgeSceneAccess.action(c.step, "pose %s at %ss" % [p.animation, p.time])
	for v: Dictionary in evaluated:
		var node: Node = v.node
		if node == null:
			skipped.append({"path": v.path, "reason": "no such node"})
			continue
		var prop := NodePath(v.property)
		var before: Variant = node.get_indexed(prop)
		if before == null and BridgeSceneAccess.property_info(node, str(v.property).get_slice(":", 0)) is BridgeError:
			skipped.append({"path": v.path, "reason": "no such property"})
			continue
		ur.add_do_method(node, "set_indexed", prop, v.value)
		ur.add_undo_method(node, "set_indexed", prop, before)
		applied.append({"path": v.path, "node": node, "property": v.property})
	if player is AnimationPlayer:
		ur.add_do_property(player, "assigned_animation", p.animation)
		ur.add_undo_property(player, "assigned_animation", player.assigned_animation)
		if p.has("autoplay"):
			var auto: String = p.animation if p.autoplay else ("" if player.autoplay == p.animation else player.autoplay)
			ur.add_do_property(player, "autoplay", auto)
			ur.add_undo_property(player, "autoplay", player.autoplay)
	ur.commit_action()
	var out: Array = []
	for a: Dictionary in applied:
		out.append({"path": a.path, "value": a.node.get_indexed(NodePath(a.property))})
	var result := {"animation": p.animation, "time": p.time, "applied": out}
	if not skipped.is_empty():
		result["skipped"] = skipped
	if player is AnimationPlayer:
		result["autoplay"] = player.autoplay
	return result


## Clip names in parameters of kind "lookup" "animation" are checked by the router (lib/anim_access.gd).
func lookups() -> Dictionary:
	return BridgeAnimAccess.lookups()
