@tool
extends RefCounted
## One stage of the pipeline every call passes (core/pipeline.gd), typed so the pipeline calls it directly,
## never by name. A stage that needs what only some commands use is loaded lazily (core/lazy_modules.gd) and
## held as this type.
##
## enter() runs before the handler, in the pipeline's order; leave() runs after it, in the reverse order, with
## the result so far (a value, or a core/bridge_error.gd), and returns the result the next stage sees. A stage
## that refuses the call returns a BridgeError from enter(): the handler does not run, and only the stages
## that entered before it leave, with that error.
## What a stage keeps between its enter() and its leave() is returned by enter() and handed back to leave():
## stages are shared by every call, so nothing of one call is kept on the stage.

const BridgeCall := preload("call.gd")


## A short name for docs and failures ("check", "resolve", ...).
func name() -> String:
	return ""


## Before the handler: a BridgeError refuses the call; anything else is kept for leave().
func enter(_c: BridgeCall) -> Variant:
	return null


## After the handler (or after a later stage refused): the result the next stage leaves with.
func leave(_c: BridgeCall, _kept: Variant, result: Variant) -> Variant:
	return result
