@tool
extends RefCounted
## JSON value → the Godot type a property or method argument declares (its get_property_list() entry):
## numbers, vectors as [x, y], colours as '#rrggbb' or [r, g, b, a], enums by name or number, resources
## by res:// path, typed arrays element by element. A value that does not fit is refused, never defaulted.
## Used through lib/scene_access.gd.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeParams := preload("../core/params.gd")
const BridgeClassTypes := preload("class_types.gd")
## Node values resolve against the edited scene (scene_nodes.gd sits below scene_access.gd: no cycle).
const BridgeSceneNodes := preload("scene_nodes.gd")
const BridgeNumbers := preload("value_numbers.gd")
## A value that does not fit (before it becomes a BridgeError in coerce).
const BridgeRefused := preload("value_refused.gd")

const _PACKED := {
	TYPE_PACKED_BYTE_ARRAY: TYPE_INT, TYPE_PACKED_INT32_ARRAY: TYPE_INT, TYPE_PACKED_INT64_ARRAY: TYPE_INT,
	TYPE_PACKED_FLOAT32_ARRAY: TYPE_FLOAT, TYPE_PACKED_FLOAT64_ARRAY: TYPE_FLOAT,
	TYPE_PACKED_STRING_ARRAY: TYPE_STRING, TYPE_PACKED_VECTOR2_ARRAY: TYPE_VECTOR2,
	TYPE_PACKED_VECTOR3_ARRAY: TYPE_VECTOR3, TYPE_PACKED_COLOR_ARRAY: TYPE_COLOR,
	TYPE_PACKED_VECTOR4_ARRAY: TYPE_VECTOR4,
}


## The converted value, or a BridgeError whose message is "expects <type>, got <value>".
static func coerce(value: Variant, info: Dictionary) -> Variant:
	var out: Variant = _convert(value, info)
	if is_instance_of(out, BridgeError):
		return out
	if is_instance_of(out, BridgeRefused):
		var detail: String = out.detail
		return BridgeError.invalid("'%s' expects %s, got %s%s" % [info.get("name", "value"), expected(info),
				JSON.stringify(value), "" if detail == "" else " (%s)" % detail], {"property": info.get("name", ""),
				"expected": type_name(info)})
	return out


## A short type name: "Vector2", "Texture2D", "Array[int]", "int (enum: Inherit, Nearest)".
static func type_name(info: Dictionary) -> String:
	var t: int = info.get("type", TYPE_NIL)
	var hint: int = info.get("hint", PROPERTY_HINT_NONE)
	var hs: String = info.get("hint_string", "")
	var cls: String = info.get("class_name", "")
	if t == TYPE_NIL:
		return "Variant"
	if t == TYPE_INT and hint == PROPERTY_HINT_ENUM:
		return "int (enum: %s)" % ", ".join(PackedStringArray(_enum_values(info).keys()))
	if t == TYPE_INT and hint == PROPERTY_HINT_FLAGS:
		return "int (flags: %s)" % ", ".join(PackedStringArray(_enum_values(info).keys()))
	if t == TYPE_OBJECT:
		if hint in [PROPERTY_HINT_RESOURCE_TYPE, PROPERTY_HINT_NODE_TYPE] and hs != "":
			return hs
		return cls if cls != "" else "Object"
	if t == TYPE_ARRAY and hint == PROPERTY_HINT_ARRAY_TYPE and hs != "":
		return "Array[%s]" % type_name(_element_info(hs))
	return type_string(t)


## How to write a value of the type, for error messages.
static func expected(info: Dictionary) -> String:
	var t: int = info.get("type", TYPE_NIL)
	var name := type_name(info)
	if BridgeNumbers.VECTORS.has(t):
		var keys: Array = ["x", "y", "z", "w"].slice(0, BridgeNumbers.VECTORS[t])
		return "%s as %s" % [name, _forms(name, keys)]
	match t:
		TYPE_COLOR:
			return "Color as '#rrggbb(aa)', a colour name, %s (in 0..1, alpha optional)" % _forms("Color", ["r", "g", "b", "a"])
		TYPE_INT:
			if info.get("hint", 0) in [PROPERTY_HINT_ENUM, PROPERTY_HINT_FLAGS]:
				return name + " as a name or an integer" + (" or an array of names" if info.get("hint", 0) == PROPERTY_HINT_FLAGS else "")
			return "an integer"
		TYPE_FLOAT:
			return "a number"
		TYPE_BOOL:
			return "true or false"
		TYPE_STRING, TYPE_STRING_NAME:
			return "a string"
		TYPE_NODE_PATH:
			return "a node path string"
		TYPE_OBJECT:
			if info.get("hint", 0) == PROPERTY_HINT_NODE_TYPE:
				return "a node path to a %s" % name
			return "a %s as a res:// path, {\"class\": \"%s\", ...properties} for a new one, or \"\" or null for none" % [name, name]
		TYPE_RECT2, TYPE_RECT2I:
			return name + " as %s or {\"position\": [x, y], \"size\": [w, h]}" % _forms(name, ["x", "y", "w", "h"]).trim_suffix(
					" or {\"x\": x, \"y\": y, \"w\": w, \"h\": h}")
		TYPE_ARRAY, TYPE_DICTIONARY:
			return "an " + ("array" if t == TYPE_ARRAY else "object") + (" (%s)" % name if name != type_string(t) else "")
	if _PACKED.has(t):
		return "%s as an array of %s" % [name, type_string(_PACKED[t])]
	return "%s in Godot's text form, e.g. %s" % [name, var_to_str(type_convert(null, t))]


