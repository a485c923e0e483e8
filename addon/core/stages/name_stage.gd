@tool
extends "../stage.gd"
## name: the last stage out. The call is counted (core/call_stats.gd) and its result becomes the reply a
## transport sends: {"result": json}, or {"error": {code, message, data}} with the command's name in front of
## the message, once (core/call.gd named()). Every call passes it, first in and last out, so a refusal by any
## stage is named and counted the same way.

const BridgeError := preload("../bridge_error.gd")
const BridgeJsonValue := preload("../json_value.gd")
const BridgeCallStats := preload("../call_stats.gd")

var _stats: BridgeCallStats


func _init(stats: BridgeCallStats) -> void:
	_stats = stats


func name() -> String:
	return "name"


func leave(c: BridgeCall, _kept: Variant, result: Variant) -> Variant:
	var failed := result is BridgeError
	_stats.count(c.method, c.started_usec, failed)
	if failed:
		var error: BridgeError = result
		var out := error.to_dict()
		out["message"] = BridgeCall.named(c.method, error.message)
		return {"error": out}
	return {"result": BridgeJsonValue.to_json(result)}
