@tool
extends RefCounted
## Input-map events as JSON: {"type": "key" | "mouse_button" | "joypad_button" | "joypad_motion", …} to a
## new InputEvent and back, with readable names for buttons and axes. Used by the input_map.* commands and project.input_action_add.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeParams := preload("../core/params.gd")

const TYPES := ["key", "mouse_button", "joypad_button", "joypad_motion"]
const MOUSE_BUTTONS := preload("../game/input_names.gd").MOUSE_BUTTONS
const JOY_BUTTONS := {"a": JOY_BUTTON_A, "b": JOY_BUTTON_B, "x": JOY_BUTTON_X, "y": JOY_BUTTON_Y,
		"back": JOY_BUTTON_BACK, "guide": JOY_BUTTON_GUIDE, "start": JOY_BUTTON_START,
		"left_stick": JOY_BUTTON_LEFT_STICK, "right_stick": JOY_BUTTON_RIGHT_STICK,
		"left_shoulder": JOY_BUTTON_LEFT_SHOULDER, "right_shoulder": JOY_BUTTON_RIGHT_SHOULDER,
		"dpad_up": JOY_BUTTON_DPAD_UP, "dpad_down": JOY_BUTTON_DPAD_DOWN, "dpad_left": JOY_BUTTON_DPAD_LEFT,
		"dpad_right": JOY_BUTTON_DPAD_RIGHT, "misc1": JOY_BUTTON_MISC1, "paddle1": JOY_BUTTON_PADDLE1,
		"paddle2": JOY_BUTTON_PADDLE2, "paddle3": JOY_BUTTON_PADDLE3, "paddle4": JOY_BUTTON_PADDLE4,
		"touchpad": JOY_BUTTON_TOUCHPAD}
const JOY_AXES := {"left_x": JOY_AXIS_LEFT_X, "left_y": JOY_AXIS_LEFT_Y, "right_x": JOY_AXIS_RIGHT_X,
		"right_y": JOY_AXIS_RIGHT_Y, "trigger_left": JOY_AXIS_TRIGGER_LEFT, "trigger_right": JOY_AXIS_TRIGGER_RIGHT}
## The keys each event type takes besides "type" and "device".
const FIELDS := {
	"key": ["key", "physical", "ctrl", "shift", "alt", "meta"],
	"mouse_button": ["button", "ctrl", "shift", "alt", "meta", "double_click"],
	"joypad_button": ["button"],
	"joypad_motion": ["axis", "direction"],
}


## A new InputEvent from its JSON form, or a BridgeError naming the field that is wrong.
static func from_json(spec: Variant, where: String) -> Variant:
	if not spec is Dictionary:
		return BridgeError.invalid("%s must be an object like {\"type\": \"key\", \"key\": \"Ctrl+S\"}, got %s" % [where, JSON.stringify(spec)])
	var type := str(spec.get("type", ""))
	if not type in TYPES:
		return BridgeError.invalid("%s: type must be one of %s, got %s" % [where, ", ".join(PackedStringArray(TYPES)),
				JSON.stringify(spec.get("type"))])
	for key: Variant in spec:
		if not str(key) in ["type", "device"] + FIELDS[type]:
			return BridgeError.invalid("%s: a %s event has no field '%s'; it takes %s" % [where, type, key,
					", ".join(PackedStringArray(["device"] + FIELDS[type]))])
	var device: Variant = spec.get("device", -1)
	if not _is_int(device) or device < -1:
		return BridgeError.invalid("%s: device must be -1 (all devices) or a device number, got %s" % [where, JSON.stringify(device)])
	var made: Variant
	match type:
		"key":
			made = _key(spec, where)
		"mouse_button":
			made = _named(spec, "button", MOUSE_BUTTONS, 1, 9, where)
			if made is int:
				var mb := InputEventMouseButton.new()
				mb.button_index = made
				mb.double_click = _flag(spec, "double_click")
				made = _modifiers(mb, spec, where)
		"joypad_button":
			made = _named(spec, "button", JOY_BUTTONS, 0, JOY_BUTTON_MAX - 1, where)
			if made is int:
				var jb := InputEventJoypadButton.new()
				jb.button_index = made
				made = jb
		"joypad_motion":
			made = _named(spec, "axis", JOY_AXES, 0, JOY_AXIS_MAX - 1, where)
			var direction: Variant = spec.get("direction", null)
			if made is int and not direction in [-1, 1, -1.0, 1.0]:
				made = BridgeError.invalid("%s: direction must be -1 or 1 (which way the axis is pushed), got %s" % [where,
						JSON.stringify(direction)])
			if made is int:
				var jm := InputEventJoypadMotion.new()
				jm.axis = made
				jm.axis_value = float(direction)
				made = jm
	if made is InputEvent:
		made.device = int(device)
	return made


