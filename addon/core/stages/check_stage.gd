@tool
extends "../stage.gd"
## check: the parameters as sent against the declaration (core/params.gd: unknown, missing, mistyped, out of
## range, written paths outside the project), before anything else sees them. Every call passes it.

const BridgeParams := preload("../params.gd")
const BridgeError := preload("../bridge_error.gd")


func name() -> String:
	return "check"


func enter(c: BridgeCall) -> Variant:
	var checked: Variant = BridgeParams.check(c.declaration.get("params", []), c.sent)
	if checked is BridgeError:
		return checked
	c.params = checked
	return null
