@tool
extends RefCounted
## run: the handler itself, between the stages' enter() and leave() (core/pipeline.gd). Built-in handlers take
## the call (core/call.gd); project commands and packs written before it may take the parameters Dictionary,
## which the handler's first parameter's declared type says (read once per declaration).

const BridgeCall := preload("../call.gd")


func name() -> String:
	return "run"


## The handler's result (it may await). A turn the handler took itself (c.take_edit_turn) and kept is given
## back here at the latest.
func run(c: BridgeCall) -> Variant:
	var cmd := c.declaration
	var handler: Callable = cmd.handler
	if not cmd.has("takes_call"):
		cmd["takes_call"] = _first_param_is_object(handler)
	var result: Variant = await handler.call(c if cmd.takes_call else c.params)
	c.give_back_edit_turn()
	return result


static func _first_param_is_object(handler: Callable) -> bool:
	var target := handler.get_object()
	if target == null:
		return false
	for m: Dictionary in target.get_method_list():
		if m.name == handler.get_method():
			var args: Array = m.args
			var first: Dictionary = {} if args.is_empty() else args[0]
			return first.get("type", TYPE_NIL) == TYPE_OBJECT
	return false  # a lambda: its parameters cannot be read, so it takes the params as before
