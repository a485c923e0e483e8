extends Node
## Counts the physics ticks the game's own nodes ran: a tick the bridge holds frozen (game/clock.gd) is none,
## while Engine.get_physics_frames() counts on in real time through a freeze. runtime.record and
## runtime.replay measure an input's tick and a mark's with it. First in every tick, so during a tick it
## already holds that tick's number; between ticks, the ticks completed.

var ticks := 0


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_PAUSABLE
	process_physics_priority = -2147483648


func _physics_process(_delta: float) -> void:
	ticks += 1
