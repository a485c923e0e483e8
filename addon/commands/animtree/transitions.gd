@tool
extends "../../core/command_group.gd"
## animtree.*, state-machine transitions: add or change one (switch and advance modes, a condition or an
## advance expression, cross-fade, priority) and remove one. Undoable.

const BridgeSceneAccess := preload("../../lib/scene_access.gd")
const BridgeTreeAccess := preload("lib/anim_tree_access.gd")

const SWITCH := ["immediate", "sync", "at_end"]
const ADVANCE := ["disabled", "enabled", "auto"]


func commands() -> Array:
	return [
		{
			"method": "animtree.set_transition",
			"idempotent": true,
			"summary": "Add a transition between two states ('Start'/'End' too) or change an existing one: switch mode, advance mode, condition, expression, cross-fade.",
			"params": [
				node_param("tree", "The AnimationTree", true, null, "AnimationTree"),
				req("from", "string", "Source state"),
				req("to", "string", "Target state"),
				opt("graph", "string", "The state machine ('' for the root, 'Locomotion' for a nested one)", ""),
				opt("switch_mode", "enum", "immediate, sync or at_end (default for a new transition: immediate)", null, {"values": SWITCH}),
				opt("advance_mode", "enum", "disabled, enabled (travel only) or auto (default for a new transition: enabled; auto when a condition or expression is given)", null,
						{"values": ADVANCE}),
				opt("advance_condition", "string", "Boolean parameter 'conditions/<name>' that lets an auto transition fire ('' clears)", null, NOT_RUN),
				opt("advance_expression", "string", "Expression evaluated on the tree's advance_expression_base_node ('' clears), e.g. 'velocity.length() > 10'", null, NOT_RUN),
				opt("xfade_time", "float", "Cross-fade seconds", null, {"min": 0.0}),
				opt("priority", "int", "Lower wins when several transitions could fire", null, {"min": 0}),
			],
			"example": {"tree": "/root/Main/AnimationTree", "from": "Idle", "to": "Walk", "advance_condition": "moving",
					"xfade_time": 0.2},
			"example_setup": [{"method": "node.add", "params": {"type": "AnimationPlayer", "parent": "/root/Main"}},
					{"method": "animation.create", "params": {"player": "/root/Main/AnimationPlayer", "animation": "walk", "length": 0.8}},
					{"method": "animtree.create", "params": {"player": "/root/Main/AnimationPlayer"}},
					{"method": "animtree.add_node", "params": {"tree": "/root/Main/AnimationTree", "name": "Idle", "kind": "animation", "animation": "walk"}},
					{"method": "animtree.add_node", "params": {"tree": "/root/Main/AnimationTree", "name": "Walk", "kind": "animation", "animation": "walk"}}],
			"undo": "scene",
			"returns": {"from": "string", "to": "string", "switch_mode": "string", "advance_mode": "string", "advance_condition": "string", "advance_expression": "string", "xfade_time": "float", "priority": "int", "created": "bool"},
			"handler": _set_transition,
		},
		{
			"method": "animtree.remove_transition",
			"summary": "Remove the transition between two states (undoable).",
			"params": [
				node_param("tree", "The AnimationTree", true, null, "AnimationTree"),
				req("from", "string", "Source state"),
				req("to", "string", "Target state"),
				opt("graph", "string", "The state machine ('' for the root)", ""),
			],
			"example": {"tree": "/root/Main/AnimationTree", "from": "Idle", "to": "Walk"},
			"example_setup": BridgeTreeAccess.EXAMPLE_STATE_MACHINE,
			"destructive": true,
			"undo": "scene",
			"returns": {"removed": {"from": "string", "to": "string"}, "transition_count": "int"},
			"handler": _remove,
		},
	]


func _machine(p: Dictionary) -> Variant:
	var t: Variant = BridgeTreeAccess.tree(p.tree)
	if t is BridgeError:
		return t
	var sm: Variant = BridgeTreeAccess.node_at(t, p.graph)
	if sm is BridgeError:
		return sm
	if not sm is AnimationNodeStateMachine:
		return BridgeError.invalid("'%s' is a %s, not a state machine" % [p.graph, BridgeTreeAccess.kind_of(sm)], {"param": "graph"})
	for key: String in ["from", "to"]:
		if not sm.has_node(p[key]):
			return BridgeTreeAccess.node_at(t, (p.graph + "/" if p.graph else "") + p[key], key)
	return sm