## The JSON form of an event, with its index in the action and the editor's text for it.
static func to_json(ev: InputEvent, index: int) -> Dictionary:
	var out := {"index": index, "text": ev.as_text(), "device": ev.device}
	if ev is InputEventKey:
		var physical: bool = ev.physical_keycode != KEY_NONE
		out.merge({"type": "key", "physical": physical,
				"key": OS.get_keycode_string(ev.physical_keycode if physical else ev.keycode)})
		out.merge(_modifier_json(ev))
	elif ev is InputEventMouseButton:
		out.merge({"type": "mouse_button", "button": _name_of(MOUSE_BUTTONS, ev.button_index), "double_click": ev.double_click})
		out.merge(_modifier_json(ev))
	elif ev is InputEventJoypadButton:
		out.merge({"type": "joypad_button", "button": _name_of(JOY_BUTTONS, ev.button_index)})
	elif ev is InputEventJoypadMotion:
		out.merge({"type": "joypad_motion", "axis": _name_of(JOY_AXES, ev.axis), "direction": signf(ev.axis_value)})
	else:
		out["type"] = ev.get_class()
	return out


## Whether two events trigger the same thing (same kind, key/button/axis and direction, modifiers, device).
static func same(a: InputEvent, b: InputEvent) -> bool:
	if a.get_class() != b.get_class():
		return false
	var ja := to_json(a, 0)
	var jb := to_json(b, 0)
	ja.erase("text")
	jb.erase("text")
	return ja == jb


static func _key(spec: Dictionary, where: String) -> Variant:
	var text: Variant = spec.get("key", null)
	var code := OS.find_keycode_from_string(str(text)) if text is String else KEY_NONE
	if code == KEY_NONE:
		return BridgeError.invalid("%s: unknown key %s (use names like Space, A, Up, F1, Ctrl+S)" % [where, JSON.stringify(text)])
	var ev := InputEventKey.new()
	if spec.get("physical", true):
		ev.physical_keycode = (code & KEY_CODE_MASK) as Key
	else:
		ev.keycode = (code & KEY_CODE_MASK) as Key
	ev.shift_pressed = code & KEY_MASK_SHIFT != 0
	ev.alt_pressed = code & KEY_MASK_ALT != 0
	ev.ctrl_pressed = code & KEY_MASK_CTRL != 0
	ev.meta_pressed = code & KEY_MASK_META != 0
	return _modifiers(ev, spec, where)


## Sets ctrl/shift/alt/meta given as booleans (on top of any named in the key text).
static func _modifiers(ev: InputEventWithModifiers, spec: Dictionary, where: String) -> Variant:
	for m: String in ["ctrl", "shift", "alt", "meta", "physical", "double_click"]:
		if spec.has(m) and not spec[m] is bool:
			return BridgeError.invalid("%s: %s must be true or false, got %s" % [where, m, JSON.stringify(spec[m])])
	ev.ctrl_pressed = ev.ctrl_pressed or _flag(spec, "ctrl")
	ev.shift_pressed = ev.shift_pressed or _flag(spec, "shift")
	ev.alt_pressed = ev.alt_pressed or _flag(spec, "alt")
	ev.meta_pressed = ev.meta_pressed or _flag(spec, "meta")
	return ev


static func _modifier_json(ev: InputEventWithModifiers) -> Dictionary:
	return {"ctrl": ev.ctrl_pressed, "shift": ev.shift_pressed, "alt": ev.alt_pressed, "meta": ev.meta_pressed}


## The number for a button or axis given by name or number, or a BridgeError listing the names.
static func _named(spec: Dictionary, field: String, names: Dictionary, lo: int, hi: int, where: String) -> Variant:
	var v: Variant = spec.get(field, null)
	if v is String and names.has(v.to_lower()):
		return names[v.to_lower()]
	if _is_int(v) and v >= lo and v <= hi:
		return int(v)
	var guess := BridgeParams.did_you_mean(str(v), names.keys()) if v is String else ""
	return BridgeError.invalid("%s: unknown %s %s%s; use %s or a number %d..%d" % [where, field, JSON.stringify(v),
			" (did you mean '%s'?)" % guess if guess != "" else "", ", ".join(PackedStringArray(names.keys())), lo, hi])


static func _name_of(names: Dictionary, value: int) -> Variant:
	for k: String in names:
		if names[k] == value:
			return k
	return value


static func _flag(spec: Dictionary, key: String) -> bool:
	return spec.get(key, false) == true


static func _is_int(v: Variant) -> bool:
	return v is int or (v is float and is_finite(v) and v == floorf(v))


## The stored action {deadzone, events} for `name` (a copy, safe to change), or NOT_FOUND with a did-you-mean.
static func action(name: String) -> Variant:
	var key := "input/" + name
	if ProjectSettings.has_setting(key) and ProjectSettings.get_setting(key) is Dictionary:
		var stored: Dictionary = ProjectSettings.get_setting(key)
		return {"deadzone": stored.get("deadzone", 0.2), "events": stored.get("events", []).duplicate()}
	var names: Array = []
	for prop: Dictionary in ProjectSettings.get_property_list():
		if str(prop.name).begins_with("input/"):
			names.append(str(prop.name).trim_prefix("input/"))
	var guess := BridgeParams.did_you_mean(name, names)
	return BridgeError.not_found("no input action named '%s'%s; project.input_action_add creates one" % [name,
			" (did you mean '%s'?)" % guess if guess != "" else ""], {"action": name, "suggestion": guess})


## Every event of an action in its JSON form.
static func events_json(events: Array) -> Array:
	var out: Array = []
	for i in events.size():
		if events[i] is InputEvent:
			out.append(to_json(events[i], i))
	return out
