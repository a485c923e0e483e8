@tool
extends RefCounted
## Whose steps lie above a client's last step in an undo history (editor.undo's refusal counts them): each step's
## owner is read from its name (core/undo_step.gd). Works on the names alone, so it needs no editor to test.

const BridgeUndoStep := preload("../../../core/undo_step.gd")
## How a step made by hand in the editor (no bridge client in its name) is named in a count.
const BY_HAND := "the editor (by hand)"


## `applied`: the history's applied action names, oldest first. `client`: the caller as steps name it
## (BridgeUndoStep.owner_of). {mine: index of the client's newest applied step, or -1; mine_name: its name;
## above: [{client, steps}] in the order they sit above it, newest last; total: how many steps}.
static func count(applied: Array, client: String) -> Dictionary:
	var mine := -1
	for i in range(applied.size() - 1, -1, -1):
		if BridgeUndoStep.parse(applied[i]).client == client:
			mine = i
			break
	var above: Array = []
	var index := {}
	for i in range(mine + 1, applied.size()):
		var owner: String = BridgeUndoStep.parse(applied[i]).client
		var who := owner if owner != "" else BY_HAND
		if not index.has(who):
			index[who] = above.size()
			above.append({"client": who, "steps": 0})
		above[index[who]].steps += 1
	return {"mine": mine, "mine_name": BridgeUndoStep.parse(applied[mine]).name if mine >= 0 else "",
			"above": above, "total": applied.size() - mine - 1}


## "2 steps of agent-b and 1 of the editor (by hand)".
static func describe(above: Array) -> String:
	var parts: PackedStringArray = []
	for i in above.size():
		var n: int = above[i].steps
		parts.append(("%d step%s of %s" if i == 0 else "%d of %s") % ([n, "" if n == 1 else "s", above[i].client]
				if i == 0 else [n, above[i].client]))
	return " and ".join(parts) if parts.size() <= 2 else ", ".join(parts.slice(0, -1)) + " and " + parts[-1]


## The applied action names of `history`, oldest first.
static func applied_names(history: UndoRedo) -> Array:
	var names: Array = []
	for i in range(0, history.get_current_action() + 1):
		names.append(history.get_action_name(i))
	return names
