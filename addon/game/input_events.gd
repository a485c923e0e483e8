extends RefCounted
## Input events from their JSON description: actions, keys by name (with modifiers), mouse buttons and
## motion in viewport coordinates, text. Each builder returns an Array of steps (events and frame waits)
## or an error reply; MCPGameInput queues the steps.

const BridgeIpc := preload("ipc.gd")

const BridgeNames := preload("input_names.gd")
const BUTTONS := BridgeNames.MOUSE_BUTTONS
const MASKS := BridgeNames.MOUSE_MASKS


## A step that delivers one event.
static func ev(event: InputEvent, label: String) -> Dictionary:
	return {"event": event, "label": label}


## A step that lets `frames` frames pass before the next one.
static func wait(frames: int) -> Dictionary:
	return {"wait": frames, "label": "wait %d frame(s)" % frames}


## A press, then (when hold_frames >= 0) the release that many frames later.
static func press_release(press: InputEvent, release: InputEvent, label: String, hold_frames: int) -> Array:
	var steps: Array = [ev(press, label + " down")]
	if hold_frames >= 0:
		if hold_frames > 0:
			steps.append(wait(hold_frames))
		steps.append(ev(release, label + " up"))
	return steps


static func action(p: Dictionary) -> Variant:
	var name: String = p.action
	if not InputMap.has_action(name):
		var mine: Array = InputMap.get_actions().filter(func(a: StringName) -> bool: return not str(a).begins_with("ui_"))
		return BridgeIpc.error(BridgeIpc.NOT_FOUND,
				"no input action '%s' in the game; it has: %s (ui_* actions too)" % [name,
				", ".join(PackedStringArray(mine.map(func(a: StringName) -> String: return str(a))))], {"action": name})
	var mk := func(pressed: bool) -> InputEventAction:
		var e := InputEventAction.new()
		e.action = name
		e.pressed = pressed
		e.strength = p.get("strength", 1.0) if pressed else 0.0
		return e
	if p.has("pressed") and p.pressed != null:
		return [ev(mk.call(p.pressed), "action %s %s" % [name, "pressed" if p.pressed else "released"])]
	return press_release(mk.call(true), mk.call(false), "action " + name, p.get("hold_frames", 1))


## "Space", "a", "Ctrl+Shift+S", "Left": a key and its modifiers.
static func key(p: Dictionary) -> Variant:
	var parts: PackedStringArray = str(p.key).split("+")
	var name := parts[parts.size() - 1].strip_edges()
	var code := OS.find_keycode_from_string(name)
	if code == KEY_NONE:
		return BridgeIpc.error(BridgeIpc.INVALID, "unknown key '%s'; use Godot key names like A, Space, Enter, Escape, Left, F1, Ctrl+S" % p.key)
	var mods := {"shift": p.get("shift", false), "ctrl": p.get("ctrl", false), "alt": p.get("alt", false), "meta": p.get("meta", false)}
	for m in parts.slice(0, parts.size() - 1):
		var mod := m.strip_edges().to_lower().replace("control", "ctrl").replace("cmd", "meta")
		if not mods.has(mod):
			return BridgeIpc.error(BridgeIpc.INVALID, "unknown modifier '%s' in '%s'; use Shift, Ctrl, Alt, Meta" % [m,
					p.key])
		mods[mod] = true
	var mk := func(pressed: bool) -> InputEventKey:
		var e := InputEventKey.new()
		e.keycode = code
		e.physical_keycode = code
		e.pressed = pressed
		e.shift_pressed = mods.shift
		e.ctrl_pressed = mods.ctrl
		e.alt_pressed = mods.alt
		e.meta_pressed = mods.meta
		if name.length() == 1 and not mods.ctrl and not mods.alt and not mods.meta:
			e.unicode = (name.to_upper() if mods.shift else name.to_lower()).unicode_at(0)
		return e
	var label := "key " + str(p.key)
	if p.has("pressed") and p.pressed != null:
		return [ev(mk.call(p.pressed), "%s %s" % [label, "down" if p.pressed else "up"])]
	return press_release(mk.call(true), mk.call(false), label, p.get("hold_frames", 0))


static func mouse_button(p: Dictionary, pos_now: Vector2) -> Variant:
	var bname: String = p.get("button", "left")
	if not BUTTONS.has(bname):
		return BridgeIpc.error(BridgeIpc.INVALID, "unknown mouse button '%s'; use %s" % [bname, ", ".join(PackedStringArray(BUTTONS.keys()))])
	var pos := Vector2(p.x, p.y) if p.has("x") and p.has("y") else pos_now
	var mk := func(pressed: bool) -> InputEventMouseButton:
		var e := InputEventMouseButton.new()
		e.button_index = BUTTONS[bname]
		e.pressed = pressed
		e.position = pos
		e.global_position = pos
		e.double_click = p.get("double_click", false) and pressed
		e.button_mask = MASKS.get(bname, 0) if pressed else 0
		return e
	var label := "mouse %s at (%d, %d)" % [bname, pos.x, pos.y]
	var steps: Array = [ev(_motion(pos, pos - pos_now, 0), "mouse move to (%d, %d)" % [pos.x, pos.y])] if pos != pos_now else []
	if p.has("pressed") and p.pressed != null:
		steps.append(ev(mk.call(p.pressed), "%s %s" % [label, "down" if p.pressed else "up"]))
		return steps
	steps.append_array(press_release(mk.call(true), mk.call(false), label, p.get("hold_frames", 0)))
	return steps


static func mouse_motion(p: Dictionary, pos_now: Vector2) -> Variant:
	var pos := Vector2(p.x, p.y)
	var mask := 0
	for b: Variant in p.get("buttons", []):
		if not MASKS.has(str(b)):
			return BridgeIpc.error(BridgeIpc.INVALID, "unknown held button '%s'; use left, right, middle" % b)
		mask |= MASKS[str(b)]
	var steps_n: int = p.get("steps", 1)
	var steps: Array = []
	for i in range(1, steps_n + 1):
		var at := pos_now.lerp(pos, float(i) / steps_n)
		var prev := pos_now.lerp(pos, float(i - 1) / steps_n)
		if i > 1:
			steps.append(wait(1))
		steps.append(ev(_motion(at, at - prev, mask), "mouse move to (%d, %d)" % [at.x, at.y]))
	return steps


static func _motion(pos: Vector2, relative: Vector2, mask: int) -> InputEventMouseMotion:
	var e := InputEventMouseMotion.new()
	e.position = pos
	e.global_position = pos
	e.relative = relative
	e.button_mask = mask
	return e


## Each character as a key press and release carrying its unicode.
static func text(p: Dictionary) -> Variant:
	var steps: Array = []
	var s: String = p.text
	for i in s.length():
		var ch := s[i]
		var code := OS.find_keycode_from_string(ch.to_upper()) if ch != " " else KEY_SPACE
		if ch == "\n":
			code = KEY_ENTER
		for pressed: bool in [true, false]:
			var e := InputEventKey.new()
			e.keycode = code
			e.physical_keycode = code
			e.pressed = pressed
			e.shift_pressed = ch != ch.to_lower()
			if ch != "\n":
				e.unicode = ch.unicode_at(0)
			steps.append(ev(e, "text %s %s" % [JSON.stringify(ch), "down" if pressed else "up"]))
	return steps
