@tool
extends "../stage.gd"
## resolve: the declared parameter kinds become what the handler works with (core/param_kinds.gd: node paths
## become Nodes in the scene as the previous edit left it, new names are checked, property maps planned), and
## `needs_scene` refuses a call with no scene open. Loaded lazily: value coercion and scene access behind it
## are the biggest scripts a call compiles.

const BridgeParamKinds := preload("../param_kinds.gd")
const BridgeError := preload("../bridge_error.gd")


func name() -> String:
	return "resolve"


func enter(c: BridgeCall) -> Variant:
	var resolved: Variant = BridgeParamKinds.resolve(c.declaration.get("params", []), c.params, c.sent, c.declaration)
	if resolved is BridgeError:
		return resolved
	c.params = resolved
	return null
