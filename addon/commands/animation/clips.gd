@tool
extends "../../core/command_group.gd"
## animation.*, clips: create, change, remove, list and read back the clips of an AnimationPlayer (its
## AnimationLibraries). Every change is one undoable action in the edited scene's history.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeAnimAccess := preload("lib/anim_access.gd")

const LOOPS := ["none", "linear", "pingpong"]


func commands() -> Array:
	return [
		{
			"method": "animation.create",
			"summary": "Add an empty clip to an AnimationPlayer (the library is created if missing); 'lib/name' puts it in library 'lib'.",
			"params": [
				node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"}),
				req("animation", "string", "Clip name: 'walk' (default library) or 'library/walk'"),
				opt("length", "float", "Length in seconds", 1.0, {"min": 0.001}),
				choice("loop_mode", LOOPS, "Looping", "none"),
				opt("step", "float", "Editor snapping step in seconds", 0.1, {"min": 0.0}),
			],
			"example": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8, "loop_mode": "linear"},
			"example_setup": [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}}],
			"undo": "scene",
			"returns": {"player": "string", "animation": "string", "length": "float", "loop_mode": "string", "library": "string",
					"library_created": "bool"},
			"handler": _create,
		},
		{
			"method": "animation.edit",
			"summary": "Change a clip's length, looping or step, or rename it within its library (undoable).",
			"params": [
				node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"}),
				lookup_param("animation", "animation", "Clip name: 'walk' or 'library/walk'"),
				opt("length", "float", "New length in seconds (keys past it are kept but not played)", null, {"min": 0.001}),
				opt("loop_mode", "enum", "New looping: none, linear or pingpong", null, {"values": LOOPS}),
				opt("step", "float", "New snapping step", null, {"min": 0.0}),
				opt("new_name", "string", "Rename the clip (same library)"),
			],
			"example": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 1.2, "loop_mode": "pingpong"},
			"example_setup": BridgeAnimAccess.EXAMPLE_CLIP,
			"undo": "scene",
			"returns": {"animation": "string", "length": "float", "loop_mode": "string", "step": "float", "track_count": "int", "player": "string"},
			"handler": _edit,
		},
		{
			"method": "animation.remove",
			"summary": "Delete a clip from its library (undoable).",
			"params": [node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"}), lookup_param("animation", "animation", "Clip name")],
			"example": {"player": "/root/Main/AnimationPlayer", "animation": "walk"},
			"example_setup": BridgeAnimAccess.EXAMPLE_CLIP,
			"destructive": true,
			"undo": "scene",
			"returns": {"player": "string", "removed": "string"},
			"handler": _remove,
		},
		{
			"method": "animation.list",
			"summary": "List a player's libraries and clips with length, looping, track count, autoplay and current clip.",
			"params": [node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"})],
			"example": {"player": "/root/Main/AnimationPlayer"},
			"example_setup": BridgeAnimAccess.EXAMPLE_CLIP,
			"read_only": true,
			"returns": {"player": "string", "root_node": "string", "count": "int", "libraries": [{"library": "string", "path": "string",
					"animations": [{"name": "string", "length": "float", "loop_mode": "string", "track_count": "int"}]}],
					"autoplay?": "string", "current?": "string"},
			"handler": _list,
		},
		{
			"method": "animation.get",
			"summary": "Read a clip back: settings, every track (type, path, interpolation, update mode) and every key.",
			"params": [node_param("player", "The AnimationPlayer", true, null, "AnimationMixer").merged({"what": "an AnimationPlayer"}), lookup_param("animation", "animation", "Clip name")],
			"example": {"player": "/root/Main/AnimationPlayer", "animation": "walk"},
			"example_setup": BridgeAnimAccess.EXAMPLE_CLIP,
			"read_only": true,
			"returns": {"animation": "string", "length": "float", "loop_mode": "string", "step": "float", "track_count": "int", "player": "string", "tracks": ["Dictionary"]},
			"handler": _get_clip,
		},
	]


func _create(c: BridgeCall) -> Variant:
	var p := c.params
	var player: Variant = p.player
	var parts := BridgeAnimAccess.split_name(p.animation)
	var name: String = parts[1]
	if name == "" or name.contains("[") or name.contains(":") or name.contains(","):
		return c.invalid("'%s' is not a valid clip name" % p.animation, {"param": "animation"})
	if player.has_animation(p.animation):
		return c.failed("%s already has an animation '%s'" % [BridgeSceneAccess.path_of(player), p.animation],
				{"param": "animation"})
	var anim := Animation.new()
	anim.length = p.length
	anim.loop_mode = BridgeAnimAccess.LOOP_MODES[p.loop_mode]
	anim.step = p.step
	var ur := BridgeSceneAccess.action(c.step, "create animation %s" % p.animation)
	var lib: AnimationLibrary
	var created: bool = not player.has_animation_library(parts[0])
	if not created:
		lib = player.get_animation_library(parts[0])
	else:
		lib = AnimationLibrary.new()
		ur.add_do_method(player, "add_animation_library", parts[0], lib)
		ur.add_undo_method(player, "remove_animation_library", parts[0])
	ur.add_do_method(lib, "add_animation", name, anim)
	ur.add_undo_method(lib, "remove_animation", name)
	ur.commit_action()
	if not player.has_animation(p.animation):
		return c.failed("the player did not take the animation '%s'" % p.animation)
	return {"player": BridgeSceneAccess.path_of(player), "animation": p.animation, "length": anim.length,
			"loop_mode": p.loop_mode, "library": parts[0], "library_created": created}


func _edit(c: BridgeCall) -> Variant:
	var p := c.params
	var player: Variant = p.player
	var anim: Animation = player.get_animation(p.animation)
	if not (p.has("length") or p.has("loop_mode") or p.has("step") or p.has("new_name")):
		return c.invalid("give length, loop_mode, step or new_name", {"param": "length"})
	var parts := BridgeAnimAccess.split_name(p.animation)
	var lib: AnimationLibrary = player.get_animation_library(parts[0])
	if p.has("new_name"):
		if p.new_name == "" or p.new_name.contains("/") or p.new_name.contains(":") or p.new_name.contains("["):
			return c.invalid("'%s' is not a valid clip name" % p.new_name, {"param": "new_name"})
		if p.new_name != parts[1] and lib.has_animation(p.new_name):
			return c.failed("library '%s' already has a clip '%s'" % [parts[0], p.new_name], {"param": "new_name"})
	var edited: Animation = anim.duplicate(true)
	if p.has("length"):
		edited.length = p.length
	if p.has("loop_mode"):
		edited.loop_mode = BridgeAnimAccess.LOOP_MODES[p.loop_mode]
	if p.has("step"):
		edited.step = p.step
	var before: Animation = anim.duplicate(true)
	var ur := BridgeSceneAccess.action(c.step, "edit animation %s" % p.animation)
	ur.add_do_method(BridgeAnimAccess, "restore", anim, edited)
	ur.add_undo_method(BridgeAnimAccess, "restore", anim, before)
	var renamed: bool = p.has("new_name") and p.new_name != parts[1]
	if renamed:
		ur.add_do_method(lib, "rename_animation", parts[1], p.new_name)
		ur.add_undo_method(lib, "rename_animation", p.new_name, parts[1])
	ur.commit_action()
	var now_name: String = (parts[0] + "/" if parts[0] != "" else "") + (p.new_name if renamed else parts[1])
	var out := BridgeAnimAccess.describe(player.get_animation(now_name), now_name)
	out.erase("tracks")
	out["player"] = BridgeSceneAccess.path_of(player)
	return out


func _remove(c: BridgeCall) -> Variant:
	var p := c.params
	var player: Variant = p.player
	var anim: Animation = player.get_animation(p.animation)
	var parts := BridgeAnimAccess.split_name(p.animation)
	var lib: AnimationLibrary = player.get_animation_library(parts[0])
	var ur := BridgeSceneAccess.action(c.step, "remove animation %s" % p.animation)
	ur.add_do_method(lib, "remove_animation", parts[1])
	ur.add_undo_method(lib, "add_animation", parts[1], anim)
	if player is AnimationPlayer and player.autoplay == p.animation:
		ur.add_do_property(player, "autoplay", "")
		ur.add_undo_property(player, "autoplay", p.animation)
	ur.commit_action()
	return {"player": BridgeSceneAccess.path_of(player), "removed": p.animation}


func _list(c: BridgeCall) -> Variant:
	var p := c.params
	var player: Variant = p.player
	var libraries: Array = []
	for lib_name: StringName in player.get_animation_library_list():
		var lib: AnimationLibrary = player.get_animation_library(lib_name)
		var clips: Array = []
		for clip_name: StringName in lib.get_animation_list():
			var anim := lib.get_animation(clip_name)
			clips.append({"name": (str(lib_name) + "/" if lib_name != &"" else "") + str(clip_name), "length": anim.length,
					"loop_mode": BridgeAnimAccess.LOOP_MODES.find_key(anim.loop_mode), "track_count": anim.get_track_count()})
		libraries.append({"library": str(lib_name), "path": lib.resource_path, "animations": clips})
	var out := {"player": BridgeSceneAccess.path_of(player), "root_node": str(player.root_node), "libraries": libraries,
			"count": player.get_animation_list().size()}
	if player is AnimationPlayer:
		out["autoplay"] = player.autoplay
		out["current"] = player.assigned_animation
	return out


func _get_clip(c: BridgeCall) -> Variant:
	var p := c.params
	var player: Variant = p.player
	var anim: Animation = player.get_animation(p.animation)
	var out := BridgeAnimAccess.describe(anim, p.animation)
	out["player"] = BridgeSceneAccess.path_of(player)
	return out


## Clip names in parameters of kind "lookup" "animation" are checked by the router (lib/anim_access.gd).
func lookups() -> Dictionary:
	return BridgeAnimAccess.lookups()
