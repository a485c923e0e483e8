@tool
extends "../../core/command_group.gd"
## batch.*: several edits of the open scene as ONE undo step, all or nothing. batch.run runs any commands
## through the router while SceneAccess merges their actions into the batch's one action; if one fails,
## that action is undone and the scene is exactly as before.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgePropertyPath := preload("../../lib/property_path.gd")
const BridgeCompat := preload("../../core/compat.gd")
const BridgeClassTypes := preload("../../core/class_types.gd")
const BridgeUndoStep := preload("../../core/undo_step.gd")

const GLOBAL_HISTORY := 0

var _serial := 0
## batch.run inside batch.run would merge two batches' rollbacks: refused.
var _running := false


func commands() -> Array:
	return [
		{
			"method": "batch.run",
			"summary": "Run several commands on the open scene as one undo step, all or nothing: if one fails, every change before it is rolled back.",
			"params": [
				req("commands", "Array", "[{method, params}] run in order, e.g. node.add then node.set on the new node", {"items": "Dictionary"}),
				opt("label", "string", "Name of the undo step (Bridge: batch <label>)", "edit"),
			],
			"example": {"commands": [
				{"method": "node.add", "params": {"type": "Node2D", "name": "Enemies"}},
				{"method": "node.add", "params": {"type": "Sprite2D", "parent": "Enemies", "name": "Bat"}},
				{"method": "node.set", "params": {"node_path": "Enemies/Bat", "property": "position", "value": [40, 60]}},
			], "label": "enemies"},
			"returns": {"label": "string", "action": "string", "count": "int", "results": [{"method": "string", "result": "any"}]},
			# the router opens the step; _run names it "Bridge: batch <label> #n" and every command joins it
			"undo": "scene",
			"needs_scene": true,
			"handler": _run,
		},
		{
			"method": "batch.set_property",
			"idempotent": true,
			"summary": "Set one property on every node of the open scene that matches a class and/or group, in one undo step; reads each back.",
			"params": [
				req("property", "string", "Property name, e.g. visible or modulate"),
				req("value", "any", "JSON value, coerced to each node's property type as node.set does"),
				class_param("type", "Node", "Only nodes of this class (subclasses included), e.g. Sprite2D", false),
				opt("group", "string", "Only nodes in this group"),
				node_param("under", "Only below this node (default: the whole scene)", false, ""),
			],
			"example": {"type": "CollisionShape2D", "property": "disabled", "value": true},
			"returns": {"property": "string", "count": "int", "nodes": [{"path": "string", "value": "any"}]},
			"undo": "scene",
			"handler": _set_property,
		},
	]


