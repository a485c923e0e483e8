@tool
extends "../../lib/game_command.gd"
## input.*: input injected into the running game through one queue (MCPGameInput) that never drops or
## reorders events; each reply lists what was delivered. Coordinates are the game viewport's.

## What every input.* request answers once its last event was delivered (game/input.gd): the events' labels,
## how many requests' events were queued before it, the frames it took and where the mouse is now.
## While the game is frozen (runtime.pause, scene.play frozen) the reply comes at once: `pending` lists the
## events that go in with the next stepped ticks (runtime.step).
const DELIVERED := {"delivered": ["string"], "count": "int", "queued_before": "int", "frames": "int", "mouse_position": "Vector2",
		"pending?": ["string"]}
## Which frames a hold counts: the game's rendered frames while it runs, its stepped physics ticks while frozen.
const HOLD_DOC := "%s between press and release when pressed is omitted: rendered frames (_process) while the game runs; physics ticks while it is frozen (the release goes in that many runtime.step ticks after the press)"


func commands() -> Array:
	var hold := opt("hold_frames", "int", HOLD_DOC % "Frames", 1, {"min": 0, "max": 600})
	return [
		{
			"method": "input.action",
			"summary": "Press and/or release an input-map action in the running game (pressed omitted: press, hold, release).",
			"params": [
				req("action", "string", "Action name from the input map, e.g. move_right"),
				opt("pressed", "bool", "true: press and keep it down; false: release (omit: press then release)"),
				opt("strength", "float", "Press strength", 1.0, {"min": 0.0, "max": 1.0}),
				hold,
			],
			"example": {"action": "move_right", "pressed": true},
			"needs": "game",
			"timeout_ms": 60000,
			"undo": "none",
			"returns": DELIVERED,
			"handler": in_game("input.action", _hold_ms),
		},
		{
			"method": "input.key",
			"summary": "Press and/or release a key by name, with modifiers (\"Space\", \"A\", \"Ctrl+S\", \"Left\").",
			"params": [
				req("key", "string", "Godot key name, optionally with modifiers: Ctrl+Shift+S"),
				opt("pressed", "bool", "true: press and keep it down; false: release (omit: press then release)"),
				opt("shift", "bool", "Hold Shift", false),
				opt("ctrl", "bool", "Hold Ctrl", false),
				opt("alt", "bool", "Hold Alt", false),
				opt("meta", "bool", "Hold Meta/Cmd", false),
				opt("hold_frames", "int", HOLD_DOC % "Frames", 0, {"min": 0, "max": 600}),
			],
			"example": {"key": "Right", "hold_frames": 5},
			"needs": "game",
			"timeout_ms": 60000,
			"undo": "none",
			"returns": DELIVERED,
			"handler": in_game("input.key", _hold_ms),
		},
		{
			"method": "input.mouse_button",
			"summary": "Click (or press/release) a mouse button at viewport coordinates; moves the mouse there first.",
			"params": [
				opt("x", "float", "Viewport x (default: the last mouse position)"),
				opt("y", "float", "Viewport y"),
				choice("button", ["left", "right", "middle", "wheel_up", "wheel_down", "wheel_left", "wheel_right"], "Button", "left"),
				opt("pressed", "bool", "true: press only; false: release only (omit: click)"),
				opt("double_click", "bool", "Mark the press as a double click", false),
				opt("hold_frames", "int", HOLD_DOC % "Frames of a click", 0, {"min": 0, "max": 600}),
			],
			"example": {"x": 80, "y": 90, "button": "left"},
			"needs": "game",
			"timeout_ms": 60000,
			"undo": "none",
			"returns": DELIVERED,
			"handler": in_game("input.mouse_button", _hold_ms),
		},
		{
			"method": "input.mouse_motion",
			"summary": "Move the mouse to viewport coordinates, in one event or spread over steps frames, optionally dragging buttons.",
			"params": [
				req("x", "float", "Viewport x"),
				req("y", "float", "Viewport y"),
				opt("steps", "int", "Motion events (one per frame) from the last position", 1, {"min": 1, "max": 600}),
				opt("buttons", "Array", "Buttons held during the motion: left, right, middle", [], {"items": "string"}),
			],
			"example": {"x": 320, "y": 180, "steps": 4},
			"needs": "game",
			"timeout_ms": 60000,
			"undo": "none",
			"returns": DELIVERED,
			"handler": in_game("input.mouse_motion", func(p: Dictionary) -> int: return p.steps * 50),
		},
		{
			"method": "input.text",
			"summary": "Type text into the running game: a key press and release per character, carrying its unicode.",
			"params": [req("text", "string", "Text to type (\\n is Enter)")],
			"example": {"text": "Hello"},
			"needs": "game",
			"undo": "none",
			"returns": DELIVERED,
			"handler": in_game("input.text"),
		},
		{
			"method": "input.sequence",
			"summary": "Inject a timed list of input events, frame_delay frames apart: {type: action|key|mouse_button|mouse_motion|text|wait, ...}.",
			"params": [
				req("events", "Array", "Events, each with a type and the fields of the matching input.* command; {type: wait, frames: n} pauses", {"items": "Dictionary"}),
				opt("frame_delay", "int", "Frames between consecutive events: rendered frames while the game runs, stepped physics ticks while it is frozen", 1, {"min": 0, "max": 600}),
			],
			"example": {"events": [{"type": "action", "action": "move_right", "pressed": true}, {"type": "wait", "frames": 10},
					{"type": "action", "action": "move_right", "pressed": false}], "frame_delay": 1},
			"needs": "game",
			"timeout_ms": 120000,
			"undo": "none",
			"returns": DELIVERED,
			"handler": in_game("input.sequence", func(p: Dictionary) -> int: return p.events.size() * (p.frame_delay + 1) * 50 + 1000),
		},
		{
			"method": "input.click_node",
			"summary": "Left-click where a node shows in the running game, found by path: a Control's centre or a 2D node's position through its canvas (a moved or zoomed Camera2D), a 3D node's position through the current Camera3D.",
			"params": [
				req("node_path", "NodePath", "Control, 2D or 3D node in the game, e.g. /root/UI/StartButton"),
				choice("button", ["left", "right", "middle"], "Button", "left"),
			],
			"example": {"node_path": "Player"},
			"needs": "game",
			"undo": "none",
			"returns": DELIVERED,
			"handler": in_game("input.click_node"),
		},
		{
			"method": "input.release_all",
			"idempotent": true,
			"summary": "Release every action, key and mouse button the bridge pressed and left down in the running game.",
			"params": [],
			"example": {},
			"needs": "game",
			"undo": "none",
			"returns": DELIVERED,
			"handler": in_game("input.release_all"),
		},
	]


static func _hold_ms(p: Dictionary) -> int:
	return int(p.get("hold_frames", 0)) * 50
