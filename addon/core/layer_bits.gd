@tool
extends RefCounted
## 32-bit layer masks (physics collision layers and masks, navigation layers, render layers) written the
## way people think of them: layer numbers 1..32, the names given in Project Settings → Layer Names, or a
## raw integer mask; and decoded back to numbers and names.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeParams := preload("../core/params.gd")

## Kinds, as in the project settings "layer_names/<kind>/layer_N".
const KINDS := ["2d_physics", "3d_physics", "2d_navigation", "3d_navigation", "2d_render", "3d_render"]


## The project's name for layer `n` (1-based) of `kind`, or "".
static func layer_name(kind: String, n: int) -> String:
	var key := "layer_names/%s/layer_%d" % [kind, n]
	return str(ProjectSettings.get_setting(key, "")) if ProjectSettings.has_setting(key) else ""


## A mask from an int mask, a layer number, a name, or an array of layer numbers and names; or a BridgeError.
static func parse(value: Variant, kind: String, param: String) -> Variant:
	if (value is int or value is float) and not value is bool:
		if float(value) != floorf(float(value)) or value < 0 or value > 0xFFFFFFFF:
			return BridgeError.invalid("'%s' must be a mask between 0 and 4294967295, got %s" % [param, value], {"param": param})
		return int(value)
	var items: Array = value if value is Array else [value]
	var mask := 0
	for item: Variant in items:
		var bit: Variant = _layer(item, kind, param)
		if bit is BridgeError:
			return bit
		mask |= 1 << (int(bit) - 1)
	return mask


## [{layer, name}] for every bit set in `mask`.
static func decode(mask: int, kind: String) -> Array:
	var out: Array = []
	for n in range(1, 33):
		if mask & (1 << (n - 1)):
			out.append({"layer": n, "name": layer_name(kind, n)})
	return out


## Applies `mode` (set, add, remove) of `bits` to `current`.
static func combine(current: int, bits: int, mode: String) -> int:
	match mode:
		"add":
			return current | bits
		"remove":
			return current & ~bits
	return bits


static func _layer(item: Variant, kind: String, param: String) -> Variant:
	if (item is int or item is float) and not item is bool:
		if float(item) == floorf(float(item)) and item >= 1 and item <= 32:
			return int(item)
		return BridgeError.invalid("'%s': layer numbers run 1..32, got %s" % [param, item], {"param": param})
	if item is String:
		if item.is_valid_int() and int(item) >= 1 and int(item) <= 32:
			return int(item)
		var names: Array = []
		for n in range(1, 33):
			var name := layer_name(kind, n)
			if name != "":
				names.append(name)
				if name.to_lower() == item.to_lower():
					return n
		var guess := BridgeParams.did_you_mean(item, names)
		return BridgeError.invalid("'%s': no %s layer is named '%s'%s" % [param, kind, item,
				(" (did you mean '%s'?)" % guess) if guess != "" else ("; named layers: %s" % ", ".join(PackedStringArray(names))
				if not names.is_empty() else "; name layers with physics.layer_names or use numbers 1..32")],
				{"param": param, "suggestion": guess})
	return BridgeError.invalid("'%s' must be a mask, a layer number 1..32, a layer name or an array of them, got %s" % [param,
			JSON.stringify(item)], {"param": param})
