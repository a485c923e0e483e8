extends RefCounted
## Input names both sides use: the game's input.* events (game/input_events.gd) and the editor's input
## map (lib/input_events.gd). On the game side so the game can preload it too.

const MOUSE_BUTTONS := {"left": MOUSE_BUTTON_LEFT, "right": MOUSE_BUTTON_RIGHT, "middle": MOUSE_BUTTON_MIDDLE,
	"wheel_up": MOUSE_BUTTON_WHEEL_UP, "wheel_down": MOUSE_BUTTON_WHEEL_DOWN, "wheel_left": MOUSE_BUTTON_WHEEL_LEFT,
	"wheel_right": MOUSE_BUTTON_WHEEL_RIGHT, "xbutton1": MOUSE_BUTTON_XBUTTON1, "xbutton2": MOUSE_BUTTON_XBUTTON2}
## The buttons a held mouse motion can carry.
const MOUSE_MASKS := {"left": MOUSE_BUTTON_MASK_LEFT, "right": MOUSE_BUTTON_MASK_RIGHT, "middle": MOUSE_BUTTON_MASK_MIDDLE,
	"xbutton1": MOUSE_BUTTON_MASK_MB_XBUTTON1, "xbutton2": MOUSE_BUTTON_MASK_MB_XBUTTON2}