## The forms every vector-like value may take, the CLI's too: [x, y], "x,y", "(x, y)", "Vector2(x, y)", {"x": x, "y": y}.
static func _forms(name: String, keys: Array) -> String:
	var list := ", ".join(PackedStringArray(keys))
	var fields := ", ".join(PackedStringArray(keys.map(func(k: String) -> String: return "\"%s\": %s" % [k, k])))
	return "[%s], \"%s\", \"(%s)\", \"%s(%s)\" or {%s}" % [list, list.replace(" ", ""), list, name, list, fields]


static func _convert(v: Variant, info: Dictionary) -> Variant:
	var t: int = info.get("type", TYPE_NIL)
	var hint: int = info.get("hint", PROPERTY_HINT_NONE)
	match t:
		TYPE_NIL:
			return v  # declared as Variant: anything goes
		TYPE_BOOL:
			if v is bool:
				return v
		TYPE_INT:
			if hint in [PROPERTY_HINT_ENUM, PROPERTY_HINT_FLAGS]:
				return _enum(v, info)
			if BridgeNumbers.is_integral(v):
				return int(v)
		TYPE_FLOAT:
			if BridgeNumbers.is_number(v):
				return float(v)
		TYPE_STRING:
			if v is String or v is StringName:
				return str(v)
		TYPE_STRING_NAME:
			if v is String or v is StringName:
				return StringName(v)
		TYPE_NODE_PATH:
			if v is String or v is NodePath:
				return NodePath(v)
		TYPE_COLOR:
			var c: Variant = BridgeParams.parse_color(v)
			if c != null:
				return c
		TYPE_OBJECT:
			return _object(v, info)
		TYPE_DICTIONARY:
			if v is Dictionary:
				return v
		TYPE_ARRAY:
			return _array(v, info)
		TYPE_RECT2, TYPE_RECT2I:
			var r: Variant = BridgeNumbers.rect(v, t == TYPE_RECT2I)
			if r != null:
				return r
	if BridgeNumbers.VECTORS.has(t):
		var n: Variant = BridgeNumbers.numbers(v, BridgeNumbers.VECTORS[t], t in [TYPE_VECTOR2I, TYPE_VECTOR3I,
				TYPE_VECTOR4I])
		if n != null:
			return BridgeNumbers.vector(n, t)
	elif _PACKED.has(t) and v is Array:
		var items: Array = []
		for x: Variant in v:
			var item: Variant = _convert(x, {"type": _PACKED[t]})
			if is_instance_of(item, BridgeRefused) or is_instance_of(item, BridgeError):
				return BridgeRefused.new("element %s is not a %s" % [JSON.stringify(x), type_string(_PACKED[t])])
			items.append(item)
		return type_convert(items, t)
	elif v is String and not t in [TYPE_BOOL, TYPE_INT, TYPE_FLOAT, TYPE_COLOR, TYPE_OBJECT, TYPE_ARRAY, TYPE_DICTIONARY]:
		var parsed: Variant = str_to_var(v)  # Transform2D(...), AABB(...): the form results use
		if typeof(parsed) == t:
			return parsed
	return BridgeRefused.new()


## Enum and flag names from the hint string ("A,B:4,C"), normalised for matching, → their values.
static func _enum_values(info: Dictionary) -> Dictionary:
	var out := {}
	var next := 0 if info.get("hint", 0) == PROPERTY_HINT_ENUM else 1
	for item in str(info.get("hint_string", "")).split(",", false):
		var parts := item.split(":")
		var value := int(parts[1]) if parts.size() > 1 else next
		out[parts[0].strip_edges()] = value
		next = value + 1 if info.get("hint", 0) == PROPERTY_HINT_ENUM else value * 2
	return out


static func _enum(v: Variant, info: Dictionary) -> Variant:
	var values := _enum_values(info)
	var flags: bool = info.get("hint", 0) == PROPERTY_HINT_FLAGS
	if BridgeNumbers.is_integral(v):
		if flags or values.is_empty() or int(v) in values.values():
			return int(v)
		return BridgeRefused.new("not one of the enum's values")
	if flags and v is Array:
		var mask := 0
		for item: Variant in v:
			var bit: Variant = _enum(item, info)
			if is_instance_of(bit, BridgeRefused):
				return bit
			mask |= int(bit)
		return mask
	if not (v is String or v is StringName):
		return BridgeRefused.new()
	var want := _norm(str(v))
	var prefix := _norm(info.get("name", ""))
	for name: String in values:
		# "Nearest", or the constant's name, which starts with the property's: TEXTURE_FILTER_NEAREST.
		if _norm(name) == want or prefix + _norm(name) == want:
			return values[name]
	var cls: String = info.get("class_name", "")
	if cls.contains("."):
		var owner_class := cls.get_slice(".", 0)
		if ClassDB.class_exists(owner_class):
			for constant in ClassDB.class_get_enum_constants(owner_class, cls.get_slice(".", 1)):
				if _norm(constant) == want:
					return ClassDB.class_get_integer_constant(owner_class, constant)
	return BridgeRefused.new("unknown name")


