extends "unit.gd"
## core/json_value.gd (Godot values as JSON), core/value_kinds.gd (vectors) and core/layer_bits.gd (masks).

const JsonValue := preload("res://addons/bridge/core/json_value.gd")
const ValueKinds := preload("res://addons/bridge/core/value_kinds.gd")
const LayerBits := preload("res://addons/bridge/core/layer_bits.gd")


func test_json_values() -> void:
	eq(JsonValue.to_json(Vector2(1, 2)), [1.0, 2.0], "a Vector2 is [x, y]")
	eq(JsonValue.to_json(Vector3i(1, 2, 3)), [1, 2, 3], "a Vector3i is [x, y, z]")
	eq(JsonValue.to_json({1: &"a"}), {"1": "a"}, "keys become strings, StringNames strings")
	eq(JsonValue.to_json(INF), "inf", "a float JSON cannot hold is text")
	eq(JSON.stringify(JsonValue.to_json([NodePath("A/B"), null, true])), "[\"A/B\",null,true]", "a list of mixed values")


func test_vectors_by_declared_dimension() -> void:
	var spec := {"name": "to", "kind": "vector", "dim_of": "from"}
	eq(ValueKinds.resolve(spec, {"from": Vector3.ZERO, "to": [1, 2, 3]}, null), Vector3(1, 2, 3), "3D like from")
	refused(ValueKinds.resolve(spec, {"from": Vector3.ZERO, "to": [1, 2]}, null),
			["parameter 'to' must have 3 numbers", "'from' is 3D"], "2 numbers where from is 3D")
	eq(ValueKinds.resolve({"name": "at", "kind": "vector"}, {"at": [1, 2]}, null), Vector2(1, 2), "either dimension")
	refused(ValueKinds.resolve({"name": "at", "kind": "vector"}, {"at": [1, "2"]}, null), ["'at' must be [x, y]"], "a string")


func test_layer_masks() -> void:
	eq(LayerBits.parse(5, "3d_physics", "mask"), 5, "a raw mask")
	eq(LayerBits.parse([1, 3], "3d_physics", "mask"), 5, "layer numbers")
	refused(LayerBits.parse([33], "3d_physics", "mask"), ["layer numbers run 1..32"], "layer 33")
	refused(LayerBits.parse("nope_layer", "3d_physics", "mask"), ["no 3d_physics layer is named 'nope_layer'"], "an unknown name")
	eq(LayerBits.combine(0b011, 0b110, "remove"), 0b001, "remove bits")