func _index(sm: AnimationNodeStateMachine, from: String, to: String) -> int:
	for i in sm.get_transition_count():
		if str(sm.get_transition_from(i)) == from and str(sm.get_transition_to(i)) == to:
			return i
	return -1


func _set_transition(c: BridgeCall) -> Variant:
	var p := c.params
	var sm: Variant = _machine(p)
	if sm is BridgeError:
		return sm
	if p.to == "Start" or p.from == "End":
		return c.invalid("transitions cannot enter Start or leave End", {"param": "to" if p.to == "Start" else "from"})
	if p.from == p.to and not sm.allow_transition_to_self:
		return c.invalid("a transition to itself needs the state machine's allow_transition_to_self", {"param": "to"})
	if p.has("advance_expression") and p.advance_expression != "":
		var e := Expression.new()
		if e.parse(p.advance_expression) != OK:
			return c.invalid("advance_expression does not parse: %s" % e.get_error_text(), {"param": "advance_expression"})
	if p.has("advance_condition") and p.advance_condition != "" and not p.advance_condition.is_valid_ascii_identifier():
		return c.invalid("advance_condition is a parameter name (letters, digits, _), got '%s'" % p.advance_condition,
				{"param": "advance_condition"})
	var i := _index(sm, p.from, p.to)
	var values := {}
	if p.has("switch_mode"):
		values["switch_mode"] = SWITCH.find(p.switch_mode)
	if p.has("advance_mode"):
		values["advance_mode"] = ADVANCE.find(p.advance_mode)
	elif i < 0 and (p.get("advance_condition", "") != "" or p.get("advance_expression", "") != ""):
		values["advance_mode"] = AnimationNodeStateMachineTransition.ADVANCE_MODE_AUTO  # a condition only fires in auto
	for key: String in ["advance_condition", "advance_expression", "xfade_time", "priority"]:
		if p.has(key):
			values[key] = StringName(p[key]) if key == "advance_condition" else p[key]
	var ur := BridgeSceneAccess.action(c.step, "transition %s -> %s" % [p.from, p.to])
	var transition: AnimationNodeStateMachineTransition
	if i >= 0:
		if values.is_empty():
			return c.invalid("the transition exists; give something to change (switch_mode, advance_mode, …)",
					{"param": "switch_mode"})
		transition = sm.get_transition(i)
		for key: String in values:
			ur.add_do_property(transition, key, values[key])
			ur.add_undo_property(transition, key, transition.get(key))
	else:
		transition = AnimationNodeStateMachineTransition.new()
		for key: String in values:
			transition.set(key, values[key])
		ur.add_do_method(sm, "add_transition", p.from, p.to, transition)
		ur.add_undo_method(sm, "remove_transition", p.from, p.to)
	ur.commit_action()
	var now := _index(sm, p.from, p.to)
	if now < 0:
		return c.failed("the state machine refused the transition %s -> %s" % [p.from, p.to])
	var out := BridgeTreeAccess.describe_transition(sm, now)
	out["created"] = i < 0
	return out


func _remove(c: BridgeCall) -> Variant:
	var p := c.params
	var sm: Variant = _machine(p)
	if sm is BridgeError:
		return sm
	var i := _index(sm, p.from, p.to)
	if i < 0:
		return c.not_found("no transition %s -> %s in '%s'" % [p.from, p.to, p.graph if p.graph else "the root"],
				{"param": "to"})
	var ur := BridgeSceneAccess.action(c.step, "remove transition %s -> %s" % [p.from, p.to])
	ur.add_do_method(sm, "remove_transition", p.from, p.to)
	ur.add_undo_method(sm, "add_transition", p.from, p.to, sm.get_transition(i))
	ur.commit_action()
	return {"removed": {"from": p.from, "to": p.to}, "transition_count": sm.get_transition_count()}
