@tool
extends "../stage.gd"
## said: what the engine logged while the command ran goes into its answer as `engine_messages`
## (core/engine_said.gd). Every call passes it; a call a command runs quotes nothing of its own.

const BridgeEngineSaid := preload("../engine_said.gd")


func name() -> String:
	return "said"


func enter(c: BridgeCall) -> Variant:
	return BridgeEngineSaid.begin(c.top)


func leave(c: BridgeCall, kept: Variant, result: Variant) -> Variant:
	return BridgeEngineSaid.finish(kept, c.method, result)
