@tool
extends RefCounted
## JSON as the MCP endpoint writes it: JsonValue.stringify (control characters escaped), with every whole
## number written as an integer. Godot's JSON parser reads every number as a float and JSON.stringify writes
## 42.0 back; `bridge serve` (JavaScript) writes 42, so the two transports would say the same value two ways.

const BridgeJsonValue := preload("../core/json_value.gd")

## Beyond 2^53 a float no longer holds every integer: such values stay as they are.
const EXACT := 9007199254740992.0


static func stringify(value: Variant) -> String:
	return BridgeJsonValue.stringify(integral(value))


## `value` with whole, finite floats turned into ints (in nested arrays and dictionaries too).
static func integral(value: Variant) -> Variant:
	match typeof(value):
		TYPE_FLOAT:
			var f: float = value
			return int(f) if is_finite(f) and f == floorf(f) and absf(f) < EXACT else f
		TYPE_ARRAY:
			var out: Array = []
			for v: Variant in value:
				out.append(integral(v))
			return out
		TYPE_DICTIONARY:
			var d := {}
			for k: Variant in value:
				d[k] = integral(value[k])
			return d
	return value
