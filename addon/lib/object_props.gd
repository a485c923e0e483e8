@tool
extends RefCounted
## Property dictionaries from JSON applied to any object (node or resource): every value coerced against
## the property's declared type first, so a bad name or value refuses the whole set before anything changes.
## `const BridgeObjectProps := preload("../../lib/object_props.gd")`.

const BridgeError := preload("../core/bridge_error.gd")
const BridgeSceneAccess := preload("scene_access.gd")
const BridgePropertyPath := preload("property_path.gd")


## {name: coerced value} for every entry of `props`, or the first BridgeError (prefixed with `method`).
## Each value is tried and read back (PropertyPath.verified): one the engine does not keep is refused.
static func coerce_all(obj: Object, props: Dictionary, method: String) -> Variant:
	return BridgePropertyPath.verified(obj, props, method)


## Sets `props` on an object that is not in the scene yet, each value read back (PropertyPath.apply_new);
## null or the first BridgeError.
static func apply_new(obj: Object, props: Dictionary, method: String) -> Variant:
	return BridgePropertyPath.apply_new(obj, props, method)


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
