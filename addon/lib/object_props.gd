@tool
extends RefCounted
## Property dictionaries from JSON applied to any object (node or resource): every value coerced against
## the property's declared type first, so a bad name or value refuses the whole set before anything changes.
## `const ObjectProps := preload("../../lib/object_props.gd")`.

const BridgeError := preload("../core/bridge_error.gd")
const SceneAccess := preload("scene_access.gd")


## {name: coerced value} for every entry of `props`, or the first BridgeError (prefixed with `method`).
static func coerce_all(obj: Object, props: Dictionary, method: String) -> Variant:
	var out := {}
	for key: Variant in props:
		var info: Variant = SceneAccess.property_info(obj, str(key))
		if info is BridgeError:
			info.message = "%s: %s" % [method, info.message]
			return info
		if info.usage & PROPERTY_USAGE_READ_ONLY:
			return BridgeError.failed("%s: %s.%s is read-only" % [method, obj.get_class(), key], {"property": key})
		var value: Variant = SceneAccess.coerce(props[key], info)
		if value is BridgeError:
			value.message = "%s: %s" % [method, value.message]
			return value
		out[str(key)] = value
	return out


## Sets coerced `props` straight on an object that is not in the scene yet; null or the first BridgeError.
static func apply_new(obj: Object, props: Dictionary, method: String) -> Variant:
	var values: Variant = coerce_all(obj, props, method)
	if values is BridgeError:
		return values
	for key: String in values:
		obj.set(key, values[key])
	return null


## Adds do/undo property changes for already coerced `values` on an object of the scene to an open action.
static func add_ops(ur: EditorUndoRedoManager, obj: Object, values: Dictionary) -> void:
	for key: String in values:
		ur.add_do_property(obj, key, values[key])
		ur.add_undo_property(obj, key, obj.get(key))


## The current values of `names` on `obj`, read back after a change.
static func read(obj: Object, names: Array) -> Dictionary:
	var out := {}
	for key: Variant in names:
		out[str(key)] = obj.get(str(key))
	return out
