@tool
extends RefCounted
## Godot values → JSON-safe values, the one shape every command result uses:
## vectors as arrays, colours as [r, g, b, a], nodes as their path, resources as {class, path}.


static func to_json(v: Variant) -> Variant:
	# The shapes nearly every result is made of come first: a `match` tries its branches in order, and this
	# runs for every value of every reply.
	var type := typeof(v)
	if type == TYPE_STRING or type == TYPE_INT or type == TYPE_BOOL or type == TYPE_NIL:
		return v
	if type == TYPE_DICTIONARY:
		var d := {}
		for k: Variant in v:
			var value: Variant = v[k]
			var t := typeof(value)
			d[k if k is String else str(k)] = value if t == TYPE_STRING or t == TYPE_INT or t == TYPE_BOOL else to_json(value)
		return d
	match type:
		TYPE_FLOAT:
			return v if is_finite(v) else str(v)
		TYPE_STRING_NAME, TYPE_NODE_PATH:
			return str(v)
		TYPE_VECTOR2, TYPE_VECTOR2I:
			return [v.x, v.y]
		TYPE_VECTOR3, TYPE_VECTOR3I:
			return [v.x, v.y, v.z]
		TYPE_VECTOR4, TYPE_VECTOR4I, TYPE_QUATERNION:
			return [v.x, v.y, v.z, v.w]
		TYPE_COLOR:
			return [v.r, v.g, v.b, v.a]
		TYPE_RECT2, TYPE_RECT2I:
			return {"position": [v.position.x, v.position.y], "size": [v.size.x, v.size.y]}
		TYPE_ARRAY, TYPE_PACKED_STRING_ARRAY, TYPE_PACKED_INT32_ARRAY, TYPE_PACKED_INT64_ARRAY, \
				TYPE_PACKED_FLOAT32_ARRAY, TYPE_PACKED_FLOAT64_ARRAY, TYPE_PACKED_VECTOR2_ARRAY, \
				TYPE_PACKED_VECTOR3_ARRAY, TYPE_PACKED_COLOR_ARRAY:
			var out: Array = []
			for x: Variant in v:
				out.append(to_json(x))
			return out
		TYPE_OBJECT:
			if v == null or not is_instance_valid(v):
				return null
			if v is Node:
				return str(v.get_path()) if v.is_inside_tree() else v.name
			if v is Resource:
				return {"class": v.get_class(), "path": v.resource_path}
			return {"class": v.get_class()}
	# Transforms, bases, planes, AABBs, RIDs, callables: Godot's own text form round-trips through str_to_var.
	return var_to_str(v)


static var _raw_controls := RegEx.create_from_string("[\\x01-\\x07\\x0b\\x0e-\\x1f]")


## JSON.stringify, except that control characters it would pass through raw (ESC from a colour code, say)
## are written as \u00XX: raw, no client can parse the reply and the call hangs. Use it for every reply.
static func stringify(value: Variant) -> String:
	var text := JSON.stringify(value)
	if _raw_controls.search(text) == null:
		return text  # the common case: one scan, no copies
	for code: int in [1, 2, 3, 4, 5, 6, 7, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]:
		text = text.replace(char(code), "\\u%04x" % code)
	return text