func _run(c: BridgeCall) -> Variant:
	var p := c.params
	var root: Node = BridgeSceneAccess.root()
	if _running:
		return c.failed("a batch is already running; batches do not nest")
	if p.commands.is_empty():
		return c.invalid("commands is empty; give [{method, params}, ...]", {"param": "commands"})
	var router := server.router
	for i: int in p.commands.size():
		var entry: Variant = p.commands[i]
		if not entry is Dictionary or not entry.get("method") is String or not entry.get("params", {}) is Dictionary:
			return c.invalid("commands[%d] must be {method: string, params: object}" % i, {"param": "commands", "index": i})
		if not router.has(entry.method):
			return c.invalid("commands[%d]: unknown method '%s'" % [i, entry.method], {"param": "commands", "index": i})
		var doc: Dictionary = router.describe(entry.method)
		if doc.needs == "game" or entry.method == "batch.run" or not (doc.read_only or doc.undo == "scene"):
			return c.invalid("commands[%d]: %s cannot run in a batch: only reads and commands whose undo scope is the open scene are undone together (its scope: %s)" % [
					i, entry.method, "the running game" if doc.needs == "game" else doc.undo], {"param": "commands", "index": i})
	var ur: EditorUndoRedoManager = BridgeCompat.editor_undo_redo()
	var scene_history := ur.get_history_undo_redo(ur.get_object_history_id(root))
	var global_history := ur.get_history_undo_redo(GLOBAL_HISTORY)
	var start: int = scene_history.get_current_action()
	var global_version := global_history.get_version()
	var global_start := global_history.get_current_action()
	_serial += 1
	var action_name := "Bridge: batch %s #%d" % [p.label, _serial]
	var step_name: String = c.step.fix_name(action_name)  # every command's actions join it, named for this call's client
	var results: Array = []
	var failure: Dictionary = {}
	_running = true
	for i: int in p.commands.size():
		var entry: Dictionary = p.commands[i]
		var out: Dictionary = await c.run(entry.method, entry.get("params", {}))  # inside the batch's turn, as its client
		if out.has("error"):
			failure = {"index": i, "method": entry.method, "error": out.error}
			break
		if _changed_global(global_history, global_version, global_start, step_name) or EditorInterface.get_edited_scene_root() != root:
			failure = {"index": i, "method": entry.method, "error": {"message": "it changed something outside the open scene's history"}}
			break
		if scene_history.get_current_action() > start + 1:
			failure = {"index": i, "method": entry.method, "error": {"message": "its change could not join the batch's undo step"}}
			break
		results.append({"method": entry.method, "result": out.result})
	_running = false
	if failure.is_empty():
		return {"label": p.label, "action": action_name, "count": results.size(), "results": results}
	var undone := 0
	while scene_history.get_current_action() > start and scene_history.get_current_action_name() == step_name and undone < 100:
		scene_history.undo()
		undone += 1
	return c.failed("commands[%d] (%s) failed: %s; the batch was rolled back, the scene is as before" % [
			failure.index, failure.method, failure.error.get("message", "")], {"index": failure.index, "method": failure.method,
			"error": failure.error, "completed": results.size(), "rolled_back": undone > 0})


## Whether the batch's entries changed the global history: a new action there that is the batch's own or no
## client's. Another client's named step may land meanwhile: the global history has a turn of its own
## (core/scheduler.gd), so a project setting set by someone else runs beside the batch.
static func _changed_global(history: UndoRedo, version: int, start: int, step_name: String) -> bool:
	if history.get_version() == version:
		return false
	for i in range(start + 1, history.get_current_action() + 1):
		var action := history.get_action_name(i)
		if action == step_name or BridgeUndoStep.parse(action).client == "":
			return true
	return false


func _set_property(c: BridgeCall) -> Variant:
	var p := c.params
	var base: Node = p.under
	if not p.has("type") and not p.has("group"):
		return c.invalid("give type, group or both to choose the nodes", {"param": "type"})
	var targets: Array = []
	for node: Node in [base] + base.find_children("*", "", true, false):
		if node.owner != BridgeSceneAccess.root() and node != BridgeSceneAccess.root():
			continue
		if p.has("type") and not BridgeClassTypes.is_of(node, p.type):
			continue
		if p.has("group") and not node.is_in_group(p.group):
			continue
		targets.append(node)
	if targets.is_empty():
		return c.not_found("no node below %s matches%s%s" % [BridgeSceneAccess.path_of(base),
				" type %s" % p.type if p.has("type") else "", " group %s" % p.group if p.has("group") else ""])
	# every node's write tried and read back first (PropertyPath.plan), so one refusal sets nothing anywhere
	var changes: Array = []
	var planned: Array = []
	for node: Node in targets:
		var plan: Variant = BridgePropertyPath.plan(node, {p.property: p.value}, "%s" % BridgeSceneAccess.path_of(node))
		if plan is BridgeError:
			if plan.code == BridgeError.INVALID_PARAMS:
				plan.data["param"] = "value"
			return plan
		planned.append(plan)
		changes.append_array(plan.changes)
	BridgePropertyPath.commit(c.step, {"changes": changes}, "set %s on %d nodes" % [p.property, targets.size()])
	var changed: Array = []
	for i in targets.size():
		changed.append({"path": BridgeSceneAccess.path_of(targets[i]),
				"value": BridgePropertyPath.read(planned[i].targets[0])})
	return {"property": p.property, "count": changed.size(), "nodes": changed}
