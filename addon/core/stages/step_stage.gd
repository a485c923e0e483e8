@tool
extends "../stage.gd"
## step: a command that writes runs inside its undo step (core/undo_scope.gd): opened before the handler, closed
## after it, rolled back when the handler fails after starting it, and the answer says `undoable` (and a scene
## edit `saved`).

const BridgeUndoScope := preload("../undo_scope.gd")


func name() -> String:
	return "step"


func enter(c: BridgeCall) -> Variant:
	return BridgeUndoScope.begin(c.declaration, c)


func leave(c: BridgeCall, kept: Variant, result: Variant) -> Variant:
	return BridgeUndoScope.finish(kept, c, result)
