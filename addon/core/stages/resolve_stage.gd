@tool
extends "../stage.gd"
## resolve: the declared parameter kinds become what the handler works with (core/param_kinds.gd: node paths
## become Nodes in the scene as the previous edit left it, new names are checked, property maps planned), and
## `needs_scene` refuses a call with no scene open. The call's scene is settled first: the open scene its
## `scene` parameter names (any_scene commands, core/open_scenes.gd), else the edited one, and its nodes are looked
## up in it. Loaded lazily: value coercion and scene access behind it are the biggest scripts a call compiles.

const BridgeParamKinds := preload("../param_kinds.gd")
const BridgeOpenScenes := preload("../open_scenes.gd")
const BridgeError := preload("../bridge_error.gd")
const BridgeUndoStep := preload("../undo_step.gd")


func name() -> String:
	return "resolve"


func enter(c: BridgeCall) -> Variant:
	var named := str(c.params.get("scene", "")) if c.declaration.get("any_scene", false) == true else ""
	if named != "":
		var root: Variant = BridgeOpenScenes.root_for(named)
		if root is BridgeError:
			root.data["param"] = "scene"
			return root
		var outer: BridgeUndoStep = c.context.outer_step
		if outer != null and outer.scene != null and outer.scene != root:  # one step is one history's
			return c.invalid("scene: %s runs inside a step of %s; a batch's commands work on the batch's scene"
					% [named, outer.scene.scene_file_path], {"param": "scene"})
		c.scene = root
	var resolved: Variant = BridgeParamKinds.resolve(c.declaration.get("params", []), c.params, c.sent, c.declaration,
			c.scene_root())
	if resolved is BridgeError:
		return resolved
	c.params = resolved
	return null
