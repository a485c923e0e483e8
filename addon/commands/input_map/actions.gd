@tool
extends "../../core/command_group.gd"
## input_map.*, whole actions: deadzone, rename, and the bindings two actions share. Changes are one
## undoable action in the editor's global history, saved to project.godot at once.

const BridgeEvents := preload("../../lib/input_events.gd")
const BridgeProject := preload("../../lib/project_settings.gd")
const BridgeSettings := preload("../../core/settings.gd")
const BridgeUndoStep := preload("../../core/undo_step.gd")


func commands() -> Array:
	return [
		{
			"method": "input_map.deadzone_set",
			"idempotent": true,
			"summary": "Set an action's analog deadzone, 0..1 (undoable, saved).",
			"params": [req("action", "string", "Action name"), req("deadzone", "float", "Deadzone", {"min": 0.0, "max": 1.0})],
			"example": {"action": "move_right", "deadzone": 0.35},
			# saved: project.godot is written with the change (and again on undo)
			"returns": {"action": "string", "deadzone": "float", "previous": "float", "saved": "bool"},
			"undo": "global",
			"handler": _deadzone_set,
		},
		{
			"method": "input_map.action_rename",
			"summary": "Rename an action keeping its events, deadzone and place in the list (undoable, saved); reports scripts that still use the old name.",
			"params": [req("action", "string", "Current name"), req("new_name", "string", "New name")],
			"example": {"action": "move_right", "new_name": "walk_right"},
			"returns": {"action": "string", "previous": "string", "events": "int", "saved": "bool", "still_used_in": ["string"]},
			"undo": "global",
			"handler": _rename,
		},
		{
			"method": "input_map.conflicts",
			"summary": "Events bound to more than one action (the same key, button or axis direction), which fire both.",
			"params": [opt("include_builtin", "bool", "Also check the built-in ui_* actions", false)],
			"example": {},
			"read_only": true,
			"returns": {"count": "int", "conflicts": [{"event": {"type": "string", "text": "string", "device": "int"},
					"actions": ["string"]}]},
			"handler": _conflicts,
		},
	]


func _deadzone_set(c: BridgeCall) -> Variant:
	var p := c.params
	var action: Variant = BridgeEvents.action(p.action)
	if action is BridgeError:
		return action
	var previous: float = action.deadzone
	action.deadzone = p.deadzone
	var err := BridgeProject.commit_settings(c.step, "Set deadzone of %s" % p.action, {"input/" + p.action: action})
	if err != OK:
		return c.failed("saving project.godot failed: %s" % error_string(err))
	return {"action": p.action, "deadzone": ProjectSettings.get_setting("input/" + p.action).deadzone, "previous": previous,
			"saved": true}


func _rename(c: BridgeCall) -> Variant:
	var p := c.params
	var action: Variant = BridgeEvents.action(p.action)
	if action is BridgeError:
		return action
	var new_name: String = p.new_name
	if p.action.begins_with("ui_"):
		return c.invalid("'%s' is a built-in action; the engine's UI uses it by that name" % p.action)
	if new_name.strip_edges() != new_name or new_name == "" or new_name.contains("/") or new_name.contains(":"):
		return c.invalid("'%s' is not a valid action name (no '/', ':' or edge spaces)" % new_name,
				{"param": "new_name"})
	if ProjectSettings.has_setting("input/" + new_name):
		return c.failed("an action named '%s' already exists" % new_name, {"param": "new_name"})
	var old_key: String = "input/" + p.action
	var order := ProjectSettings.get_order(old_key)
	var ur := BridgeUndoStep.action_for(c.step, "Rename input action %s to %s" % [p.action, new_name], ProjectSettings)
	ur.add_do_method(ProjectSettings, "set_setting", old_key, null)
	ur.add_do_method(ProjectSettings, "set_setting", "input/" + new_name, action)
	ur.add_do_method(ProjectSettings, "set_order", "input/" + new_name, order)
	ur.add_do_method(ProjectSettings, "save")
	ur.add_undo_method(ProjectSettings, "set_setting", "input/" + new_name, null)
	ur.add_undo_method(ProjectSettings, "set_setting", old_key, ProjectSettings.get_setting(old_key))
	ur.add_undo_method(ProjectSettings, "set_order", old_key, order)
	ur.add_undo_method(ProjectSettings, "save")
	ur.commit_action()
	if not ProjectSettings.has_setting("input/" + new_name) or ProjectSettings.has_setting(old_key):
		return c.failed("the rename did not take effect")
	return {"action": new_name, "previous": p.action, "events": action.events.size(), "saved": true,
			"still_used_in": _scripts_using(p.action)}


func _conflicts(c: BridgeCall) -> Variant:
	var p := c.params
	var bound: Array = []  # [action, event]
	for prop: Dictionary in ProjectSettings.get_property_list():
		var key := str(prop.name)
		if not key.begins_with("input/") or (key.begins_with("input/ui_") and not p.include_builtin):
			continue
		var action: Variant = ProjectSettings.get_setting(key)
		if action is Dictionary:
			for ev: Variant in action.get("events", []):
				if ev is InputEvent:
					bound.append([key.trim_prefix("input/"), ev])
	var out: Array = []
	var seen := {}
	for i in bound.size():
		if seen.has(i):
			continue
		var actions: Array = [bound[i][0]]
		for j in range(i + 1, bound.size()):
			if bound[j][0] != bound[i][0] and BridgeEvents.same(bound[i][1], bound[j][1]):
				seen[j] = true
				if not bound[j][0] in actions:
					actions.append(bound[j][0])
		if actions.size() > 1:
			var ev: Dictionary = BridgeEvents.to_json(bound[i][1], 0)
			ev.erase("index")
			out.append({"event": ev, "actions": actions})
	return {"count": out.size(), "conflicts": out}


## res:// scripts whose text names the action in quotes (Input.is_action_pressed("jump") and the like).
func _scripts_using(action: String) -> Array:
	var out: Array = []
	var needles := ["\"%s\"" % action, "'%s'" % action]
	var stack: Array = [EditorInterface.get_resource_filesystem().get_filesystem()]
	while not stack.is_empty():
		var dir: EditorFileSystemDirectory = stack.pop_back()
		for i in dir.get_subdir_count():
			stack.append(dir.get_subdir(i))
		for i in dir.get_file_count():
			var path := dir.get_file_path(i)
			if path.get_extension() in ["gd", "cs"] and not path.begins_with(BridgeSettings.addon_dir() + "/") and _mentions(FileAccess.get_file_as_string(path), needles):
				out.append(path)
	out.sort()
	return out


static func _mentions(text: String, needles: Array) -> bool:
	return needles.any(func(n: String) -> bool: return text.contains(n))
