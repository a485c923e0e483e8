@tool
extends RefCounted
## The parameter kinds that turn a checked JSON value into what the handler works with, beside the
## scene-node kinds of core/param_kinds.gd (which resolves them all, in declaration order):
##   kind "vector"  [x, y] or [x, y, z] → Vector2 / Vector3. `dim` 2 or 3 fixes the dimension; `dim_of`
##                  names another parameter (a node, a vector declared before, a "2d"/"3d" choice) whose dimension it must
##                  have; with neither, either dimension is taken.
##   kind "layers"  a 32-bit layer mask written as a mask, a layer number 1..32, a layer name from Project
##                  Settings → Layer Names, or an array of numbers and names → int. `layers` is "physics",
##                  "navigation" or "render"; the names are the 2D or 3D ones by `dim` / `dim_of` (3D when
##                  neither says).
##   kind "file"    a res:// (or user://) file path: `extensions` it must end in; `exists` true: the file must
##                  be there (and load as `class` when given; `what` names it: "no image at …"); false: a file
##                  to be made, refused when it exists unless the parameter named by `overwrite` (default
##                  "overwrite") is true; absent: either.
##   kind "lookup"  a name the command's own group resolves (an animation of a player, an audio bus): the
##                  group's `lookups()[spec.lookup]` is called with (value, spec.name, params) and returns
##                  the resolved value or a BridgeError.
##   kind "class"   a class name: an engine class or a project class_name (@tool or not) that is `base` or
##                  inherits it (core/class_types.gd, the one resolver every type-taking parameter uses);
##                  `creatable`: abstract ones refused; `or_scene`: a res:// path is taken as a scene to place.

const BridgeError := preload("bridge_error.gd")
const BridgeLayerBits := preload("layer_bits.gd")
const BridgeClassTypes := preload("class_types.gd")

const KINDS := ["vector", "layers", "file", "lookup", "class"]
const LAYER_KINDS := ["physics", "navigation", "render"]


## The value of `spec`'s parameter resolved by its kind, or a BridgeError naming the parameter.
## `params` holds the parameters resolved so far (nodes as Nodes, earlier vectors as vectors).
static func resolve(spec: Dictionary, params: Dictionary, group: Object) -> Variant:
	var value: Variant = params[spec.name]
	match spec.kind:
		"vector":
			return _vector(spec, value, dimension(spec, params))
		"layers":
			var dim := dimension(spec, params)
			var bits: Variant = BridgeLayerBits.parse(value, "%dd_%s" % [3 if dim == 0 else dim, spec.layers],
					spec.name)
			return bits
		"file":
			return _file(spec, str(value), params)
		"lookup":
			var lookups: Dictionary = group.call("lookups") if group != null and group.has_method("lookups") else {}
			if not lookups.has(spec.lookup):
				return BridgeError.new(BridgeError.INTERNAL_ERROR,
						"parameter '%s' declares the lookup '%s', which its group does not register" % [spec.name, spec.lookup],
						{"param": spec.name})
			var found: Variant = lookups[spec.lookup].call(value, spec.name, params)
			if found is BridgeError:  # a group's message names what it looked for; the parameter is named here
				found.data["param"] = spec.name
				found.message = "parameter '%s': %s" % [spec.name, found.message]
			return found
		"class":
			if str(value) == "" and not spec.get("required", false):
				return value  # an optional filter left empty: any class
			if spec.get("or_scene", false) and (str(value).begins_with("res://") or str(value).begins_with("uid://")):
				return value
			var cls: Variant = BridgeClassTypes.find(str(value), spec.base, spec.get("creatable", false), spec.name)
			if cls is BridgeError:  # the resolver says what is wrong with the name; the parameter is named here
				cls.message = "parameter '%s': %s" % [spec.name, cls.message]
				return cls
			return value
	return value


## 2 or 3 from the spec's `dim` or the dimension of the parameter `dim_of` names (a node, a vector, or a
## choice "2d"/"3d" or a class name ending in 2D/3D); 0 when unknown.
static func dimension(spec: Dictionary, params: Dictionary) -> int:
	if spec.has("dim"):
		return int(spec.dim)
	var other: Variant = params.get(spec.get("dim_of", ""))
	if other is Array and not other.is_empty():  # a list of nodes: the first one's
		other = other[0]
	if other is Vector3 or other is Node3D or (other is String and other.to_lower().ends_with("3d")):
		return 3
	if other is Vector2 or other is CanvasItem or (other is String and other.to_lower().ends_with("2d")):
		return 2
	return 0


static func _vector(spec: Dictionary, value: Variant, dim: int) -> Variant:
	var numbers: bool = value is Array and value.all(func(x: Variant) -> bool: return (x is int or x is float) and not x is bool)
	if numbers and value.size() in ([dim] if dim != 0 else [2, 3]):
		return Vector2(value[0], value[1]) if value.size() == 2 else Vector3(value[0], value[1], value[2])
	if dim == 0:
		return BridgeError.invalid("parameter '%s' must be [x, y] (2D) or [x, y, z] (3D), got %s" % [spec.name,
				JSON.stringify(value)], {"param": spec.name, "dimension": dim})
	var why := ("'%s' is %dD" % [spec.dim_of, dim]) if spec.has("dim_of") else ("it is %dD" % dim)
	return BridgeError.invalid("parameter '%s' must have %d numbers (%s), got %s" % [spec.name, dim, why,
			JSON.stringify(value)], {"param": spec.name, "dimension": dim})


static func _file(spec: Dictionary, path: String, params: Dictionary) -> Variant:
	var extensions: Array = spec.get("extensions", [])
	var named := "parameter '%s'" % spec.name
	if not (path.begins_with("res://") or path.begins_with("user://")):
		return BridgeError.invalid("%s must be a res:// path, got '%s'" % [named, path], {"param": spec.name})
	if not extensions.is_empty() and not path.get_extension().to_lower() in extensions:
		return BridgeError.invalid("%s must end in .%s, got '%s'" % [named, ", .".join(PackedStringArray(extensions)), path],
				{"param": spec.name, "extensions": extensions})
	var there := FileAccess.file_exists(path) or ResourceLoader.exists(path)
	var exists: Variant = spec.get("exists")
	if exists == true:
		var what: String = spec.get("what", "file")
		if not there:
			return BridgeError.not_found("%s: no %s at %s" % [named, what, path], {"param": spec.name, "path": path})
		if spec.has("class"):
			var res: Resource = ResourceLoader.load(path)
			if res == null or not res.is_class(spec.class):
				return BridgeError.not_found("%s: no %s at %s (it holds %s, not a %s)" % [named, what, path,
						res.get_class() if res else "nothing the engine can load", spec.class], {"param": spec.name, "path": path})
	elif exists == false and there and params.get(spec.get("overwrite", "overwrite"), false) != true:
		return BridgeError.failed("%s: %s already exists; pass %s: true to replace it" % [named, path, spec.get("overwrite", "overwrite")],
				{"param": spec.name, "path": path})
	return path
