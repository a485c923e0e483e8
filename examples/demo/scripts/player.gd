extends CharacterBody2D
## The demo player: walks left and right with the move_left / move_right actions.

signal hit(amount: int)

@export var speed: float = 200.0
var health: int = 100


func _physics_process(_delta: float) -> void:
	velocity.x = Input.get_axis("move_left", "move_right") * speed
	move_and_slide()


func take_damage(amount: int) -> int:
	health -= amount
	hit.emit(amount)
	return health