static func _norm(s: String) -> String:
	return s.to_lower().replace(" ", "").replace("_", "").replace("-", "")


static func _object(v: Variant, info: Dictionary) -> Variant:
	var hint: int = info.get("hint", PROPERTY_HINT_NONE)
	var wanted := type_name(info)
	if v == null or (v is String and v == ""):
		return null
	if hint == PROPERTY_HINT_NODE_TYPE:
		if not v is String:
			return BridgeRefused.new()
		var node: Variant = BridgeSceneNodes.resolve(v, info.get("scene_root"))  # the holder's scene (scene_access.coerce)
		if is_instance_of(node, BridgeError):
			return node
		return node if _is_a(node, wanted) else BridgeRefused.new("%s is a %s" % [v, node.get_class()])
	var res: Resource = null
	if v is String and (v.begins_with("res://") or v.begins_with("uid://")):
		if not ResourceLoader.exists(v):
			return BridgeError.not_found("'%s' expects a %s, and there is no resource at %s" % [info.get("name", ""), wanted, v],
					{"path": v})
		res = load(v)
	elif v is Dictionary and v.has("path") and str(v.path) != "":
		return _object(str(v.path), info)
	elif v is Dictionary and v.has("class"):
		var made: Variant = _new_resource(v)
		if not made is Resource:
			return made
		res = made
	else:
		return BridgeRefused.new()
	if res == null or not _is_a(res, wanted):
		return BridgeRefused.new("%s is a %s" % [JSON.stringify(v), res.get_class() if res else "resource that failed to load"])
	return res


## {"class": "CircleShape2D", "radius": 8}: a new resource with those properties, each coerced;
## or what refuses it.
static func _new_resource(v: Dictionary) -> Variant:
	var made: Variant = BridgeClassTypes.make(str(v["class"]), "Resource", "class")  # engine class or class_name
	if is_instance_of(made, BridgeError):
		return BridgeRefused.new("%s is not a resource class that can be created: %s" % [JSON.stringify(v["class"]), made.message])
	var res: Resource = made
	for key: String in v:
		if key == "class":
			continue
		var info: Variant = BridgeSceneNodes.property_info(res, key)
		var value: Variant = coerce(v[key], info) if info is Dictionary else info
		if is_instance_of(value, BridgeError):
			return value
		res.set(key, value)
	return res


static func _is_a(obj: Object, wanted: String) -> bool:
	if wanted in ["", "Object", "Resource", "Node"]:
		return true
	for cls in wanted.split(",", false):
		if BridgeClassTypes.is_of(obj, cls.strip_edges()):  # a class_name's subclasses count too
			return true
	return false


static func _array(v: Variant, info: Dictionary) -> Variant:
	if not v is Array:
		return BridgeRefused.new()
	var hs: String = info.get("hint_string", "")
	if info.get("hint", 0) != PROPERTY_HINT_ARRAY_TYPE or hs == "":
		return v
	var element := _element_info(hs)
	if info.has("scene_root"):  # node elements are looked up in the same scene as the array's holder
		element["scene_root"] = info.scene_root
	var items: Array = []
	for x: Variant in v:
		var item: Variant = _convert(x, element)
		if is_instance_of(item, BridgeRefused) or is_instance_of(item, BridgeError):
			return BridgeRefused.new("element %s is not a %s" % [JSON.stringify(x), type_name(element)])
		items.append(item)
	var et: int = element.type
	var cls: StringName = element.get("class_name", &"") if et == TYPE_OBJECT else &""
	return Array(items, et, cls, null)


## The property info of an array's elements from its hint string: "int", "Texture2D" or "24/17:Texture2D".
static func _element_info(hs: String) -> Dictionary:
	if hs.contains(":") and hs.get_slice(":", 0).get_slice("/", 0).is_valid_int():
		var head := hs.get_slice(":", 0)
		var sub := hs.substr(head.length() + 1)
		var t := int(head.get_slice("/", 0))
		var hint := int(head.get_slice("/", 1)) if head.contains("/") else PROPERTY_HINT_NONE
		return {"type": t, "hint": hint, "hint_string": sub, "class_name": sub if t == TYPE_OBJECT else ""}
	for t in TYPE_MAX:
		if type_string(t) == hs:
			return {"type": t}
	return {"type": TYPE_OBJECT, "hint": PROPERTY_HINT_RESOURCE_TYPE if ClassDB.is_parent_class(hs, "Resource") else
			PROPERTY_HINT_NODE_TYPE, "hint_string": hs, "class_name": hs}
