@tool
extends RefCounted
## Numbers, vectors and rects from JSON or from text as a shell gives it, for value_coercion.gd:
## [x, y], {"x": x, "y": y}, "1,2", "(1, 2)" and "Vector2(1, 2)" all read the same. Each function returns
## the value, or null when the input does not fit.

const BridgeParams := preload("../core/params.gd")

## Vector-like types → how many numbers they take.
const VECTORS := {
	TYPE_VECTOR2: 2, TYPE_VECTOR2I: 2, TYPE_VECTOR3: 3, TYPE_VECTOR3I: 3,
	TYPE_VECTOR4: 4, TYPE_VECTOR4I: 4, TYPE_QUATERNION: 4,
}


static func is_number(v: Variant) -> bool:
	return (v is int or v is float) and not v is bool and is_finite(float(v))


static func is_integral(v: Variant) -> bool:
	return is_number(v) and float(v) == floorf(float(v))


## [x, y(, z, w)], {"x": …, "y": …} or text as a shell gives it ("1,2", "(1, 2)", "Vector2(1, 2)"):
## the numbers, or null.
static func numbers(v: Variant, count: int, integral: bool) -> Variant:
	var keys := ["x", "y", "z", "w"].slice(0, count)
	var out: Array = []
	if v is String:
		v = number_text(v)
	if v is Array and v.size() == count:
		out = v
	elif v is Dictionary and v.size() == count and keys.all(func(k: String) -> bool: return v.has(k)):
		out = keys.map(func(k: String) -> Variant: return v[k])
	else:
		return null
	for x: Variant in out:
		if not (is_integral(x) if integral else is_number(x)):
			return null
	return out.map(func(x: Variant) -> Variant: return int(x) if integral else float(x))


static func number_text(text: String) -> Variant:
	var inner := text.strip_edges()
	var open := inner.find("(")
	if open > 0 and inner.substr(0, open).is_valid_ascii_identifier():
		inner = inner.substr(open)  # Vector2(1, 2) → (1, 2)
	inner = inner.trim_prefix("(").trim_suffix(")").trim_prefix("[").trim_suffix("]")
	var out: Array = []
	for part in inner.replace(",", " ").split(" ", false):
		var x: Variant = BridgeParams.float_text(part)
		if x == null:
			return null
		out.append(x)
	return out


static func vector(n: Array, t: int) -> Variant:
	match t:
		TYPE_VECTOR2: return Vector2(n[0], n[1])
		TYPE_VECTOR2I: return Vector2i(n[0], n[1])
		TYPE_VECTOR3: return Vector3(n[0], n[1], n[2])
		TYPE_VECTOR3I: return Vector3i(n[0], n[1], n[2])
		TYPE_VECTOR4: return Vector4(n[0], n[1], n[2], n[3])
		TYPE_VECTOR4I: return Vector4i(n[0], n[1], n[2], n[3])
	return Quaternion(n[0], n[1], n[2], n[3])


static func rect(v: Variant, integral: bool) -> Variant:
	var n: Variant = null
	if v is Dictionary and v.size() == 2 and v.has("position") and v.has("size"):
		var pos: Variant = numbers(v.position, 2, integral)
		var size: Variant = numbers(v.size, 2, integral)
		if pos != null and size != null:
			n = pos + size
	else:
		n = numbers(v, 4, integral)
	if n == null:
		return null
	return Rect2i(n[0], n[1], n[2], n[3]) if integral else Rect2(n[0], n[1], n[2], n[3])
