@tool
extends "../../core/command_group.gd"
## project.input_action*: the project's input map ([input] in project.godot). Changes are undoable
## actions in the editor's global history and are saved at once.

const BridgeProject := preload("../../lib/project_settings.gd")
const BridgeEvents := preload("../../lib/input_events.gd")
const BridgeParams := preload("../../core/params.gd")

const DEFAULT_DEADZONE := 0.2  # what the editor's Input Map tab gives a new action


func commands() -> Array:
	return [
		{
			"method": "project.input_actions",
			"summary": "The project's input actions with their deadzone and events (built-in ui_* ones on request).",
			"params": [
				opt("include_builtin", "bool", "Also list the built-in ui_* actions", false),
				opt("filter", "string", "Only actions whose name contains this"),
			],
			"example": {},
			"read_only": true,
			"returns": {"count": "int", "actions": [{"name": "string", "deadzone": "float", "events": [{"class": "string", "text": "string"}]}]},
			"handler": _input_actions,
		},
		{
			"method": "project.input_action_add",
			"summary": "Add an input action bound to keys, mouse buttons, joypad buttons and axes in one step (undoable, saved to project.godot).",
			"params": [
				req("action", "string", "Action name, e.g. jump", {"also": ["name"]}),
				opt("keys", "Array", "Physical keys, e.g. [\"Space\", \"Ctrl+S\"]", [], {"items": "string"}),
				opt("events", "Array", "Events of every kind, in input_map.event_add's form: {type: key|mouse_button|joypad_button|" +
						"joypad_motion, …}, e.g. [{\"type\": \"mouse_button\", \"button\": \"left\"}, {\"type\": \"joypad_button\", \"button\": \"a\"}]", [], {"items": "Dictionary"}),
				opt("deadzone", "float", "Analog deadzone", DEFAULT_DEADZONE, {"min": 0.0, "max": 1.0}),
			],
			"example": {"action": "jump", "keys": ["Space"]},
			"undo": "global",  # the input map is project settings: a step of the global history, saved on do and undo
			"returns": {"name": "string", "deadzone": "float", "events": ["string"], "saved": "bool"},
			"handler": _input_action_add,
		},
		{
			"method": "project.input_action_remove",
			"summary": "Remove an input action (undoable, saved to project.godot).",
			"params": [req("action", "string", "Action name", {"also": ["name"]})],
			"example": {"action": "jump"},
			# the action to remove, written as a setting so the setup works whether or not project.input_action_add's
			# example left it in the editor's memory (the sweeps put files back, not the settings held in memory)
			"example_setup": [{"method": "project.settings_set", "params": {"key": "input/jump",
					"value": {"deadzone": DEFAULT_DEADZONE, "events": []}, "create": true}}],
			"destructive": true,
			"undo": "global",
			"returns": {"name": "string", "removed": "bool", "saved": "bool"},
			"handler": _input_action_remove,
		},
	]


func _input_actions(c: BridgeCall) -> Variant:
	var p := c.params
	var out: Array = []
	for key in BridgeProject.setting_names():
		if not key.begins_with("input/"):
			continue
		var name := key.trim_prefix("input/")
		if (name.begins_with("ui_") and not p.include_builtin) or (p.has("filter") and not name.contains(p.filter)):
			continue
		var action: Variant = ProjectSettings.get_setting(key)
		if not action is Dictionary:
			continue
		var events: Array = []
		for e: Variant in action.get("events", []):
			if e is InputEvent:
				events.append({"class": e.get_class(), "text": e.as_text()})
		out.append({"name": name, "deadzone": action.get("deadzone", DEFAULT_DEADZONE), "events": events})
	return {"count": out.size(), "actions": out}


func _input_action_add(c: BridgeCall) -> Variant:
	var p := c.params
	var name: String = p.action.strip_edges()
	if name == "" or name.contains("/") or name.contains(":") or name != p.action:
		return c.invalid("'%s' is not a valid action name (no '/', ':' or edge spaces)" % p.action)
	if ProjectSettings.has_setting("input/" + name):
		return c.invalid("an action named '%s' already exists" % name, {"name": name})
	var events: Array = []
	for k: Variant in p.keys:
		var code := OS.find_keycode_from_string(str(k)) if k is String else KEY_NONE
		if code == KEY_NONE:
			return c.invalid("unknown key %s (use names like Space, A, Up, Ctrl+S)" % JSON.stringify(k), {"key": k})
		var ev := InputEventKey.new()
		ev.device = -1  # all devices, as the editor binds: from 4.7 a real keyboard's events carry device 16, not 0
		ev.physical_keycode = (code & KEY_CODE_MASK) as Key
		ev.shift_pressed = code & KEY_MASK_SHIFT != 0
		ev.alt_pressed = code & KEY_MASK_ALT != 0
		ev.ctrl_pressed = code & KEY_MASK_CTRL != 0
		ev.meta_pressed = code & KEY_MASK_META != 0
		events.append(ev)
	var specs: Array = p.events
	for i: int in specs.size():
		var ev: Variant = BridgeEvents.from_json(specs[i], "events[%d]" % i)
		if ev is BridgeError:
			return ev
		events.append(ev)
	var err := BridgeProject.commit_settings(c.step, "Add input action %s" % name, {"input/" + name: {"deadzone": p.deadzone, "events": events}})
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	return {"name": name, "deadzone": p.deadzone, "events": events.map(func(e: InputEvent) -> String: return e.as_text()), "saved": true}


func _input_action_remove(c: BridgeCall) -> Variant:
	var p := c.params
	var key: String = "input/" + p.action
	if p.action.begins_with("ui_"):
		return c.invalid("'%s' is a built-in action; the editor does not remove those" % p.action)
	if not ProjectSettings.has_setting(key):
		var names: Array = []
		for k in BridgeProject.setting_names():
			if k.begins_with("input/") and not k.begins_with("input/ui_"):
				names.append(k.trim_prefix("input/"))
		var guess := BridgeParams.did_you_mean(p.action, names)
		return c.not_found("no input action named '%s'%s" % [p.action,
				" (did you mean '%s'?)" % guess if guess != "" else ""], {"name": p.action, "suggestion": guess})
	var err := BridgeProject.commit_settings(c.step, "Remove input action %s" % p.action, {key: null})
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	return {"name": p.action, "removed": true, "saved": true}
