extends "unit.gd"
## core/params.gd: parameter checks and conversion, and the path jail.

const Params := preload("res://addons/bridge/core/params.gd")


func test_converts_each_declared_type() -> void:
	eq(Params.convert_value({"type": "int"}, 3.0), 3, "an integral float is an int")
	refused(Params.convert_value({"type": "int"}, 3.5), ["must be an integer"], "a fraction is no int")
	eq(Params.convert_value({"type": "Vector2"}, [1, 2]), Vector2(1, 2), "[x, y]")
	eq(Params.convert_value({"type": "Vector3"}, {"x": 1, "y": 2, "z": 3}), Vector3(1, 2, 3), "{x, y, z}")
	refused(Params.convert_value({"type": "Vector3"}, [1, 2]), ["a Vector3 as [x, y, z]"], "a short vector")
	refused(Params.convert_value({"type": "bool"}, 1), ["true or false"], "1 is no bool")
	eq(Params.convert_value({"type": "enum", "values": ["a", "b"]}, "b"), "b", "an enum value")
	refused(Params.convert_value({"type": "enum", "values": ["a", "b"]}, "c"), ["one of a, b"], "an unknown enum value")


func test_ranges_are_enforced() -> void:
	refused(Params.convert_value({"type": "float", "min": 0.0}, -1), ["must be >= 0"], "below min")
	refused(Params.convert_value({"type": "int", "max": 5}, 6), ["must be <= 5"], "above max")


func test_colours_in_every_written_form() -> void:
	for form: Variant in ["#ff0000", "red", [1, 0, 0], "1,0,0", "(1, 0, 0)", "Color(1, 0, 0)", {"r": 1, "g": 0, "b": 0}]:
		eq(Params.parse_color(form), Color(1, 0, 0), "colour %s" % var_to_str(form))
	eq(Params.parse_color("1e999,0,0"), null, "a number no float holds")


func test_check_refuses_unknown_and_missing_parameters_by_name() -> void:
	var specs := [{"name": "node_path", "type": "string", "required": true}, {"name": "count", "type": "int", "default": 2}]
	refused(Params.check(specs, {"node_pat": "A"}), ["unknown parameter 'node_pat'", "did you mean 'node_path'"], "a typo")
	refused(Params.check(specs, {}), ["missing required parameter 'node_path'"], "missing")
	eq(Params.check(specs, {"node_path": "A"}), {"node_path": "A", "count": 2}, "a default is filled in")


func test_the_jail_keeps_written_paths_inside_the_project() -> void:
	eq(Params.jail_path("res://a/./b/../c.tres"), "res://a/c.tres", "dots are resolved")
	eq(Params.jail_path("user://saves/x.json"), "user://saves/x.json", "user:// is allowed")
	refused(Params.jail_path("res://../outside.txt"), ["escapes res://"], "climbing out")
	refused(Params.jail_path("/etc/passwd"), ["must be a res:// or user:// path"], "an absolute path")
	refused(Params.jail_path("res://C:/x"), ["must be a plain path"], "a drive letter")
	refused(Params.jail_path("res://"), ["names no file"], "the root itself")


func test_did_you_mean() -> void:
	eq(Params.did_you_mean("postion", ["position", "rotation"]), "position", "a near miss")
	eq(Params.did_you_mean("zzz", ["position", "rotation"]), "", "nothing near")
