@tool
extends "../../core/command_group.gd"
## input_map.*, events: the events bound to one input action — keys with modifiers, mouse buttons,
## joypad buttons and axes — listed, added and removed one by one. Builds on project.input_action_add;
## every change is one undoable action in the editor's global history, saved to project.godot at once.

const BridgeEvents := preload("../../lib/input_events.gd")
const BridgeProject := preload("../../lib/project_settings.gd")

## One event in results (lib/input_events.gd's to_json): the kind's own fields besides these.
const EVENT := {"index": "int", "type": "string", "text": "string", "device": "int"}


func commands() -> Array:
	return [
		{
			"method": "input_map.action",
			"summary": "One input action in detail: its deadzone and every event with its index, kind, key/button/axis, modifiers and device.",
			"params": [req("action", "string", "Action name, e.g. move_left (ui_* built-ins too)")],
			"example": {"action": "move_left"},
			"read_only": true,
			"returns": {"action": "string", "deadzone": "float", "count": "int", "events": [EVENT], "builtin": "bool"},
			"handler": _action,
		},
		{
			"method": "input_map.event_add",
			"summary": "Bind events of any kind to an existing action: keys with modifiers, mouse buttons, joypad buttons or axis directions (undoable, saved).",
			"params": [
				req("action", "string", "Action name"),
				req("events", "Array", "Events to add, each {type: key|mouse_button|joypad_button|joypad_motion, …}: " +
						"key {key: \"Ctrl+S\", physical?: true, ctrl?, shift?, alt?, meta?}; mouse_button {button: left|right|middle|" +
						"wheel_up|…|number, double_click?, ctrl?…}; joypad_button {button: a|b|x|y|start|dpad_up|…|number}; " +
						"joypad_motion {axis: left_x|left_y|right_x|right_y|trigger_left|trigger_right|number, direction: -1|1}; " +
						"any of them device?: -1 (all) or a device number", {"items": "Dictionary"}),
			],
			"example": {"action": "move_left", "events": [{"type": "joypad_motion", "axis": "left_x", "direction": -1},
					{"type": "joypad_button", "button": "dpad_left"}, {"type": "key", "key": "A"}]},
			# saved: project.godot is written with the change (and again on undo)
			"returns": {"action": "string", "added": [EVENT], "count": "int", "saved": "bool"},
			"undo": "global",
			"handler": _event_add,
		},
		{
			"method": "input_map.event_remove",
			"summary": "Remove one event from an action, by its index (input_map.action lists them) or by matching its description (undoable, saved).",
			"params": [
				req("action", "string", "Action name"),
				opt("index", "int", "Index of the event to remove", null, {"min": 0}),
				opt("event", "Dictionary", "Or the event to remove, in input_map.event_add's form"),
			],
			"example": {"action": "move_left", "event": {"type": "key", "key": "Left"}},
			"destructive": true,
			"returns": {"action": "string", "removed": EVENT, "count": "int", "saved": "bool"},
			"undo": "global",
			"handler": _event_remove,
		},
	]


func _action(c: BridgeCall) -> Variant:
	var p := c.params
	var action: Variant = BridgeEvents.action(p.action)
	if action is BridgeError:
		return action
	var events := BridgeEvents.events_json(action.events)
	return {"action": p.action, "deadzone": action.deadzone, "count": events.size(), "events": events,
			"builtin": p.action.begins_with("ui_")}


func _event_add(c: BridgeCall) -> Variant:
	var p := c.params
	var action: Variant = BridgeEvents.action(p.action)
	if action is BridgeError:
		return action
	if p.events.is_empty():
		return c.invalid("events is empty; give at least one event", {"param": "events"})
	var added: Array = []
	for i: int in p.events.size():
		var ev: Variant = BridgeEvents.from_json(p.events[i], "events[%d]" % i)
		if ev is BridgeError:
			ev.data["param"] = "events"
			return ev
		for existing: Variant in action.events + added:
			if existing is InputEvent and BridgeEvents.same(existing, ev):
				return c.failed("'%s' already has the event %s (events[%d])" % [p.action,
						ev.as_text(), i], {"action": p.action, "index": i})
		added.append(ev)
	var first: int = action.events.size()
	action.events.append_array(added)
	var err := BridgeProject.commit_settings(c.step, "Add %d event(s) to %s" % [added.size(), p.action], {"input/" + p.action: action})
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	var now: Array = BridgeEvents.events_json(ProjectSettings.get_setting("input/" + p.action).events)
	return {"action": p.action, "added": now.slice(first), "count": now.size(), "saved": true}


func _event_remove(c: BridgeCall) -> Variant:
	var p := c.params
	var action: Variant = BridgeEvents.action(p.action)
	if action is BridgeError:
		return action
	if p.has("index") == p.has("event"):
		return c.invalid("give index or event (one of them)", {"param": "index"})
	var index: int = p.get("index", -1)
	if p.has("event"):
		var wanted: Variant = BridgeEvents.from_json(p.event, "event")
		if wanted is BridgeError:
			return wanted
		for i: int in action.events.size():
			if action.events[i] is InputEvent and BridgeEvents.same(action.events[i], wanted):
				index = i
		if index < 0:
			return c.not_found("'%s' has no event %s; it has: %s" % [p.action, wanted.as_text(),
					", ".join(PackedStringArray(BridgeEvents.events_json(action.events).map(func(e: Dictionary) -> String: return e.text)))],
					{"action": p.action})
	elif index >= action.events.size():
		return c.invalid("index %d is out of range; '%s' has %d event(s)" % [index, p.action,
				action.events.size()], {"param": "index"})
	var removed: Dictionary = BridgeEvents.to_json(action.events[index], index)
	action.events.remove_at(index)
	var err := BridgeProject.commit_settings(c.step, "Remove event %s from %s" % [removed.text, p.action], {"input/" + p.action: action})
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	var left: Array = ProjectSettings.get_setting("input/" + p.action).events
	return {"action": p.action, "removed": removed, "count": left.size(), "saved": true}
