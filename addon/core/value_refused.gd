@tool
extends RefCounted
## A value that does not fit (core/value_coercion.gd's internal answer, turned into a BridgeError there); `detail`
## says why when there is more to say than the type. Its own file, not an inner class: the game runs
## value_coercion.gd too, and an inner class named like a project's class_name does not compile (inspector.gd).

var detail: String


func _init(p_detail: String = "") -> void:
	detail = p_detail
